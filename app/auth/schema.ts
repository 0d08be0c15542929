import "~/forms/zod-config";
import { z } from "zod";
import { email, firstName, phone } from "~/forms/contact-fields";

export { email, firstName, phone };

export const PASSWORD_MIN = 8;
/** Passwords are at most 32 characters. */
export const PASSWORD_MAX = 32;

// Error messages are namespaced translation keys, translated where they are shown.
const password = z
  .string({ error: "auth:errors.passwordRequired" })
  .min(PASSWORD_MIN, { error: "auth:errors.passwordShort" })
  .max(PASSWORD_MAX, { error: "auth:errors.passwordLong" });

/** A six-digit code from an SMS. */
export const smsCode = z
  .string({ error: "auth:errors.codeFormat" })
  .trim()
  .regex(/^\d{6}$/, { error: "auth:errors.codeFormat" });

export const returnUrl = z.string().max(2000).optional();

export const signupSchema = z.object({ firstName, email, password, returnUrl });

/** The login field takes an e-mail or a phone number. */
export const loginSchema = z.object({
  login: z
    .string({ error: "auth:errors.loginRequired" })
    .trim()
    .min(1, { error: "auth:errors.loginRequired" })
    .max(254, { error: "auth:errors.loginRequired" }),
  password: z
    .string({ error: "auth:errors.passwordRequired" })
    .min(1, { error: "auth:errors.passwordRequired" })
    .max(PASSWORD_MAX, { error: "auth:errors.passwordLong" }),
  returnUrl,
});

/** Step one of the SMS login: where to send a code (the page names the step, the JSON call does not). */
export const smsSendSchema = z.object({ intent: z.literal("send").optional(), phone, returnUrl });

/** Step two: the code that came. */
export const smsVerifySchema = z.object({ phone, code: smsCode, returnUrl });

export const forgotSchema = z.object({ email });

/** The JSON reset request by phone (by e-mail it is `forgotSchema`). */
export const forgotByPhoneSchema = z.object({ phone });

/** A link from an e-mail: the address it went to and its token. Anything malformed is a spent link. */
export const emailLinkSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .transform((v) => v.toLowerCase()),
  token: z.string().max(64),
});

export const resetSchema = z.object({ ...emailLinkSchema.shape, password });
