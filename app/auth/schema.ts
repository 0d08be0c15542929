import { z } from "zod";
import { normalizePhone } from "~/forms/phone";

export const PASSWORD_MIN = 8;
/** Spec §5: passwords are at most 32 characters. */
export const PASSWORD_MAX = 32;

// Error messages are translation keys (namespace "auth"), resolved by the page.
const password = z
  .string({ error: "errors.passwordRequired" })
  .min(PASSWORD_MIN, { error: "errors.passwordShort" })
  .max(PASSWORD_MAX, { error: "errors.passwordLong" });

const email = z
  .string({ error: "errors.emailRequired" })
  .trim()
  .min(1, { error: "errors.emailRequired" })
  .max(254, { error: "errors.emailInvalid" })
  .pipe(z.email({ error: "errors.emailInvalid" }))
  .transform((v) => v.toLowerCase());

const name = z.string({ error: "errors.nameRequired" }).trim().min(1, { error: "errors.nameRequired" }).max(60, { error: "errors.nameLong" });

export const phone = z
  .string({ error: "errors.phoneRequired" })
  .max(40, { error: "errors.phoneInvalid" })
  .transform((v, ctx) => {
    const normalized = normalizePhone(v);
    if (!normalized) {
      ctx.addIssue({ code: "custom", message: "errors.phoneInvalid" });
      return z.NEVER;
    }
    return normalized;
  });

export const signupSchema = z.object({
  firstName: name,
  email,
  password,
  returnUrl: z.string().max(2000).optional(),
});

/** The login field takes an e-mail or a phone number. */
export const loginSchema = z.object({
  login: z.string({ error: "errors.loginRequired" }).trim().min(1, { error: "errors.loginRequired" }).max(254, { error: "errors.loginRequired" }),
  password: z.string({ error: "errors.passwordRequired" }).min(1, { error: "errors.passwordRequired" }).max(PASSWORD_MAX, { error: "errors.passwordLong" }),
  returnUrl: z.string().max(2000).optional(),
});

export type FieldErrors = Partial<Record<string, string>>;

/** First error key per field, for the form to show under each field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    out[field] ??= issue.message;
  }
  return out;
}
