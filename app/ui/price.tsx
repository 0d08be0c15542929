import { useI18n } from "~/i18n/use-i18n";

/**
 * Price rules of the spec: salePrice 0 hides the price block; the old price is
 * shown only when salePrice differs from firstPrice.
 */
export function Price({ firstPrice, salePrice, large }: { firstPrice: number; salePrice: number; large?: boolean }) {
  const { t, price } = useI18n();
  if (salePrice === 0) return null;
  const onSale = salePrice < firstPrice;
  return (
    <p className={large ? "price price--large" : "price"} data-testid="price">
      <span className={onSale ? "price__now price__now--sale" : "price__now"}>{price(salePrice)}</span>
      {salePrice !== firstPrice ? (
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the card writer and the tests hold this markup.
        <s className="price__old" aria-label={t("price.old")}>
          {price(firstPrice)}
        </s>
      ) : null}
    </p>
  );
}

/** "-25%" when on sale, else nothing. */
export function SaleLabel({ firstPrice, salePrice }: { firstPrice: number; salePrice: number }) {
  if (salePrice === 0 || salePrice >= firstPrice) return null;
  return <span className="badge badge--sale">−{Math.round((1 - salePrice / firstPrice) * 100)}%</span>;
}

export function ClubBadge() {
  const { t } = useI18n();
  return (
    <span className="badge badge--club" title={t("badges.clubHint")}>
      {t("badges.club")}
    </span>
  );
}
