import { placeOrderSchema } from "~/orders/index";

/** The checkout's steps, each a part of the order's fields (the same rules as placing). */
export const contactsSchema = placeOrderSchema.pick({ name: true, phone: true, email: true });
export const deliveryStepSchema = placeOrderSchema.pick({
  cityId: true,
  deliveryTypeId: true,
  pointId: true,
  addressId: true,
  street: true,
  streetId: true,
  house: true,
  flat: true,
  postCode: true,
});
export const citySchema = placeOrderSchema.pick({ cityId: true });
export const paymentStepSchema = placeOrderSchema.pick({ paymentMethod: true, comment: true });
export const placeStepSchema = placeOrderSchema.pick({ idempotencyKey: true });
