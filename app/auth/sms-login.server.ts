import { enqueue } from "~/outbox/index.server";
import { codeCheckLimit, smsSendLimit } from "~/server/rate-limit.server";
import { phoneUser } from "~/users/index.server";
import { checkCode, issueCode, type CodeCheck } from "./codes.server";

/** Sends a login code by SMS, within the limits: 3 per phone and 10 per address per 10 minutes. */
export async function sendLoginCode(
  env: Env,
  request: Request,
  phone: string,
  text: (code: string) => string,
): Promise<{ sent: true } | { sent: false; retryAfter: number }> {
  const limit = await smsSendLimit(env.DB, request, phone);
  if (!limit.allowed) return { sent: false, retryAfter: limit.retryAfter };
  const code = await issueCode(env.DB, "login-sms", phone);
  await enqueue(env, { channel: "sms", recipient: phone, body: text(code) });
  return { sent: true };
}

/** Checks a login code; on success the shopper's account (made on first login by phone). */
export async function verifyLoginCode(
  env: Env,
  request: Request,
  phone: string,
  code: string,
): Promise<{ ok: true; userId: number } | { ok: false; reason: Exclude<CodeCheck, { ok: true }>["reason"] | "tooManyAttempts"; retryAfter?: number }> {
  const limit = await codeCheckLimit(env.DB, request);
  if (!limit.allowed) return { ok: false, reason: "tooManyAttempts", retryAfter: limit.retryAfter };
  const check = await checkCode(env.DB, "login-sms", phone, code);
  if (!check.ok) return check;
  return { ok: true, userId: await phoneUser(env.DB, phone) };
}
