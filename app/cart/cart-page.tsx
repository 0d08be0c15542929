import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
// In the cart's chunk, with the cart popup's dialog code (an import() here landed in every page's layout chunk).
import { openPopupContent } from "~/ui/popup-content";
import { ClosableNotice } from "~/ui/closable-notice";
import { pushEcommerce as track, type EcommerceItem } from "./analytics";
import type { CartView } from "./cart.server";
import type { Failure } from "./cart-form";
import { Line } from "./cart-line";
import { showCartPopup } from "./store";
import { checkoutLimitPopup, NOTICE_MS } from "./popup";
import { BonusesForm, DeliveryForm, type DeliveryTypeChoice, PromoForm } from "./summary-forms";
import { SummaryTable } from "./summary-table";

export type CartPageProps = {
  view: CartView;
  /** The delivery types by name while no city is chosen (their prices come with the city). */
  deliveryTypes: DeliveryTypeChoice[];
  /** The GA4 items of the lines, in order (made by the loader). */
  analytics: EcommerceItem[];
  maxItems: number;
  limitRefused: boolean;
  notice: string | null;
  signedIn: boolean;
  failure: Failure | null;
};

export function CartPage({ view, deliveryTypes, analytics, maxItems, limitRefused, notice, failure }: CartPageProps) {
  const { t, href } = useI18n();
  const { lines, summary } = view;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit of the page, not per change of the lines
  useEffect(() => {
    if (analytics.length) track("view_cart", analytics);
  }, []);
  // With JavaScript a notice goes after NOTICE_MS; a warning stays (it asks the shopper to choose again).
  // Each change brings its notice again, the same one too (a new location).
  const [noticeShown, setNoticeShown] = useState(notice);
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location's key is what tells one change from the next
  useEffect(() => {
    setNoticeShown(notice);
    if (!notice || notice === "deliveryTypeNotInCity") return;
    const timer = setTimeout(() => setNoticeShown(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, key]);
  // With JavaScript the explanations open in a popup from the loader; without, as their pages.
  const explain = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const link = event.currentTarget;
    void openPopupContent(link, t("info:close"));
  };
  const toCheckout = (event: React.MouseEvent) => {
    if (summary.items > maxItems) {
      event.preventDefault();
      showCartPopup(checkoutLimitPopup({ quantity: summary.quantity, items: summary.items, total: summary.total }, maxItems));
    }
  };
  return (
    <div className="cart-page">
      <h1>{t("cart:title")}</h1>
      {/* A refusal no form on this page shows (an add sent here without the product page). */}
      {failure && (failure.intent === "add" || failure.intent === null) ? (
        <ClosableNotice label={t("cart:closeNotice")}>
          <p className="alert alert--error" role="alert" data-testid="cart-error">
            {t(failure.error, failure.popup?.vars)}
          </p>
        </ClosableNotice>
      ) : null}
      {noticeShown ? (
        <ClosableNotice label={t("cart:closeNotice")} drop={["notice"]} onClose={() => setNoticeShown(null)}>
          <p className={noticeShown === "deliveryTypeNotInCity" ? "alert alert--warning" : "alert alert--success"} role="status" data-testid="cart-notice">
            {t(`cart:notices.${noticeShown}`)}
          </p>
        </ClosableNotice>
      ) : null}
      {lines.length === 0 ? (
        <div className="empty" data-testid="cart-empty">
          <p>{t("cart:empty")}</p>
          <a className="button" href={href("/store")}>
            {t("cart:toCatalogue")}
          </a>
        </div>
      ) : (
        <div className="cart-page__grid">
          <div>
            {summary.vendors > 1 ? (
              <p className="alert" data-testid="vendors-notice">
                {t("cart:severalVendors")}
              </p>
            ) : null}
            <ul className="cart-lines">
              {lines.map((l, i) => (
                <Line key={l.skuId} line={l} analytics={analytics[i]!} failure={failure} />
              ))}
            </ul>
          </div>
          <aside className="cart-page__side">
            <SummaryTable view={view} />
            {limitRefused ? (
              <p className="alert alert--error" role="alert" data-testid="checkout-limit">
                {t("cartPopup.max_products_checkout_count", { count: summary.items, max: maxItems })}
              </p>
            ) : null}
            {summary.items > maxItems ? (
              <p>
                <a href={href("/info/checkout-limit")} onClick={explain} data-testid="checkout-limit-info">
                  {t("info:checkoutLimit.link")}
                </a>
              </p>
            ) : null}
            <a className="button button--wide" href={href("/checkout")} onClick={toCheckout} data-testid="to-checkout">
              {t("cart:toCheckout")}
            </a>
            <PromoForm view={view} failure={failure} />
            <BonusesForm view={view} failure={failure} />
            <DeliveryForm view={view} types={deliveryTypes} failure={failure} />
            <p>
              <a href={href("/info/delivery")} onClick={explain} data-testid="delivery-info-link">
                {t("info:delivery.link")}
              </a>
            </p>
          </aside>
        </div>
      )}
    </div>
  );
}
