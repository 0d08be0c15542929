import "~/forms/zod-config";
import { z } from "zod";
import { positiveId } from "~/forms/fields";
import { normalizePhone } from "~/forms/phone";
import { plainText, UNSAFE_TEXT } from "~/forms/text";

/** A shopper has at most this many hints their friends have not opened yet (and not expired). */
export const GIFT_HINTS_OPEN_MAX = 5;
export const SENDER_NAME_MAX = 60;

const EMAIL = z.email();

/**
 * The friend's phone or e-mail in one field: with an "@" an e-mail address, else an Uzbek
 * mobile number typed any way ("90 123 45 67", "+998901234567"); the channel follows.
 */
export const friendContact = z
  .string({ error: "gifts:errors.contactRequired" })
  .trim()
  .min(1, { error: "gifts:errors.contactRequired" })
  .max(254, { error: "gifts:errors.contactInvalid" })
  .transform((v, ctx) => {
    if (v.includes("@")) {
      if (EMAIL.safeParse(v).success) return { channel: "email" as const, recipient: v.toLowerCase() };
    } else {
      const phone = normalizePhone(v);
      if (phone) return { channel: "sms" as const, recipient: phone };
    }
    ctx.addIssue({ code: "custom", message: "gifts:errors.contactInvalid" });
    return z.NEVER;
  });

/** The product page's "hint a gift" form: the size, the friend's phone or e-mail, the shopper's name. */
export const giftHintSchema = z.object({
  size: positiveId("gifts:errors.size"),
  contact: friendContact,
  name: z
    .string({ error: "gifts:errors.nameRequired" })
    .trim()
    .min(1, { error: "gifts:errors.nameRequired" })
    .max(SENDER_NAME_MAX, { error: "gifts:errors.nameLong" })
    .refine(plainText(), { error: UNSAFE_TEXT }),
});

/** `POST /gift-hints/create` (JSON or form-encoded): the form's fields and the product's id. */
export const giftHintApiSchema = giftHintSchema.extend({ product_id: positiveId("gifts:errors.product") });

/** The random key of a friend's link (24 random bytes, base64url). */
export const giftHintTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/);
