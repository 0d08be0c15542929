export {
  type CheckoutData,
  type CheckoutResult,
  checkoutContext,
  checkoutData,
  placeFromCheckout,
  runCheckoutAction,
  saveDelivery,
  STEPS,
  type Step,
} from "./flow.server";
export { guestDraftMerge } from "./draft.server";
