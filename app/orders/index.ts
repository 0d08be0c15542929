export {
  clickCallbackSchema,
  COMMENT_MAX,
  DEV_PAY_OUTCOMES,
  DEV_PAYME_OUTCOMES,
  devPaySchema,
  devPaymeSchema,
  isOnline,
  PAYMENT_METHODS,
  type PaymentMethod,
  payOnDeliverySchema,
  placeOrderSchema,
  SHOP_STEPS,
  type ShopStep,
  withPointId,
} from "./schema";
export { PaymentState } from "./payment-state";
export { OrderDetails } from "./order-details";
export { OrderTimeline } from "./order-timeline";
export { type FindingKind, type FindingRow, mayMarkDone, mayRetry, type ReceiptRow, type RefundRow } from "./ledger";
