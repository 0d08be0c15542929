/**
 * The cart's client pieces that load on first use (see app/cart/popup-host.tsx):
 * re-exported by the cart route's module, whose URL the layout knows.
 */
export { default as CartPopup } from "./cart-popup";
export { default as MiniCart } from "./mini-cart";
