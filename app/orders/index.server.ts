export {
  guestOrdersClaim,
  type ClubOrder,
  clubOrdersOf,
  type Order,
  type Refund,
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
} from "./orders.server";
export { cancelOrder, expireUnpaidOrders, lapseUnconfirmedOrders, unconfirmedHours } from "./cancellation.server";
export { localizeOrder, localizeOrders, namedOrder, type ShownOrder } from "./order-view.server";
export { expandedOrderJson, ORDER_EXPANDS, type OrderExpand } from "./order-expand.server";
export {
  type PlaceContext,
  type Placed,
  type PlaceRefusal,
  paymentAllowed,
  placeOrder,
  type SavedAddress,
  savedAddressStatement,
} from "./place.server";
export { clickApiStandIn, playClick } from "./click-stand-in.server";
export {
  type ClickAnswer,
  clickAnswer,
  clickCallback,
  clickConfig,
  unpaidMinutes,
  clickSign,
  orderPayUrl,
  payOnDelivery,
  payOrigins,
  payUrl,
  type PaymentView,
  paymentView,
  runPayOnDelivery,
} from "./payment.server";
export { paymeCall, paymeError, type PaymeAnswer } from "./payme.server";
export { receiptReady, receiptRefusal } from "./receipt.server";
export { PAYME_TIMEOUT_MS, paymeConfig, type Provider, providerFetch, providerFor, providersOf } from "./providers.server";
export {
  listRefunds,
  PAYME_REFUND_DAYS,
  type RefundsFilter,
  refundMadeByHand,
  retryDueRefunds,
  retryRefundNow,
  sendRefund,
} from "./refunds.server";
export { listReceipts, receiptDoneByHand, retryDueReceipts, sendReceipt } from "./fiscal.server";
export { listFindings, reconcile } from "./reconciliation.server";
export { paymeCabinetStandIn, paymeParamsOf, playPayme } from "./payme-stand-in.server";
export { advanceOrder, latestOrderChange, ordersChangedSince, type StepOutcome } from "./fulfilment.server";
