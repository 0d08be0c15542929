import { z } from "zod";

/** Largest quantity of one sku a single request may add (the stock caps it further). */
export const MAX_ADD = 10;
/** Promo codes are short; anything longer is not a code. */
export const PROMO_MAX = 32;

// Error messages are translation keys of the "cart" namespace, resolved by the page.
const id = (error: string) => z.coerce.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error });

export const addSchema = z.object({
  primaryId: id("errors.unknownProduct").optional(),
  purchasableId: id("errors.sizeRequired"),
  quantity: z.coerce
    .number({ error: "errors.quantity" })
    .int({ error: "errors.quantity" })
    .min(1, { error: "errors.quantity" })
    .max(MAX_ADD, { error: "errors.quantity" })
    .default(1),
});

export const lineSchema = z.object({ purchasableId: id("errors.unknownLine") });

export const changeSizeSchema = z.object({ purchasableId: id("errors.unknownLine"), newPurchasableId: id("errors.sizeRequired") });

export const promoSchema = z.object({
  promoCode: z
    .string({ error: "errors.promoRequired" })
    .trim()
    .min(1, { error: "errors.promoRequired" })
    .max(PROMO_MAX, { error: "errors.promoUnknown" })
    .transform((v) => v.toUpperCase()),
});

export const bonusesSchema = z.object({
  bonuses: z.coerce
    .number({ error: "errors.bonuses" })
    .int({ error: "errors.bonuses" })
    .min(1, { error: "errors.bonuses" })
    .max(1_000_000_000, { error: "errors.bonuses" }),
});

export const deliverySchema = z.object({
  cityId: id("errors.cityRequired"),
  // Empty: the city changed and no type is chosen yet.
  deliveryTypeId: z.preprocess((v) => (v === "" ? undefined : v), id("errors.deliveryType").optional()),
});

/** The JSON cart call of spec §7: a positive quantity adds, −1 removes one. */
export const apiCartSchema = z.object({
  primaryId: id("errors.unknownProduct").optional(),
  purchasableId: id("errors.sizeRequired"),
  quantity: z.coerce
    .number({ error: "errors.quantity" })
    .int({ error: "errors.quantity" })
    .refine((q) => q === -1 || (q >= 1 && q <= MAX_ADD), { error: "errors.quantity" }),
});

export const recalculateSchema = z.object({
  cityId: id("errors.cityRequired"),
  deliveryTypeId: id("errors.deliveryType").optional(),
});
