export { AddToCartForm } from "./add-to-cart";
export { type EcommerceItem, ecommerceItem, firstTime, pushEcommerce } from "./analytics";
export { CartPage } from "./cart-page";
export { CartPopup, MiniCart } from "./cart-ui";
export { checkoutAllowed, checkoutMaxItems } from "./checkout-limit";
export type { CartPopupData } from "./popup";
export { CartPopupHost, CartUiContext, MiniCartAnchor, useCartPendingDelta } from "./popup-host";
export { apiCartSchema, recalculateSchema } from "./schema";
export { SummaryTable } from "./summary-forms";
