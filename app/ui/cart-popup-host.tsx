import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import type { CartPopupData } from "~/cart/popup";
import { useI18n } from "~/i18n/use-i18n";

// The popup's code loads when a popup is first shown (the product page's JS budget).
const CartPopup = lazy(() => import("~/cart/cart-popup"));

let current: CartPopupData | null = null;
const listeners = new Set<() => void>();

/** Shows the cart popup as an overlay (JavaScript), replacing any open one: one popup at a time. */
export function showCartPopup(popup: CartPopupData | null) {
  current = popup;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Add errors shown next to the size picker, never as a popup (spec §8: none for is_out_of_stock). */
export const INLINE_ADD_ERRORS = ["size_required", "is_out_of_stock"];

/**
 * The cart popup's place in the layout: the overlay after an add with
 * JavaScript, or the page section of the flash after a redirect (no
 * JavaScript), which stays until the next page.
 */
export function CartPopupHost({ flash }: { flash: CartPopupData | null }) {
  const live = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const { pathname, search } = useLocation();
  const onCart = pathname === useI18n().href("/cart");
  const [flashPage] = useState(pathname + search);
  // No error popup on the cart page (spec §8), but the checkout limit's.
  const visible = (p: CartPopupData | null) => p && !INLINE_ADD_ERRORS.includes(p.code ?? "") && (p.status || !onCart || p.code === "max_products_checkout_count");
  const popup = visible(live) ? live : visible(flash) && flashPage === pathname + search ? flash : null;
  if (!popup) return null;
  return (
    <Suspense fallback={null}>
      <CartPopup key={popup.at} popup={popup} overlay={popup === live} onClose={() => showCartPopup(null)} />
    </Suspense>
  );
}
