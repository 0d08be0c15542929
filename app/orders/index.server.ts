export { type CheckoutData, type CheckoutResult, checkoutData, runCheckoutAction, STEPS, type Step } from "./checkout-flow.server";
export { cancelOrder, type Order, orderJson, ordersOf, ownOrder, ownOrderById } from "./orders.server";
export { type PlaceRefusal, placeOrder } from "./place.server";
