import { z } from "zod";
import { email, firstName, phone } from "~/forms/contact-fields";
import { optionalText, positiveId } from "~/forms/fields";

/**
 * Cash or card on delivery, or online before delivery through Click or Payme; "online" is the
 * older clients' name for the first provider the shop has.
 */
export const PAYMENT_METHODS = ["cash", "card", "online", "click", "payme"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Whether a method is paid online before delivery (through a provider). */
export const isOnline = (method: string | null | undefined): boolean => method === "online" || method === "click" || method === "payme";

const id = positiveId;

/** The shop's steps of an order, as its systems report them (docs/api.md, "Order states back"). */
export const SHOP_STEPS = ["confirmed", "packed", "shipped", "delivered", "returned", "cancelled"] as const;
export type ShopStep = (typeof SHOP_STEPS)[number];

/** The order comment's limit (the textarea stops there, the schema refuses more). */
export const COMMENT_MAX = 500;

/**
 * Placing an order (`POST /order/request`, the checkout's last form). Only who,
 * where and how to pay come from the request: lines, prices, promo, bonuses and
 * the delivery cost are the cart's, computed from D1 at placement.
 */
export const placeOrderSchema = z.object({
  name: firstName,
  phone,
  email: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(email.optional()),
  cityId: id("orders:errors.cityRequired"),
  deliveryTypeId: id("orders:errors.deliveryRequired"),
  // Pickup and post: the store or post office (the JSON call may name it storeId or warehouseId).
  pointId: z.preprocess((v) => (v === "" ? undefined : v), id("orders:errors.pointRequired").optional()),
  // Courier: a saved address of the account, or one typed in.
  addressId: z.preprocess((v) => (v === "" ? undefined : v), id("orders:errors.addressRequired").optional()),
  street: optionalText(120, "orders:errors.tooLong"),
  // The street picked from the city's list (its post code can then be found); the name is in `street`.
  streetId: z.preprocess((v) => (v === "" ? undefined : v), id("orders:errors.addressRequired").optional()),
  house: optionalText(20, "orders:errors.tooLong"),
  flat: optionalText(20, "orders:errors.tooLong"),
  postCode: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, { error: "orders:errors.postCode" })
    .optional()
    .transform((v) => v ?? ""),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: "orders:errors.paymentMethod" }),
  comment: optionalText(COMMENT_MAX, "orders:errors.commentLong", true),
  // The client's key for this placement: the same key again is the same order.
  idempotencyKey: z.string({ error: "orders:errors.idempotencyKey" }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "orders:errors.idempotencyKey" }),
});

export type PlaceOrderInput = z.output<typeof placeOrderSchema>;

/** A JSON call's fields with its store or post office as `pointId` (the spec's clients name it `storeId` or `warehouseId`). */
export function withPointId(fields: Record<string, string>): Record<string, string> {
  const pointId = fields.pointId ?? fields.storeId ?? fields.warehouseId;
  return pointId ? { ...fields, pointId } : fields;
}

/** An online order whose payment did not go through can be paid on delivery instead. */
export const ON_DELIVERY_METHODS = ["cash", "card"] as const;
export type OnDeliveryMethod = (typeof ON_DELIVERY_METHODS)[number];
export const payOnDeliverySchema = z.object({
  paymentMethod: z.enum(ON_DELIVERY_METHODS, { error: "orders:errors.paymentMethod" }),
});

/**
 * Click's Prepare (action 0) and Complete (action 1) callbacks, as its SHOP API
 * posts them. Strings stay as sent: the signature is over them.
 */
export const clickCallbackSchema = z
  .object({
    click_trans_id: z.string().regex(/^\d{1,20}$/),
    service_id: z.string().regex(/^\d{1,12}$/),
    click_paydoc_id: z.string().max(20).optional(),
    merchant_trans_id: z.string().min(1).max(40),
    merchant_prepare_id: z
      .string()
      .regex(/^\d{1,12}$/)
      .optional(),
    amount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
    action: z.enum(["0", "1"]),
    error: z
      .string()
      .regex(/^-?\d{1,6}$/)
      .optional(),
    error_note: z.string().max(500).optional(),
    sign_time: z.string().min(1).max(30),
    sign_string: z.string().regex(/^[0-9a-fA-F]{32}$/),
  })
  .refine((v) => v.action === "0" || v.merchant_prepare_id !== undefined, { path: ["merchant_prepare_id"] });

export type ClickCallback = z.output<typeof clickCallbackSchema>;

/** What the shopper does on the local stand-in of Click's page (/dev/pay/click). */
export const DEV_PAY_OUTCOMES = ["pay", "pay-twice", "decline", "bad-signature", "cancel"] as const;
export const devPaySchema = z.object({
  outcome: z.enum(DEV_PAY_OUTCOMES),
  transaction_param: z.string().regex(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/),
  amount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
  return_url: z.string().max(500).optional(),
});

/** What the shopper does on the local stand-in of Payme's page (/dev/pay/payme). */
export const DEV_PAYME_OUTCOMES = ["pay", "pay-twice", "decline", "wrong-amount", "bad-key", "cancel"] as const;
export const devPaymeSchema = z.object({
  outcome: z.enum(DEV_PAYME_OUTCOMES),
  // The checkout's parameters as Payme receives them (base64 of "m=…;ac.order_id=…;a=…").
  params: z.string().regex(/^[A-Za-z0-9+/=]{8,2000}$/),
});

/** Payme's JSON-RPC envelope (its examples carry no "jsonrpc"; a client that sends it is welcome). */
export const paymeRequestSchema = z.object({
  method: z.string().min(1).max(64),
  params: z.record(z.string(), z.unknown()),
  id: z.union([z.number(), z.string().max(64)]),
});
export type PaymeRequest = z.output<typeof paymeRequestSchema>;

const paymeId = z.string().min(1).max(64);
const tiyin = z.number().int().positive();
const msTime = z.number().int().nonnegative();
const account = z.object({ order_id: z.string().min(1).max(40) });

/** Each Merchant API method's parameters. */
export const paymeParams = {
  CheckPerformTransaction: z.object({ amount: tiyin, account }),
  CreateTransaction: z.object({ id: paymeId, time: msTime, amount: tiyin, account }),
  PerformTransaction: z.object({ id: paymeId }),
  CancelTransaction: z.object({ id: paymeId, reason: z.number().int() }),
  CheckTransaction: z.object({ id: paymeId }),
  GetStatement: z.object({ from: msTime, to: msTime }),
} as const;
