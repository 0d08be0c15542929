import type { RouterContextProvider } from "react-router";
import { type FormReply, parseForm, refused } from "~/forms/parse.server";
import { getApp } from "~/server/context.server";
import { normalizePhone } from "~/forms/phone";
import type { Lang } from "~/i18n/languages";
import { clientAddress, hit, refund } from "~/server/rate-limit.server";
import { createAccount, startUserSession, verifyLogin } from "./auth.server";
import { type Mail, sendEmailConfirmation } from "./email-links.server";
import { safeReturnUrl } from "~/i18n/return-url";
import { loginSchema } from "./schema";

export type Refusal<Reason extends string> = { ok: false; reason: Reason; retryAfter?: number };

/** Password login limits (README "Sign-in limits"); windows of 10 minutes. */
export const LOGIN_LIMITS = {
  /** Attempts from one address, whatever the accounts (spraying many accounts). */
  perAddress: 30,
  /** Failures for one account from one address (guessing one password). */
  perAccountAndAddress: 10,
  /** Failures for one account from all addresses together: far higher, so that strangers cannot lock a shopper out. */
  perAccount: 100,
  windowSeconds: 600,
};

/**
 * A password login with its limits. Failures are counted per account and
 * address, and per account across addresses with a much higher limit: ten
 * wrong passwords from elsewhere do not lock the owner out. The account is
 * keyed as stored, not as typed ("90 123 45 67" and "+998901234567" are one
 * phone). One refusal whether the account is missing or the password wrong.
 */
export async function passwordLogin(
  db: D1Database,
  request: Request,
  login: string,
  password: string,
): Promise<{ ok: true; userId: number } | Refusal<"tooManyAttempts" | "wrongCredentials">> {
  const { perAddress, perAccountAndAddress, perAccount, windowSeconds } = LOGIN_LIMITS;
  const account = login.includes("@") ? login.toLowerCase() : (normalizePhone(login) ?? login.toLowerCase());
  const address = clientAddress(request);
  const pairKey = `login:fail:${account}:${address}`;
  const accountKey = `login:fail:${account}`;
  // Every attempt counts first (parallel guesses cannot slip past), a correct one is refunded.
  const [byAddress, byPair, byAccount] = await Promise.all([
    hit(db, `login:ip:${address}`, perAddress, windowSeconds),
    hit(db, pairKey, perAccountAndAddress, windowSeconds),
    hit(db, accountKey, perAccount, windowSeconds),
  ]);
  if (!byAddress.allowed || !byPair.allowed || !byAccount.allowed) {
    return { ok: false, reason: "tooManyAttempts", retryAfter: Math.max(byAddress.retryAfter, byPair.retryAfter, byAccount.retryAfter) };
  }
  const userId = await verifyLogin(db, login, password);
  if (!userId) return { ok: false, reason: "wrongCredentials" };
  await refund(db, [pairKey, accountKey], windowSeconds);
  return { ok: true, userId };
}

/**
 * The password login form's action, for every form that signs in (the login page, the
 * checkout's): signed in, a 303 to the form's return URL; refused, the reply to show with
 * its status (the password never sent back). A wrong password is a form error on the login
 * page and the password field's error where the form has no room for a form error.
 */
export async function loginByForm(
  context: Readonly<RouterContextProvider>,
  form: FormData,
  place: { lang: Lang; defaultLang: Lang; errorAt: "form" | "password" },
): Promise<{ ok: true; response: Response } | { ok: false; reply: FormReply; init: ResponseInit }> {
  const submission = parseForm(form, loginSchema);
  if (submission.status !== "success") return { ok: false, reply: submission.reply({ hideFields: ["password"] }), init: refused(400) };
  const { login, password, returnUrl } = submission.value;
  const { env, request } = getApp(context);
  const result = await passwordLogin(env.DB, request, login, password);
  if (!result.ok) {
    const key = `auth:errors.${result.reason}`;
    const errors = place.errorAt === "form" ? { formErrors: [key] } : { fieldErrors: { password: [key] } };
    const reply = submission.reply({ ...errors, hideFields: ["password"] });
    return { ok: false, reply, init: result.reason === "tooManyAttempts" ? refused(429, result.retryAfter) : refused(400) };
  }
  return { ok: true, response: await startUserSession(context, result.userId, safeReturnUrl(returnUrl, place.lang, place.defaultLang)) };
}

/**
 * A new account (ten per address an hour), and the e-mail that confirms its address. Sent again
 * with the same e-mail and password, it signs in: a retry is safe.
 */
export async function signUp(
  env: Env,
  request: Request,
  input: { firstName: string; email: string; password: string },
  mail: Mail,
): Promise<{ ok: true; userId: number } | Refusal<"tooManyAttempts" | "emailTaken">> {
  const limit = await hit(env.DB, `signup:ip:${clientAddress(request)}`, 10, 3600);
  if (!limit.allowed) return { ok: false, reason: "tooManyAttempts", retryAfter: limit.retryAfter };
  const userId = await createAccount(env.DB, input);
  if (!userId) {
    // The same sign-up again (its first answer was lost to a database failure after the account was
    // made): the right password signs in, as the first answer would have. Its e-mail went (or not) then.
    const same = await verifyLogin(env.DB, input.email, input.password);
    return same ? { ok: true, userId: same } : { ok: false, reason: "emailTaken" };
  }
  await sendEmailConfirmation(env, userId, input.email, mail);
  return { ok: true, userId };
}
