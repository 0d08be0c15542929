export { type CheckoutData, type CheckoutResult, checkoutContext, checkoutData, runCheckoutAction, saveDelivery, STEPS, type Step } from "./flow.server";
export { mergeDraftStatement } from "./draft.server";
