import type { TFunction } from "~/i18n/translate";
import type { Lang } from "~/i18n/languages";
import { localizePath } from "~/i18n/url";
import { enqueue } from "~/outbox/index.server";
import { clientAddress, hit, type Limited, limitedFor } from "~/server/rate-limit.server";
import { endSessionsStatement } from "~/server/session.server";
import { confirmUserEmail, setPasswordStatement } from "~/users/index.server";
import { checkCode, issueCode } from "./codes.server";
import { hashPassword } from "./password.server";

/** What an e-mail needs to be written in the shopper's language with absolute links. */
export type Mail = { origin: string; lang: Lang; defaultLang: Lang; t: TFunction };

/**
 * An absolute link into the shop, in the mail's language; null (and a logged
 * configuration error) when the shop has no configured origin: a link must
 * never point where a request's Host header says.
 */
export function mailLink(mail: Mail, path: string, params: Record<string, string>): string | null {
  if (!mail.origin) {
    console.error("configuration error: PUBLIC_ORIGIN is not set; an e-mail with a link was not sent");
    return null;
  }
  return `${mail.origin}${localizePath(path, mail.lang, mail.defaultLang)}?${new URLSearchParams(params)}`;
}

/** Sends (at most 3 an hour per address) a sign-up confirmation link. */
export async function sendEmailConfirmation(env: Env, userId: number, email: string, mail: Mail): Promise<"sent" | Limited> {
  const limit = await hit(env.DB, `confirm:email:${email}`, 3, 3600);
  if (!limit.allowed) return limitedFor(limit);
  const token = await issueCode(env.DB, "signup-email", email, userId);
  const url = mailLink(mail, "/auth/confirm-email", { email, token });
  if (!url) return "sent"; // fails closed; the shopper's answer does not reveal the configuration
  await enqueue(env, { channel: "email", recipient: email, subject: mail.t("auth:email.confirmSubject"), body: mail.t("auth:email.confirmBody", { url }) });
  return "sent";
}

export async function confirmEmail(db: D1Database, email: string, token: string): Promise<boolean> {
  const check = await checkCode(db, "signup-email", email, token);
  if (!check.ok || !check.userId) return false;
  return confirmUserEmail(db, check.userId, email);
}

/**
 * A password-reset link, if an account has this e-mail (or this phone: the link goes by
 * SMS to that phone, for the account's e-mail, which the reset page names). The caller
 * shows the same answer either way, so the form does not reveal who has an account.
 * 3 an hour per e-mail or phone, 10 an hour per address.
 */
export async function sendPasswordReset(
  env: Env,
  request: Request,
  to: string | { phone: string },
  mail: Mail,
): Promise<{ limited: boolean; retryAfter: number }> {
  const key = typeof to === "string" ? `reset:email:${to}` : `reset:phone:${to.phone}`;
  const [byTarget, byAddress] = await Promise.all([hit(env.DB, key, 3, 3600), hit(env.DB, `reset:ip:${clientAddress(request)}`, 10, 3600)]);
  if (!byTarget.allowed || !byAddress.allowed) return { limited: true, retryAfter: Math.max(byTarget.retryAfter, byAddress.retryAfter) };
  const user =
    typeof to === "string"
      ? await env.DB.prepare("SELECT id, email FROM users WHERE email = ?").bind(to).first<{ id: number; email: string }>()
      : await env.DB.prepare("SELECT id, email FROM users WHERE phone = ? AND email IS NOT NULL").bind(to.phone).first<{ id: number; email: string }>();
  if (user) {
    const token = await issueCode(env.DB, "password-reset", user.email, user.id);
    const url = mailLink(mail, "/auth/reset-password", { email: user.email, token });
    if (url)
      await enqueue(
        env,
        typeof to === "string"
          ? { channel: "email", recipient: to, subject: mail.t("auth:email.resetSubject"), body: mail.t("auth:email.resetBody", { url }) }
          : { channel: "sms", recipient: to.phone, body: mail.t("auth:sms.resetText", { url }) },
      );
  }
  return { limited: false, retryAfter: 0 };
}

/** Sets a new password with a reset link (single use); every other session of the account ends. */
export async function resetPassword(db: D1Database, email: string, token: string, password: string): Promise<number | null> {
  const check = await checkCode(db, "password-reset", email, token);
  if (!check.ok || !check.userId) return null;
  const hash = await hashPassword(password);
  await db.batch([setPasswordStatement(db, check.userId, hash), endSessionsStatement(db, check.userId)]);
  return check.userId;
}
