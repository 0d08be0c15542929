export { type CheckoutFailure, CheckoutPage } from "./checkout-page";
export {
  clickCallbackSchema,
  deliveryStepSchema,
  PAYMENT_METHODS,
  type PaymentMethod,
  placeOrderSchema,
  withPointId,
} from "./schema";
export { PaymentState } from "./payment-state";
// The local Click stand-in's own (apart, so that only the checkout's pages load the checkout's schema).
export { DEV_PAY_OUTCOMES, devPaySchema } from "./dev-pay-schema";
