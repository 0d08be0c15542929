export { type CheckoutData, type CheckoutResult, checkoutData, runCheckoutAction, saveDelivery, STEPS, type Step } from "./checkout-flow.server";
export {
  cancelOrder,
  expireUnpaidOrders,
  lapseUnconfirmedOrders,
  type Order,
  orderJson,
  ordersOf,
  ownOrder,
  ownOrderById,
  unconfirmedHours,
} from "./orders.server";
export { type PlaceRefusal, placeOrder } from "./place.server";
export { playClick } from "./click-stand-in.server";
export { type ClickAnswer, clickAnswer, clickCallback, clickConfig, unpaidMinutes, clickSign, orderPayUrl, payOrigin, payUrl } from "./payment.server";
