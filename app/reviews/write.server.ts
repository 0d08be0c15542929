import type { Lang } from "~/i18n/languages";
import { hit } from "~/server/rate-limit.server";

/** Reviews an account may send per hour (each edit counts), and per client address. */
export const REVIEWS_PER_HOUR = 5;
export const REVIEWS_PER_ADDRESS_HOUR = 30;

export type NewReview = {
  productId: number;
  userId: number;
  userName: string;
  rating: number;
  text: string;
  lang: Lang;
  /** Chosen value ids; only values of the product's own parameters are kept (one per parameter). */
  valueIds: number[];
  /** `pending`: held for moderation (sent without the captcha). */
  status: "published" | "pending";
};

/** Whether the product exists (a review names one). */
export async function reviewableProduct(db: D1Database, productId: number): Promise<boolean> {
  return Boolean(await db.prepare("SELECT 1 AS ok FROM products WHERE id = ?").bind(productId).first());
}

/** The per-account and per-address allowance for sending a review (429 with Retry-After when used up). */
export async function reviewAllowance(db: D1Database, userId: number, address: string): Promise<{ allowed: boolean; retryAfter: number }> {
  const [mine, here] = await Promise.all([
    hit(db, `review:user:${userId}`, REVIEWS_PER_HOUR, 3600),
    hit(db, `review:ip:${address}`, REVIEWS_PER_ADDRESS_HOUR, 3600),
  ]);
  return mine.allowed && here.allowed ? { allowed: true, retryAfter: 0 } : { allowed: false, retryAfter: Math.max(mine.retryAfter, here.retryAfter) };
}

/**
 * Publishes (or, for the same shopper and product, edits) a review and its choices in
 * one batch: one review per shopper and product, the choices replaced with it. Text is
 * stored as typed (plain text; pages escape it). Returns the review's id.
 */
export async function saveReview(db: D1Database, r: NewReview): Promise<number> {
  const mine = "SELECT id FROM reviews WHERE product_id = ?1 AND user_id = ?2";
  const [, , , row] = await db.batch([
    db
      .prepare(
        `INSERT INTO reviews (product_id, user_id, user_name, rating, text, lang, status) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (product_id, user_id) DO UPDATE SET user_name = excluded.user_name, rating = excluded.rating, text = excluded.text,
           lang = excluded.lang, status = excluded.status, updated_at = unixepoch(), version = version + 1,
           rejected_reason = NULL, rejected_at = NULL`,
      )
      .bind(r.productId, r.userId, r.userName, r.rating, r.text, r.lang, r.status),
    db.prepare(`DELETE FROM review_matchings WHERE review_id = (${mine})`).bind(r.productId, r.userId),
    db
      .prepare(
        `INSERT OR IGNORE INTO review_matchings (review_id, parameter_id, value_id)
         SELECT (${mine}), mv.parameter_id, mv.id FROM matching_values mv
         WHERE mv.id IN (SELECT value FROM json_each(?3))
           AND mv.parameter_id IN (SELECT parameter_id FROM category_matching_parameters
                                   WHERE category_id = (SELECT category_id FROM products WHERE id = ?1))`,
      )
      .bind(r.productId, r.userId, JSON.stringify(r.valueIds)),
    db.prepare(mine).bind(r.productId, r.userId),
  ]);
  return (row!.results[0] as { id: number }).id;
}

/**
 * Sets a shopper's reaction to a review in one statement: like (1), dislike (-1) or none
 * (both 0); a like replaces a dislike and the reverse. Then the review's counts, counted.
 * Null when there is no such published review: one held for moderation is not there for
 * reactions (its author included), so it neither takes nor loses any until published.
 */
export async function react(
  db: D1Database,
  reviewId: number,
  userId: number,
  like: boolean,
  dislike: boolean,
): Promise<{ likes: number; dislikes: number; user_like: 0 | 1; user_dislike: 0 | 1 } | null> {
  const reaction = like ? 1 : dislike ? -1 : 0;
  const [, counts] = await db.batch([
    reaction
      ? db
          .prepare(
            `INSERT INTO review_reactions (review_id, user_id, reaction) SELECT id, ?2, ?3 FROM reviews WHERE id = ?1 AND status = 'published'
             ON CONFLICT (review_id, user_id) DO UPDATE SET reaction = excluded.reaction`,
          )
          .bind(reviewId, userId, reaction)
      : db
          .prepare(
            "DELETE FROM review_reactions WHERE review_id = ?1 AND user_id = ?2 AND EXISTS (SELECT 1 FROM reviews WHERE id = ?1 AND status = 'published')",
          )
          .bind(reviewId, userId),
    db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM review_reactions WHERE review_id = r.id AND reaction = 1) AS likes,
           (SELECT COUNT(*) FROM review_reactions WHERE review_id = r.id AND reaction = -1) AS dislikes
         FROM reviews r WHERE r.id = ?1 AND r.status = 'published'`,
      )
      .bind(reviewId),
  ]);
  const row = counts!.results[0] as { likes: number; dislikes: number } | undefined;
  if (!row) return null;
  return { likes: row.likes, dislikes: row.dislikes, user_like: reaction === 1 ? 1 : 0, user_dislike: reaction === -1 ? 1 : 0 };
}
