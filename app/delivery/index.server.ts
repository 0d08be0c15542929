export {
  allCities,
  type DeliveryTypeRow,
  typesOfCity,
  type City,
  type CostRow,
  cartOptionsQuery,
  citiesQuery,
  cityExists,
  deliveryOptions,
  deliveryTypeEnabled,
  optionsOf,
} from "./delivery.server";
