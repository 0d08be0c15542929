import type { Lang } from "~/i18n/languages";
import type { ReviewSort } from "./schema";

/** How many reviews the widget shows before "show all". */
export const REVIEWS_SHOWN = 5;

export type MatchingValue = { id: number; name: string; count: number; share: number };
export type MatchingParameter = { id: number; name: string; values: MatchingValue[] };

export type Review = {
  id: number;
  userName: string;
  rating: number;
  text: string;
  /** Unix seconds. */
  date: number;
  likes: number;
  dislikes: number;
  /** The viewer's reaction: 1 like, -1 dislike, 0 none. */
  mine: 1 | -1 | 0;
  /** The viewer wrote it. */
  own: boolean;
  /** Held for moderation (shown to its author only). */
  pending: boolean;
  /** Rejected by the moderator, with the reason its author reads (the review stays theirs alone). */
  rejectedReason: string | null;
  /** Its author bought the product (an order with it, not cancelled). */
  confirmed: boolean;
  /** What a confirmed review's author bought: the size of their latest such order's line, and the product's colour in the page's language. */
  bought: { size: string; color: string } | null;
  /** Parameter id → chosen value id. */
  matchings: Record<string, number>;
};

export type ProductReviews = {
  /** Average rating (one decimal), 0 without reviews. */
  rating: number;
  count: number;
  parameters: MatchingParameter[];
  reviews: Review[];
};

/** The name column of a parameter or value in a language. */
export const NAME: Record<Lang, string> = { uz: "name_uz", ru: "name_ru", uk: "name_uk" };

/** Value rows (ordered by parameter) as parameters with their values. */
export function groupByParameter<V extends { id: number; name: string }>(
  rows: (V & { parameterId: number; parameter: string })[],
): { id: number; name: string; values: V[] }[] {
  const parameters: { id: number; name: string; values: V[] }[] = [];
  for (const { parameterId, parameter, ...value } of rows) {
    let p = parameters.at(-1);
    if (p?.id !== parameterId) parameters.push((p = { id: parameterId, name: parameter, values: [] }));
    p.values.push(value as unknown as V);
  }
  return parameters;
}

/** What a sort orders by first: the reactions' balance, or whether the author bought the product. */
const SORT_KEY: Record<ReviewSort, string> = {
  useful: "(SELECT COALESCE(SUM(x.reaction), 0) FROM review_reactions x WHERE x.review_id = r.id)",
  new: "0",
  positive: "0",
  confirmed: `EXISTS (SELECT 1 FROM orders o JOIN order_lines ol ON ol.order_id = o.id
              WHERE o.user_id = r.user_id AND ol.product_id = r.product_id AND o.status != 'cancelled')`,
};

/** Most useful (likes less dislikes), newest, best rated, or bought first; newest within each. */
const ORDER: Record<ReviewSort, string> = {
  useful: "sort_key DESC, r.created_at DESC, r.id DESC",
  new: "r.created_at DESC, r.id DESC",
  positive: "r.rating DESC, r.created_at DESC, r.id DESC",
  confirmed: "sort_key DESC, r.created_at DESC, r.id DESC",
};

// What a viewer sees: published reviews, and their own held one. ?1 product, ?2 viewer (0: a guest).
const VISIBLE = "r.product_id = ?1 AND (r.status = 'published' OR r.user_id = ?2)";

/**
 * A product's reviews as the widget and the API show them, in one round trip: the
 * summary, the matching parameters with each value's share of answers, and the list
 * (the first `REVIEWS_SHOWN`, or all) in the chosen order. Counts of likes are counted
 * from the reactions, so they are exact whatever ran in parallel.
 */
