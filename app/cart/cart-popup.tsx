import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { useCartLayout } from "./layout";
import { showCartPopup } from "./store";
import { ClubBadge, Price } from "~/ui/price";
import { closeAnimated, openDialog } from "~/ui/dialog";
import { pictureProps } from "~/ui/picture";
import { checkoutLimitPopup, POPUP_ERROR_MS, POPUP_SUCCESS_MS, type CartPopupData } from "./popup";

/**
 * The cart popup after an add: success or error, the product, the cart total,
 * links to checkout and cart, continue shopping. As an overlay it closes
 * itself after 3000 ms (success) or 10000 ms (error), but not while the pointer
 * is over it or the focus is in it (WCAG 2.2.1: the timer starts again when they
 * leave); Escape closes it, and focus that was in it goes back to where it was
 * when the popup opened (the add button). Its message is a live region filled
 * after the popup appears, so screen readers announce it. As a page section (no
 * JavaScript) it stays until the next page.
 */
export default function CartPopup({ popup, overlay, onClose }: { popup: CartPopupData; overlay: boolean; onClose: () => void }) {
  const { t, href, price } = useI18n();
  const { pathname } = useLocation();
  const max = useCartLayout().maxItems;
  const [held, setHeld] = useState({ pointer: false, focus: false });
  // The message goes into its live region after the region is on the page: announced, not just present.
  const [announced, setAnnounced] = useState(!overlay);
  const section = useRef<HTMLElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // Every way it closes plays the closing animation first (app/ui/dialog.ts).
  const leave = useRef(() => {});
  leave.current = () => closeAnimated(backdrop.current, () => close.current());
  // A layout effect: its cleanup runs while the popup is still in the document (see openDialog).
  useLayoutEffect(() => {
    if (!overlay) return;
    const frame = requestAnimationFrame(() => setAnnounced(true));
    // Not modal: the page stays usable around it, so Tab may leave it (and the timer starts again).
    const closed = openDialog(section.current, () => leave.current());
    return () => {
      cancelAnimationFrame(frame);
      closed();
    };
  }, [overlay]);
  useEffect(() => {
    if (!overlay || held.pointer || held.focus) return;
    const timer = setTimeout(() => leave.current(), popup.status ? POPUP_SUCCESS_MS : POPUP_ERROR_MS);
    return () => clearTimeout(timer);
  }, [overlay, popup, held]);
  // A way out of the page while it is open (the header's cart link, above its backdrop) closes it.
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (overlay && pathname !== openedAt.current) leave.current();
  }, [overlay, pathname]);
  const p = popup.product;
  // No error popup on the cart page, which shows the error itself (the checkout limit's is the exception).
  if (!popup.status && pathname === href("/cart") && popup.code !== "max_products_checkout_count") return null;
  const toCheckout = (event: React.MouseEvent) => {
    // Over the checkout's item limit the click does not proceed; the limit popup shows instead.
    if (popup.cart.items > max) {
      event.preventDefault();
      showCartPopup(checkoutLimitPopup(popup.cart, max));
    }
  };
  const hold = (what: "pointer" | "focus", on: boolean) => setHeld((h) => (h[what] === on ? h : { ...h, [what]: on }));
  const content = (
    // biome-ignore lint/a11y/useKeyWithClickEvents: only keeps a click inside from reaching the backdrop
    <section
      ref={section}
      className={`cart-popup cart-popup--${popup.status ? "success" : "error"}${overlay ? " cart-popup--overlay" : ""}`}
      aria-label={t(popup.status ? "cartPopup.titleSuccess" : "cartPopup.titleError")}
      data-testid="cart-popup"
      data-status={popup.status ? "true" : "false"}
      // The overlay comes from the right, under the header's cart (app.css); the page section without JavaScript stays still.
      data-popup-from={overlay ? "right" : undefined}
      onClick={(e) => e.stopPropagation()}
      onPointerEnter={() => hold("pointer", true)}
      onPointerLeave={() => hold("pointer", false)}
      onFocus={() => hold("focus", true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) hold("focus", false);
      }}
    >
      <p className="cart-popup__title">{t(popup.status ? "cartPopup.titleSuccess" : "cartPopup.titleError")}</p>
      <p className="cart-popup__message" data-testid="cart-popup-message" role={popup.status ? "status" : "alert"}>
        {announced ? t(popup.message, popup.vars) : null}
      </p>
      {p ? (
        <div className="cart-popup__product">
          {p.image ? <img src={p.image} {...pictureProps(p.image, "thumb")} width={60} height={80} alt="" /> : null}
          <div>
            <p className="cart-popup__brand">{p.brand}</p>
            <a href={href(`/product/${p.slug}`)} data-testid="cart-popup-name">
              {p.name}
            </a>
            <p>
              {t("cartPopup.color")}: {p.color}
              {p.size ? ` · ${t("cartPopup.size")}: ${p.size}` : ""}
            </p>
            {p.sizes.length > 0 ? (
              <p className="cart-popup__sizes">
                {t("cartPopup.sizes")}: {p.sizes.join(", ")}
              </p>
            ) : null}
            <Price firstPrice={p.firstPrice} salePrice={p.salePrice} />
            {p.inClub ? <ClubBadge /> : null}
          </div>
        </div>
      ) : null}
      <p className="cart-popup__total">
        {t("cartPopup.total", { count: popup.cart.quantity })}: <strong data-testid="cart-popup-total">{price(popup.cart.total)}</strong>
      </p>
      <p className="cart-popup__actions">
        {popup.code === "max_products_checkout_count" ? null : (
          <a className="button" href={href("/checkout")} onClick={toCheckout} data-testid="cart-popup-checkout">
            {t("cartPopup.toCheckout")}
          </a>
        )}
        <a className="button button--ghost" href={href("/cart")} data-testid="cart-popup-cart">
          {t("cartPopup.toCart")}
        </a>
        {overlay ? (
          <button type="button" className="button button--ghost" onClick={() => leave.current()} data-testid="cart-popup-close">
            {t("cartPopup.continue")}
          </button>
        ) : (
          <a className="button button--ghost" href={pathname} data-testid="cart-popup-close">
            {t("cartPopup.continue")}
          </a>
        )}
      </p>
    </section>
  );
  if (!overlay) return content;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a pointer convenience; Escape and the popup's own Continue button close it for keyboards
    <div ref={backdrop} className="cart-popup__backdrop popup-backdrop" onClick={() => leave.current()}>
      {content}
    </div>
  );
}
