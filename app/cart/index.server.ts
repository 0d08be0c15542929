export { runCartAction } from "./actions.server";
export { addParseFailure } from "./line-actions.server";
export { cartInfoJson, failureMessage, itemsJson, jsonContext, popupJson, recalculationJson, summaryHeaders } from "./api.server";
export {
  type CartLine,
  type CartView,
  cartSql,
  cartViewOf,
  cartViewStatements,
  clubRules,
  findCartId,
  getCartView,
  setDelivery,
  setDeliveryStatement,
} from "./cart.server";
export { cartCounter, cartLayout } from "./layout.server";
export { ACCOUNT_CART, cartFor, clearOrderedStatements, GUEST_CART, guestCartMerge, guestCartRemoval, purgeAbandonedCarts } from "./lines.server";
export { getRequestCartView } from "./owner.server";
export { checkoutLimitHtml } from "./checkout-limit-html.server";
