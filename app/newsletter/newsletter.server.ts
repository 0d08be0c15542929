import { type Mail, mailLink, randomToken, sha256Hex } from "~/auth/index.server";
import { enqueue } from "~/outbox/index.server";
import { clientAddress, hit, type Limited, limitedFor } from "~/server/rate-limit.server";

/** How long a confirmation link works. */
export const CONFIRM_TTL_SECONDS = 24 * 3600;

/** Subscribe requests: 3 an hour per e-mail address, 10 an hour per client address. */
export const SUBSCRIBE_LIMITS = { perEmail: 3, perClient: 10, windowSeconds: 3600 } as const;

/** The link token's hash, bound to its purpose (a confirmation token opens nothing else). */
const confirmHash = (token: string) => sha256Hex(`newsletter-confirm\n${token}`);

/**
 * A subscribe request (double opt-in). One statement writes the row: a new address, one that
 * waits for its confirmation or one that left, becomes pending with a new confirmation link (an
 * older link stops working); a confirmed one stays confirmed. Then one e-mail: the link, or a
 * note that the address is subscribed already. The caller answers the same either way, so the
 * answer never says whether an address was known.
 */
export async function subscribe(env: Env, request: Request, email: string, mail: Mail): Promise<"sent" | Limited> {
  const [byEmail, byClient] = await Promise.all([
    hit(env.DB, `newsletter:email:${email}`, SUBSCRIBE_LIMITS.perEmail, SUBSCRIBE_LIMITS.windowSeconds),
    hit(env.DB, `newsletter:ip:${clientAddress(request)}`, SUBSCRIBE_LIMITS.perClient, SUBSCRIBE_LIMITS.windowSeconds),
  ]);
  if (!byEmail.allowed || !byClient.allowed) return limitedFor(byEmail, byClient);
  const token = randomToken();
  const row = await env.DB.prepare(
    `INSERT INTO newsletter_subscribers (email, lang, status, confirm_hash, confirm_expires_at, unsubscribe_token, consent_at)
     VALUES (?1, ?2, 'pending', ?3, unixepoch() + ?4, ?5, unixepoch())
     ON CONFLICT(email) DO UPDATE SET
       lang = excluded.lang,
       consent_at = excluded.consent_at,
       confirm_hash = CASE WHEN status = 'confirmed' THEN NULL ELSE excluded.confirm_hash END,
       confirm_expires_at = CASE WHEN status = 'confirmed' THEN NULL ELSE excluded.confirm_expires_at END,
       status = CASE WHEN status = 'confirmed' THEN 'confirmed' ELSE 'pending' END
     RETURNING status, unsubscribe_token AS unsubscribeToken`,
  )
    .bind(email, mail.lang, await confirmHash(token), CONFIRM_TTL_SECONDS, randomToken())
    .first<{ status: "pending" | "confirmed"; unsubscribeToken: string }>();
  if (!row) return "sent";
  const unsubscribeUrl = mailLink(mail, "/subscribe/unsubscribe", { token: row.unsubscribeToken });
  // No configured origin: nothing is sent (mailLink logs it), and the answer stays the same.
  if (!unsubscribeUrl) return "sent";
  // A confirmed address is told so (with the unsubscribe link), not sent a link to confirm again.
  const kind = row.status === "confirmed" ? "already" : "confirm";
  const confirmUrl = kind === "confirm" ? mailLink(mail, "/subscribe/confirm", { token }) : null;
  await enqueue(env, {
    channel: "email",
    recipient: email,
    subject: mail.t(`newsletter:email.${kind}Subject`),
    body: mail.t(`newsletter:email.${kind}Body`, { confirmUrl: confirmUrl ?? "", unsubscribeUrl }),
  });
  return "sent";
}

/** Confirms the subscription a link names: once, before it expires, and only its latest link. */
export async function confirmSubscription(db: D1Database, token: string): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = unixepoch(), confirm_hash = NULL, confirm_expires_at = NULL
       WHERE confirm_hash = ? AND status = 'pending' AND confirm_expires_at > unixepoch() RETURNING id`,
    )
    .bind(await confirmHash(token))
    .first();
  return Boolean(row);
}

/** Ends the subscription an unsubscribe link names (again is fine); false for a link of no subscriber. */
export async function unsubscribe(db: D1Database, token: string): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = CASE WHEN status = 'unsubscribed' THEN unsubscribed_at ELSE unixepoch() END,
         confirm_hash = NULL, confirm_expires_at = NULL
       WHERE unsubscribe_token = ? RETURNING id`,
    )
    .bind(token)
    .first();
  return Boolean(row);
}

/** Daily clean-up: addresses whose confirmation link expired over a day ago without ever being confirmed. */
export async function purgeUnconfirmedSubscribers(db: D1Database, now: number): Promise<void> {
  await db.prepare("DELETE FROM newsletter_subscribers WHERE status = 'pending' AND confirmed_at IS NULL AND confirm_expires_at < ?1 - 86400").bind(now).run();
}
