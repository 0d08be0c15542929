export { type CheckoutFailure, CheckoutPage } from "./checkout-page";
export {
  clickCallbackSchema,
  DEV_PAY_OUTCOMES,
  deliveryStepSchema,
  devPaySchema,
  PAYMENT_METHODS,
  type PaymentMethod,
  placeOrderSchema,
  withPointId,
} from "./schema";
export { PaymentState } from "./payment-state";
