export { type Order, orderJson, ownOrder } from "./orders.server";
export { type PlaceRefusal, placeOrder } from "./place.server";
export { type CheckoutData, type CheckoutResult, checkoutData, runCheckoutAction, STEPS, type Step } from "./checkout-flow.server";
