export {
  cancelOrder,
  guestOrdersClaim,
  type ClubOrder,
  clubOrdersOf,
  expireUnpaidOrders,
  lapseUnconfirmedOrders,
  type Order,
  orderByKey,
  orderByKeyStatements,
  orderOf,
  orderJson,
  ordersByIds,
  type OrderEvent,
  ordersOf,
  type OrderState,
  ownOrder,
  ownOrderById,
  unconfirmedHours,
} from "./orders.server";
export { localizeOrder, localizeOrders, namedOrder, type ShownOrder } from "./order-view.server";
export { expandedOrderJson, ORDER_EXPANDS, type OrderExpand } from "./order-expand.server";
export { type PlaceContext, type Placed, type PlaceRefusal, paymentAllowed, placeOrder, type SavedAddress, savedAddressStatement } from "./place.server";
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
export { advanceOrder, latestOrderChange, ordersChangedSince, type StepOutcome } from "./fulfilment.server";
