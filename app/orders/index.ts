export { type CheckoutFailure, CheckoutPage } from "./checkout-page";
export { PAYMENT_METHODS, type PaymentMethod, placeOrderSchema } from "./schema";
