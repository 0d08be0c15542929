import { timingSafeEqual } from "node:crypto";

/**
 * Reviews held for moderation (sent without the captcha, see publish.server.ts): the
 * list a moderator works through, oldest first, and the decision, one statement each
 * (a decision on a review no longer pending, decided meanwhile or edited into a
 * published one, changes nothing). Who may moderate: whoever holds the configured key
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
};

export async function pendingReviews(db: D1Database): Promise<PendingReview[]> {
  const { results } = await db
    .prepare(
      `SELECT r.id, r.product_id, p.slug AS product_slug, r.user_id, r.user_name, r.rating, r.text, r.lang,
              strftime('%Y-%m-%dT%H:%M:%SZ', r.created_at, 'unixepoch') AS created_at
       FROM reviews r JOIN products p ON p.id = r.product_id
       WHERE r.status = 'pending' ORDER BY r.created_at, r.id LIMIT 200`,
    )
    .all<PendingReview>();
  return results;
}

/** Publishes or deletes a pending review; false when there is no such pending review. */
export async function moderateReview(db: D1Database, id: number, decision: "publish" | "reject"): Promise<boolean> {
  const sql =
    decision === "publish"
      ? "UPDATE reviews SET status = 'published' WHERE id = ? AND status = 'pending' RETURNING id"
      : "DELETE FROM reviews WHERE id = ? AND status = 'pending' RETURNING id";
  return (await db.prepare(sql).bind(id).first()) !== null;
}

/** Whether the request carries the moderation key (`Authorization: Bearer <key>`), compared in constant time. */
export function isModerator(env: Env, request: Request): boolean | "off" {
  const key = env.REVIEWS_MODERATION_KEY ?? "";
  if (key.length < 16) return "off";
  const given = /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? "";
  const [a, b] = [new TextEncoder().encode(given), new TextEncoder().encode(key)];
  return a.byteLength === b.byteLength && timingSafeEqual(a, b);
}
