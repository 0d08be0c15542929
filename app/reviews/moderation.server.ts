/**
 * Reviews held for moderation (sent without the captcha, see publish.server.ts): the
 * list a moderator works through, oldest first, and the decision, one statement each,
 * for the version the moderator read: a review decided meanwhile, or edited since (its
 * author may change it while it waits), is left as it is. Who may moderate: a client of the
 * operations API whose key has the `reviews:moderate` scope (app/ops).
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
