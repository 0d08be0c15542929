import { createHash, timingSafeEqual } from "node:crypto";
import { data } from "react-router";
import type { TFunction } from "~/i18n/translate";
import { refused } from "~/forms/parse.server";
import { apiError } from "~/server/api.server";
import { clientAddress, hit, refund } from "~/server/rate-limit.server";

/** Key attempts per client address and hour (a right one is given back). */
export const MODERATION_TRIES_PER_HOUR = 10;

/**
 * Reviews held for moderation (sent without the captcha, see publish.server.ts): the
 * list a moderator works through, oldest first, and the decision, one statement each,
 * for the version the moderator read: a review decided meanwhile, or edited since (its
 * author may change it while it waits), is left as it is. Who may moderate: whoever holds the configured key
 * (REVIEWS_MODERATION_KEY, a secret); without one, moderation is off.
 */
export type PendingReview = {
  id: number;
  product_id: number;
  product_slug: string;
  user_id: number | null;
  user_name: string;
  rating: number;
  text: string;
  lang: string;
  created_at: string;
  version: number;
};

/** A review still to be decided: held, and not rejected (a rejected one waits for its author's edit). */
const UNDECIDED = "status = 'pending' AND rejected_at IS NULL";

export async function pendingReviews(db: D1Database): Promise<PendingReview[]> {
  const { results } = await db
    .prepare(
      `SELECT r.id, r.product_id, p.slug AS product_slug, r.user_id, r.user_name, r.rating, r.text, r.lang, r.version,
              strftime('%Y-%m-%dT%H:%M:%SZ', r.created_at, 'unixepoch') AS created_at
       FROM reviews r JOIN products p ON p.id = r.product_id
       WHERE r.status = 'pending' AND r.rejected_at IS NULL ORDER BY r.created_at, r.id LIMIT 200`,
    )
    .all<PendingReview>();
  return results;
}

/**
 * Publishes or rejects an undecided review as it was at `version`. A rejected one stays,
 * seen by its author only, with the reason (empty when none was given); their next edit
 * sends it back to moderation. "changed": undecided still, but edited since that version;
 * "gone": no such undecided review (decided, published or deleted).
 */
export async function moderateReview(
  db: D1Database,
  id: number,
  version: number,
  decision: "publish" | "reject",
  reason = "",
): Promise<"done" | "changed" | "gone"> {
  const decide =
    decision === "publish"
      ? db.prepare(`UPDATE reviews SET status = 'published' WHERE id = ?1 AND ${UNDECIDED} AND version = ?2 RETURNING id`).bind(id, version)
      : db
          .prepare(`UPDATE reviews SET rejected_reason = ?3, rejected_at = unixepoch() WHERE id = ?1 AND ${UNDECIDED} AND version = ?2 RETURNING id`)
          .bind(id, version, reason);
  const [done, still] = await db.batch([decide, db.prepare(`SELECT 1 FROM reviews WHERE id = ? AND ${UNDECIDED}`).bind(id)]);
  if (done!.results.length) return "done";
  return still!.results.length ? "changed" : "gone";
}

/** Whether the request carries the moderation key (`Authorization: Bearer <key>`), compared in constant time. */
export function isModerator(env: Env, request: Request): boolean | "off" {
  const key = env.REVIEWS_MODERATION_KEY ?? "";
  if (key.length < 16) return "off";
  const given = /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? "";
  // Digests of equal length: the comparison says nothing about the key's length either.
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(key));
}

/**
 * The moderation calls' door: 404 while moderation is off, 429 (Retry-After) after too many
 * attempts from one address, 401 (WWW-Authenticate) without the right key.
 */
export async function requireModerator(env: Env, request: Request, t: TFunction): Promise<void> {
  const verdict = isModerator(env, request);
  if (verdict === "off") apiError(404, t("server:api.unknownOperation"));
  const key = `moderation:${clientAddress(request)}`;
  const limit = await hit(env.DB, key, MODERATION_TRIES_PER_HOUR, 3600);
  if (!limit.allowed) apiError(429, t("reviews:errors.moderationLimited"), undefined, limit.retryAfter);
  if (!verdict) throw data({ success: false, message: t("reviews:errors.moderationKey") }, refused(401, undefined, { "WWW-Authenticate": "Bearer" }));
  await refund(env.DB, [key], 3600);
}
