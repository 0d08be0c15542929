export { type Order, orderJson, ownOrder } from "./orders.server";
export { type PlaceRefusal, placeOrder } from "./place.server";
