export { type CheckoutFailure, CheckoutPage } from "./checkout-page";
export { deliveryStepSchema } from "./schema";
