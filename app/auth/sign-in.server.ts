import { normalizePhone } from "~/forms/phone";
import { clientAddress, hit } from "~/server/rate-limit.server";
import { createAccount, verifyLogin } from "./auth.server";
import { type Mail, sendEmailConfirmation } from "./email-links.server";

export type Refusal<Reason extends string> = { ok: false; reason: Reason; retryAfter?: number };

/**
 * A password login with its limits: per address and per account (guessing the
 * passwords of one account, or many accounts from one place). The account is
 * keyed as stored, not as typed ("90 123 45 67" and "+998901234567" are one phone).
 * One refusal whether the account is missing or the password wrong.
 */
export async function passwordLogin(
  db: D1Database,
  request: Request,
  login: string,
  password: string,
): Promise<{ ok: true; userId: number } | Refusal<"tooManyAttempts" | "wrongCredentials">> {
  const account = login.includes("@") ? login.toLowerCase() : (normalizePhone(login) ?? login.toLowerCase());
  const [byAddress, byLogin] = await Promise.all([hit(db, `login:ip:${clientAddress(request)}`, 30, 600), hit(db, `login:id:${account}`, 10, 600)]);
  if (!byAddress.allowed || !byLogin.allowed) return { ok: false, reason: "tooManyAttempts", retryAfter: Math.max(byAddress.retryAfter, byLogin.retryAfter) };
  const userId = await verifyLogin(db, login, password);
  return userId ? { ok: true, userId } : { ok: false, reason: "wrongCredentials" };
}

/** A new account (ten per address an hour), and the e-mail that confirms its address. */
export async function signUp(
  env: Env,
  request: Request,
  input: { firstName: string; email: string; password: string },
  mail: Mail,
): Promise<{ ok: true; userId: number } | Refusal<"tooManyAttempts" | "emailTaken">> {
  const limit = await hit(env.DB, `signup:ip:${clientAddress(request)}`, 10, 3600);
  if (!limit.allowed) return { ok: false, reason: "tooManyAttempts", retryAfter: limit.retryAfter };
  const userId = await createAccount(env.DB, input);
  if (!userId) return { ok: false, reason: "emailTaken" };
  await sendEmailConfirmation(env, userId, input.email, mail);
  return { ok: true, userId };
}
