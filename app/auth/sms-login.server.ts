import { enqueue } from "~/outbox/index.server";
import { codeCheckLimit, smsSendLimit } from "~/server/rate-limit.server";
import { phoneUser } from "~/users/index.server";
import { checkCode, issueCode, type CodeCheck, type CodePurpose } from "./codes.server";

/** The codes that sign in by phone: an SMS's six digits, or the last four digits of the number a flash call comes from. */
export type PhoneCodePurpose = Extract<CodePurpose, "login-sms" | "login-call" | "signup-call">;

/**
 * The numbers flash calls come from: the code is their last four digits. A provider picks
 * its own numbers; this prefix is what the outbox records and what the local stand-in shows.
 */
export const CALLER_PREFIX = "+99878150";

/**
 * Sends a login code by SMS or a flash call, within the limits SMS codes have (one budget
 * for both: 3 per phone and 10 per address per 10 minutes).
 */
async function sendPhoneCode(
  env: Env,
  request: Request,
  phone: string,
  purpose: PhoneCodePurpose,
  message: (code: string) => { channel: "sms" | "call"; body: string },
): Promise<{ sent: true } | { sent: false; retryAfter: number }> {
  const limit = await smsSendLimit(env.DB, request, phone);
  if (!limit.allowed) return { sent: false, retryAfter: limit.retryAfter };
  const code = await issueCode(env.DB, purpose, phone);
  await enqueue(env, { recipient: phone, ...message(code) });
  return { sent: true };
}

/** Sends a login code by SMS. */
export function sendLoginCode(env: Env, request: Request, phone: string, text: (code: string) => string) {
  return sendPhoneCode(env, request, phone, "login-sms", (code) => ({ channel: "sms", body: text(code) }));
}

/** Calls the phone (a flash call) for signing in or signing up; the code is the calling number's last four digits. */
export function sendCallCode(env: Env, request: Request, phone: string, purpose: "login-call" | "signup-call") {
  return sendPhoneCode(env, request, phone, purpose, (code) => ({ channel: "call", body: `${CALLER_PREFIX}${code}` }));
}

/**
 * Checks a code sent by SMS (or, with `purpose`, by a call); on success the shopper's
 * account (made on first use of the phone, as for a sign-up).
 */
export async function verifyLoginCode(
  env: Env,
  request: Request,
  phone: string,
  code: string,
  purpose: PhoneCodePurpose = "login-sms",
): Promise<{ ok: true; userId: number } | { ok: false; reason: Exclude<CodeCheck, { ok: true }>["reason"] | "tooManyAttempts"; retryAfter?: number }> {
  const limit = await codeCheckLimit(env.DB, request);
  if (!limit.allowed) return { ok: false, reason: "tooManyAttempts", retryAfter: limit.retryAfter };
  const check = await checkCode(env.DB, purpose, phone, code);
  if (!check.ok) return check;
  return { ok: true, userId: await phoneUser(env.DB, phone) };
}