export async function productReviews(
  db: D1Database,
  lang: Lang,
  productId: number,
  { sort, all, viewerId }: { sort: ReviewSort; all: boolean; viewerId: number | null },
): Promise<ProductReviews> {
  const name = NAME[lang];
  const viewer = viewerId ?? 0;
  const [summary, values, list] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n, COALESCE(ROUND(AVG(r.rating), 1), 0) AS rating FROM reviews r WHERE ${VISIBLE}`).bind(productId, viewer),
    db
      .prepare(
        // The answers are counted over this product's reviews (its index), not over every review that gave the value.
        `SELECT mp.id AS parameterId, mp.${name} AS parameter, mv.id, mv.${name} AS name, COALESCE(a.n, 0) AS count
         FROM category_matching_parameters cmp
         JOIN matching_parameters mp ON mp.id = cmp.parameter_id
         JOIN matching_values mv ON mv.parameter_id = mp.id
         LEFT JOIN (SELECT rm.value_id, COUNT(*) AS n FROM reviews r JOIN review_matchings rm ON rm.review_id = r.id
           WHERE ${VISIBLE} GROUP BY rm.value_id) a ON a.value_id = mv.id
         WHERE cmp.category_id = (SELECT category_id FROM products WHERE id = ?1)
         ORDER BY cmp.position, mv.position`,
      )
      .bind(productId, viewer),
    db
      .prepare(
        // The shown rows are chosen first (their order needs only the reactions' balance or
        // the purchase check); the per-row details are then read for those rows only.
        `WITH shown AS (
           SELECT r.id, r.created_at, r.rating, ${SORT_KEY[sort]} AS sort_key FROM reviews r WHERE ${VISIBLE}
           ORDER BY ${ORDER[sort]} LIMIT ?3)
         SELECT r.id, r.user_name AS userName, r.rating, r.text, r.created_at AS date, r.status, r.rejected_reason AS rejectedReason,
           COALESCE(r.user_id = ?2, 0) AS own,
           (SELECT COUNT(*) FROM review_reactions x WHERE x.review_id = r.id AND x.reaction = 1) AS likes,
           (SELECT COUNT(*) FROM review_reactions x WHERE x.review_id = r.id AND x.reaction = -1) AS dislikes,
           COALESCE((SELECT reaction FROM review_reactions x WHERE x.review_id = r.id AND x.user_id = ?2), 0) AS mine,
           (SELECT ol.size FROM orders o JOIN order_lines ol ON ol.order_id = o.id
            WHERE o.user_id = r.user_id AND ol.product_id = r.product_id AND o.status != 'cancelled'
            ORDER BY o.id DESC LIMIT 1) AS boughtSize,
           (SELECT c.${name} FROM products p JOIN colors c ON c.id = p.color_id WHERE p.id = r.product_id) AS color,
           (SELECT json_group_object(parameter_id, value_id) FROM review_matchings WHERE review_id = r.id) AS matchings
         FROM shown JOIN reviews r ON r.id = shown.id
         ORDER BY ${ORDER[sort].replace("sort_key", "shown.sort_key")}`,
      )
      .bind(productId, viewer, all ? -1 : REVIEWS_SHOWN),
  ]);
  const head = summary!.results[0] as { n: number; rating: number };
  const parameters: MatchingParameter[] = groupByParameter(
    (values!.results as { parameterId: number; parameter: string; id: number; name: string; count: number }[]).map((v) => ({ ...v, share: 0 })),
  );
  for (const p of parameters) {
    const answers = p.values.reduce((sum, v) => sum + v.count, 0);
    for (const v of p.values) v.share = answers ? Math.round((v.count / answers) * 100) : 0;
  }
  type Row = Omit<Review, "own" | "pending" | "confirmed" | "bought" | "matchings" | "mine"> & {
    own: number;
    status: string;
    // An order line's size is never null: a size means the author bought it (the review is confirmed).
    boughtSize: string | null;
    color: string;
    matchings: string | null;
    mine: number;
  };
  const reviews = (list!.results as Row[]).map(
    ({ own, status, boughtSize, color, matchings, mine, ...r }): Review => ({
      ...r,
      mine: mine === 1 ? 1 : mine === -1 ? -1 : 0,
      own: own === 1,
      pending: status !== "published",
      confirmed: boughtSize !== null,
      bought: boughtSize === null ? null : { size: boughtSize, color },
      matchings: matchings ? (JSON.parse(matchings) as Record<string, number>) : {},
    }),
  );
  return { rating: head.rating, count: head.n, parameters, reviews };
}

export type ReviewsForSearch = { rating: number; count: number; reviews: { author: string; rating: number; text: string; date: string }[] };

/**
 * What the product's JSON-LD says of its reviews (Google's review snippets): the
 * published reviews' average and count, and the newest few. Statements to run in the
 * product's own batch (no round trip of their own; the same cost whatever the number of
 * reviews: an index and a limit); `reviewsForSearch` reads their results.
 */
export function reviewsForSearchQueries(db: D1Database, slug: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        "SELECT COUNT(*) AS n, COALESCE(ROUND(AVG(r.rating), 1), 0) AS rating FROM reviews r WHERE r.product_id = (SELECT id FROM products WHERE slug = ?) AND r.status = 'published'",
      )
      .bind(slug),
    db
      .prepare(
        `SELECT r.user_name AS author, r.rating, r.text, r.created_at AS date FROM reviews r
         WHERE r.product_id = (SELECT id FROM products WHERE slug = ?) AND r.status = 'published' AND r.text != ''
         ORDER BY r.created_at DESC, r.id DESC LIMIT ${REVIEWS_SHOWN}`,
      )
      .bind(slug),
  ];
}

export function reviewsForSearch([summary, newest]: D1Result[]): ReviewsForSearch {
  const head = (summary?.results[0] as { n: number; rating: number } | undefined) ?? { n: 0, rating: 0 };
  return {
    rating: head.rating,
    count: head.n,
    reviews: ((newest?.results ?? []) as { author: string; rating: number; text: string; date: number }[]).map((r) => ({
      ...r,
      date: new Date(r.date * 1000).toISOString().slice(0, 10),
    })),
  };
}
