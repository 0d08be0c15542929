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
export { localizeOrder, localizeOrders, type ShownOrder } from "./order-view.server";
export { type PlaceRefusal, placeOrder } from "./place.server";
export { playClick } from "./click-stand-in.server";
export {
  type ClickAnswer,
  clickAnswer,
  clickCallback,
  clickConfig,
  unpaidMinutes,
  clickSign,
  orderPayUrl,
  payOnDelivery,
  payOrigin,
  payUrl,
  type PaymentView,
  paymentView,
  runPayOnDelivery,
} from "./payment.server";
