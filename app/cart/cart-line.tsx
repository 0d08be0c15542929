import { ClubBadge, Price } from "~/ui/price";
import { useI18n } from "~/i18n/use-i18n";
import { useHydrated } from "~/ui/hydrated";
import { pictureProps } from "~/ui/picture";
import { showCartPopup } from "./store";
import { pushEcommerce as track, type EcommerceItem } from "./analytics";
import type { CartLine } from "./cart.server";
import { CartError, CartForm, type Failure, failedSku } from "./cart-form";

export function Line({ line, analytics, failure }: { line: CartLine; analytics: EcommerceItem; failure: Failure | null }) {
  const { t, href, price } = useI18n();
  const atLimit = line.stock > 0 && line.quantity === line.stock;
  const limitId = `cart-line-limit-${line.skuId}`;
  const hydrated = useHydrated();
  const sameLine = (f: Failure) => failedSku(f) === String(line.skuId);
  const removing = (event: React.FormEvent<HTMLFormElement>) => {
    const intent = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
    // A popup closes when a cart line is removed.
    if (intent !== "increment") showCartPopup(null);
    if (intent === "decrement") track("remove_from_cart", [{ ...analytics, quantity: 1 }]);
    if (intent === "delete" || intent === "move-to-favourites") track("remove_from_cart", [analytics]);
  };
  return (
    <li className="cart-line" data-testid="cart-line" data-sku={line.skuId}>
      {line.image ? (
        <img className="cart-line__image" src={line.image} {...pictureProps(line.image, "thumb")} width={90} height={120} alt="" loading="lazy" />
      ) : null}
      <div className="cart-line__info">
        <p className="cart-line__brand">{line.brand}</p>
        <a href={href(`/product/${line.slug}`)} className="cart-line__name" data-testid="cart-line-name">
          {line.name}
        </a>
        <p>
          {t("cart:color")}: {line.color}
        </p>
        {line.inClub ? <ClubBadge /> : null}
        <CartForm intents={["change-size"]} failure={failure} match={sameLine} className="cart-line__size">
          {({ error, submit }) => (
            <>
              <input type="hidden" name="purchasableId" value={line.skuId} />
              <label>
                {t("cart:size")}{" "}
                <select
                  name="newPurchasableId"
                  defaultValue={line.skuId}
                  key={line.skuId}
                  data-testid="cart-line-size"
                  onChange={(e) => submit(e.currentTarget.form)}
                >
                  {line.sizes.map((s) => (
                    <option key={s.id} value={s.id} disabled={s.stock === 0 && s.id !== line.skuId}>
                      {s.stock === 0 && s.id !== line.skuId ? `${s.size} — ${t("cart:soldOut")}` : s.size}
                    </option>
                  ))}
                </select>
              </label>
              <input type="hidden" name="intent" value="change-size" />
              {/* With JavaScript the size applies as it is chosen. */}
              <button type="submit" className="button button--ghost button--small" data-testid="cart-line-size-apply" hidden={hydrated}>
                {t("cart:changeSize")}
              </button>
              <CartError error={error} testId="cart-line-error" />
            </>
          )}
        </CartForm>
      </div>
      {line.quantity > line.stock ? (
        <p className="cart-line__stock alert alert--error" data-testid="cart-line-stock">
          {line.stock === 0 ? t("cart:stockGone") : t("cart:stockLow", { stock: line.stock })}
        </p>
      ) : null}
      <div className="cart-line__price">
        {line.salePrice > 0 ? <Price firstPrice={line.firstPrice * line.quantity} salePrice={line.salePrice * line.quantity} /> : null}
        {/* Several of one item: the line's total, and what one costs. */}
        {line.salePrice > 0 && line.quantity > 1 ? (
          <p className="cart-line__unit" data-testid="cart-line-unit">
            {t("cart:unitPrice", { price: price(line.salePrice) })}
          </p>
        ) : null}
      </div>
      <CartForm
        intents={["increment", "decrement", "delete", "move-to-favourites"]}
        failure={failure}
        match={sameLine}
        className="cart-line__actions"
        onSubmit={removing}
      >
        {({ error }) => (
          <>
            <input type="hidden" name="purchasableId" value={line.skuId} />
            <input type="hidden" name="quantity" value={line.quantity} />
            {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would bring its own border and legend rules into the line's layout; the role groups − / quantity / + the same */}
            <div className="quantity" role="group" aria-label={t("cart:quantity")}>
              <button
                type="submit"
                name="intent"
                value="decrement"
                className="quantity__button"
                aria-label={t("cart:decrement")}
                data-testid="cart-line-decrement"
              >
                −
              </button>
              <output className="quantity__value" data-testid="cart-line-quantity">
                {line.quantity}
              </output>
              <button
                type="submit"
                name="intent"
                value="increment"
                className="quantity__button"
                aria-label={t("cart:increment")}
                disabled={line.quantity >= line.stock}
                aria-describedby={atLimit ? limitId : undefined}
                title={atLimit ? t("cart:stockLimit", { stock: line.stock }) : undefined}
                data-testid="cart-line-increment"
              >
                +
              </button>
            </div>
            {/* Why "+" is greyed out: the line holds all the size's stock. */}
            {atLimit ? (
              <p className="cart-line__limit" id={limitId} data-testid="cart-line-limit">
                {t("cart:stockLimit", { stock: line.stock })}
              </p>
            ) : null}
            <button type="submit" name="intent" value="delete" className="link-button" data-testid="cart-line-remove">
              {t("cart:remove")}
            </button>
            <button type="submit" name="intent" value="move-to-favourites" className="link-button" data-testid="cart-line-favourite">
              {t("cart:moveToFavourites")}
            </button>
            <CartError error={error} testId="cart-line-error" />
          </>
        )}
      </CartForm>
    </li>
  );
}
