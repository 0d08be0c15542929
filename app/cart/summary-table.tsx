import { useI18n } from "~/i18n/use-i18n";
import type { CartView } from "./cart.server";

/** The cart's sums: on the cart page beside its forms, and on the checkout's last step without them. */
export function SummaryTable({ view }: { view: CartView }) {
  const { t, price } = useI18n();
  const s = view.summary;
  const row = (label: string, value: string, testId: string) => (
    <div className="summary__row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="summary" data-testid="cart-summary">
      {row(t("cart:goods", { count: s.quantity }), price(s.nominal), "summary-goods")}
      {s.discount > 0 ? row(t("cart:discount"), `−${price(s.discount)}`, "summary-discount") : null}
      {s.clubCardDiscount > 0 ? row(t("cart:clubDiscount"), `−${price(s.clubCardDiscount)}`, "summary-club") : null}
      {s.couponsAmount > 0 ? row(t("cart:promoDiscount"), `−${price(s.couponsAmount)}`, "summary-coupons") : null}
      {s.bonusDiscountAmount > 0 ? row(t("cart:bonusDiscount"), `−${price(s.bonusDiscountAmount)}`, "summary-bonuses") : null}
      {row(t("cart:subtotal"), price(s.subtotal), "summary-subtotal")}
      {row(t("cart:delivery"), s.delivery ? (s.deliveryCost === 0 ? t("cart:free") : price(s.deliveryCost)) : t("cart:deliveryNotChosen"), "summary-delivery")}
      <div className="summary__row summary__row--total" data-testid="summary-total">
        <dt>{t("cart:total")}</dt>
        <dd>{price(s.total)}</dd>
      </div>
    </dl>
  );
}
