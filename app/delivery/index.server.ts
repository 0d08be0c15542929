export { type City, type CostRow, cartOptionsQuery, citiesQuery, cityExists, deliveryOptions, optionsOf } from "./delivery.server";
