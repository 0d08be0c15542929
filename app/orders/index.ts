export { PAYMENT_METHODS, type PaymentMethod, placeOrderSchema } from "./schema";
