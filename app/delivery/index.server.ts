export {
  allCities,
  cityIdOf,
  optionsQuery,
  type DeliveryTypeRow,
  typesOfCity,
  type City,
  type CostRow,
  cartOptionsQuery,
  citiesQuery,
  cityExists,
  deliveryOptions,
  deliveryTypeEnabled,
  deliveryTypesInfo,
  type DeliveryTypeInfo,
  enabledDeliveryTypes,
  optionsOf,
  type PlaceNames,
  type PlaceRef,
  placeNames,
  placeNamesOf,
  placeNamesStatement,
  takesPaymentOnDelivery,
} from "./delivery.server";
export {
  additionalLabelOf,
  cartCityPoints,
  type DeliveryPoint,
  pointJson,
  pointOf,
  pointStatement,
  cartPointStatement,
  pointsOf,
} from "./points.server";
export { postCodeOf, streetIdOf, type Street, streetsOf, cartCityStreets } from "./streets.server";
export { deliveryInfoHtml } from "./info-html";
export { pageSizeOf } from "./list.server";
