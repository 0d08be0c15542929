import { z } from "zod";
import { positiveId } from "~/forms/fields";

/** Largest quantity of one sku a single request may add (the stock caps it further). */
export const MAX_ADD = 10;
/** Promo codes are short; anything longer is not a code. */
export const PROMO_MAX = 32;

// Error messages are namespaced translation keys, translated where they are shown.
const id = positiveId;

export const addSchema = z.object({
  primaryId: id("cart:errors.unknownProduct").optional(),
  purchasableId: id("cart:errors.sizeRequired"),
  quantity: z.coerce
    .number({ error: "cart:errors.quantity" })
    .int({ error: "cart:errors.quantity" })
    .min(1, { error: "cart:errors.quantity" })
    .max(MAX_ADD, { error: "cart:errors.quantity" })
    .default(1),
});

export const lineSchema = z.object({ purchasableId: id("cart:errors.unknownLine") });

export const changeSizeSchema = z.object({ purchasableId: id("cart:errors.unknownLine"), newPurchasableId: id("cart:errors.sizeRequired") });

export const promoSchema = z.object({
  promoCode: z
    .string({ error: "cart:errors.promoRequired" })
    .trim()
    .min(1, { error: "cart:errors.promoRequired" })
    .max(PROMO_MAX, { error: "cart:errors.promoUnknown" })
    .transform((v) => v.toUpperCase()),
});

export const bonusesSchema = z.object({
  bonuses: z.coerce
    .number({ error: "cart:errors.bonuses" })
    .int({ error: "cart:errors.bonuses" })
    .min(1, { error: "cart:errors.bonuses" })
    .max(1_000_000_000, { error: "cart:errors.bonuses" }),
});

export const deliverySchema = z.object({
  cityId: id("cart:errors.cityRequired"),
  // Empty: the city changed and no type is chosen yet.
  deliveryTypeId: z.preprocess((v) => (v === "" ? undefined : v), id("cart:errors.deliveryType").optional()),
});

/** The JSON cart call (POST /api/cart): a positive quantity adds, −1 removes one. */
export const apiCartSchema = z.object({
  primaryId: id("cart:errors.unknownProduct").optional(),
  purchasableId: id("cart:errors.sizeRequired"),
  quantity: z.coerce
    .number({ error: "cart:errors.quantity" })
    .int({ error: "cart:errors.quantity" })
    .refine((q) => q === -1 || (q >= 1 && q <= MAX_ADD), { error: "cart:errors.quantity" }),
});

export const recalculateSchema = z.object({
  cityId: id("cart:errors.cityRequired"),
  deliveryTypeId: id("cart:errors.deliveryType").optional(),
});
