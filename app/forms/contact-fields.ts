import "~/forms/zod-config";
import { z } from "zod";
import { normalizePhone } from "./phone";
import { plainText, UNSAFE_TEXT } from "./text";

/**
 * The contact fields every form that asks for them shares (sign-up, the account, the checkout,
 * the newsletter). Their messages are the auth texts' ("auth:errors.…"): a page with one of
 * these fields sends that namespace.
 */
export const email = z
  .string({ error: "auth:errors.emailRequired" })
  .trim()
  .min(1, { error: "auth:errors.emailRequired" })
  .max(254, { error: "auth:errors.emailInvalid" })
  .pipe(z.email({ error: "auth:errors.emailInvalid" }))
  .transform((v) => v.toLowerCase());

export const firstName = z
  .string({ error: "auth:errors.nameRequired" })
  .trim()
  .min(1, { error: "auth:errors.nameRequired" })
  .max(60, { error: "auth:errors.nameLong" })
  .refine(plainText(), { error: UNSAFE_TEXT });

export const phone = z
  .string({ error: "auth:errors.phoneRequired" })
  .max(40, { error: "auth:errors.phoneInvalid" })
  .transform((v, ctx) => {
    const normalized = normalizePhone(v);
    if (!normalized) {
      ctx.addIssue({ code: "custom", message: "auth:errors.phoneInvalid" });
      return z.NEVER;
    }
    return normalized;
  });
