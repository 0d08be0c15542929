export { costFor, type DeliveryOption } from "./options";
