/**
 * What the cart popup shows.
 * The same data drives the overlay (JavaScript) and the page section after a
 * redirect (no JavaScript, from the flash: `setFlash`).
 */
export type CartPopupData = {
  status: boolean;
  /** Error code: size_required, is_out_of_stock, not_enough_stock, unknown_product, price_hidden, quantity, max_products_checkout_count. */
  code: string | null;
  /**
   * A key of the common namespace (cartPopup.*) and its values; in the JSON
   * API's answers, the text itself (`popupJson`). `t()` gives text that is not
   * a key back unchanged, so the popup shows either.
   */
  message: string;
  vars?: Record<string, string | number>;
  product: {
    id: number;
    slug: string;
    name: string;
    brand: string;
    color: string;
    /** The chosen size, and every size in stock. */
    size: string | null;
    sizes: string[];
    firstPrice: number;
    salePrice: number;
    inClub: boolean;
    image: string | null;
  } | null;
  cart: { quantity: number; items: number; total: number };
  /** Tells one popup from the next (a new add shows again). */
  at: number;
};

export const POPUP_SUCCESS_MS = 3000;
/** How long a cart notice (`?notice=`, after a change on the cart page) stays with JavaScript. */
export const NOTICE_MS = 3000;
export const POPUP_ERROR_MS = 10_000;
/** The hover mini-cart closes this long after the pointer leaves. */
export const MINI_CART_CLOSE_MS = 1000;

/** The checkout-limit popup: status false, the item count and max_products_checkout_count. */
export function checkoutLimitPopup(cart: CartPopupData["cart"], max: number): CartPopupData {
  return {
    status: false,
    code: "max_products_checkout_count",
    message: "cartPopup.max_products_checkout_count",
    vars: { count: cart.items, max },
    product: null,
    cart,
    at: Date.now(),
  };
}
