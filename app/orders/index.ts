export { type CheckoutFailure, CheckoutPage } from "./checkout-page";
export {
  clickCallbackSchema,
  DEV_PAY_OUTCOMES,
  deliveryStepSchema,
  devPaySchema,
  PAYMENT_METHODS,
  type PaymentMethod,
  payOnDeliverySchema,
  placeOrderSchema,
  withPointId,
} from "./schema";
export { PaymentState } from "./payment-state";
export { OrderDate, OrderDetails } from "./order-details";
