export { CheckoutPage } from "./checkout-page";
export type { CheckoutFailure } from "./step";
export { deliveryStepSchema } from "./schema";
