import type { CatalogueQuery } from "./schema";
import { ORDER_IN_CATEGORY } from "./cards.server";

// A listing's filter as SQL over category_products: the shopper's conditions, the
// category, and a search's rank and order. The page's read (listing.server.ts) and
// the facets' (listing-facets.server.ts) build on the same conditions.

export type Where = { sql: string[]; args: unknown[] };
export type FacetName = "brand" | "size" | "color" | "price" | "sale" | "club";

/**
 * A search's words as a listing filters and ranks by them: FTS5 MATCH expressions over the
 * products' index, in every column, in the name's and in the name's or the category's. The
 * search builds them from the query's words; the listing never reads `q` itself.
 */
export type ListingMatch = { all: string; name: string; nameOrCategory: string };

/** The search's match, when `q` has words to find; `q` without one finds nothing. */
export type ListingFilter = CatalogueQuery & { categoryPath?: string; match?: ListingMatch | undefined };

/** The FTS5 index of products (workers/migrations/0020_search_index.sql): rowid is the product's id. */
const matching = (id: string) => `${id} IN (SELECT rowid FROM product_search WHERE product_search MATCH ?)`;

/**
 * A listing's rank and order over `l` (category_products). A search in the default order ranks
 * by where the words are found (all in the name or brand, then all in those or the category,
 * then the rest), newest first within each; otherwise the rank is 0 and the sort the shopper
 * chose is the order, which an index of category_products gives as it is.
 */
export function orderOf(f: ListingFilter): { rank: string; sql: string; args: unknown[] } {
  const order = ORDER_IN_CATEGORY[f.sort];
  if (!f.match || f.sort !== "new") return { rank: "0", sql: order, args: [] };
  return {
    rank: `CASE WHEN ${matching("l.product_id")} THEN 0 WHEN ${matching("l.product_id")} THEN 1 ELSE 2 END`,
    sql: `r, ${order}`,
    args: [f.match.name, f.match.nameOrCategory],
  };
}

/**
 * A list filter's values as one bound JSON array: a listing's statement repeats the
 * conditions once per facet, and D1 binds at most 100 parameters per statement
 * (this way a condition set binds at most 13, whatever the number of values).
 */
const IN_JSON = "(SELECT value FROM json_each(?))";

/** The listing's category (0: the whole catalogue), from the statement's `cat` CTE. */
export const CATEGORY = "l.category_id = (SELECT id FROM cat)";

/** The `cat` CTE each statement of a listing starts with: its category's id, or 0. */
export function categoryCte(f: ListingFilter): { sql: string; args: unknown[] } {
  return f.categoryPath
    ? { sql: "WITH cat(id) AS (SELECT (SELECT id FROM categories WHERE path = ?))", args: [f.categoryPath] }
    : { sql: "WITH cat(id) AS (SELECT 0)", args: [] };
}

/**
 * The shopper's filters over `l` (category_products: one row per product and listed category);
 * `omit` leaves one facet out, for that facet's counts. Empty: the category's whole listing.
 */
export function conditions(f: ListingFilter, omit?: FacetName): Where {
  const w: Where = { sql: [], args: [] };
  // The query's terms against the search index (no shopper text in SQL: a bound MATCH expression of quoted terms).
  // No LIKE on shopper text: D1 refuses LIKE patterns over 50 bytes (a 25-letter Cyrillic word).
  if (f.match) {
    w.sql.push(matching("l.product_id"));
    w.args.push(f.match.all);
  } else if (f.q) {
    w.sql.push("0"); // No searchable word ("a", "%"): nothing, rather than everything.
  }
  if (omit !== "brand" && f.brand.length) {
    w.sql.push(`l.brand_id IN (SELECT id FROM brands WHERE slug IN ${IN_JSON})`);
    w.args.push(JSON.stringify(f.brand));
  }
  if (omit !== "color" && f.color.length) {
    w.sql.push(`l.color_id IN (SELECT id FROM colors WHERE slug IN ${IN_JSON})`);
    w.args.push(JSON.stringify(f.color));
  }
  if (omit !== "size" && f.size.length) {
    w.sql.push(`EXISTS (SELECT 1 FROM skus s WHERE s.product_id = l.product_id AND s.stock > 0 AND s.size IN ${IN_JSON})`);
    w.args.push(JSON.stringify(f.size));
  }
  if (omit !== "price" && f.price_min !== undefined) {
    w.sql.push("l.sale_price > 0 AND l.sale_price >= ?");
    w.args.push(f.price_min);
  }
  if (omit !== "price" && f.price_max !== undefined) {
    w.sql.push("l.sale_price > 0 AND l.sale_price <= ?");
    w.args.push(f.price_max);
  }
  if (omit !== "sale" && f.sale) w.sql.push(ON_SALE);
  if (omit !== "club" && f.club) w.sql.push("+l.in_club = 1");
  return w;
}

/**
 * On sale. The unary `+` keeps SQLite from reading by a price index for it: most products are
 * on sale or not at random, and a filter that narrows (a brand, a colour, a price range) should
 * choose the index (workers/migrations/0031_category_listing.sql).
 */
const ON_SALE = "+l.sale_price > 0 AND +l.sale_price < l.first_price";

/** The category's rows under these conditions (and any extra ones), as a WHERE clause. */
export function whereOf(w: Where, ...extra: string[]): string {
  return `WHERE ${[CATEGORY, ...w.sql, ...extra].join(" AND ")}`;
}
