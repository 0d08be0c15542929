import { cleanListingSearch } from "./clean-search";
import { data, redirect } from "react-router";
import type { Lang } from "~/i18n/languages";
import { CARD_COLUMNS, CARD_JOINS, cardFromRow, ORDER } from "./cards.server";
import type { CatalogueQuery } from "./schema";
import { matchExpression, type QueryWord, queryWords } from "./search-terms.server";
import { sortSizes } from "./sizes";
import { mapRows } from "~/server/db.server";
import { nameCol } from "./sql.server";
import type { Facet, Listing } from "./types";

const PAGE_SIZE_DEFAULT = 24;

type Where = { sql: string[]; args: unknown[] };
type FacetName = "brand" | "size" | "color" | "price" | "sale" | "club";

/** The search's words, when the caller chose them (a corrected query); otherwise they come from `q`. */
export type ListingFilter = CatalogueQuery & { categoryPath?: string; words?: readonly QueryWord[] };

/** The FTS5 index of products (workers/migrations/0020_search_index.sql): rowid is the product's id. */
const MATCHING = "p.id IN (SELECT rowid FROM product_search WHERE product_search MATCH ?)";

function wordsOf(f: ListingFilter): readonly QueryWord[] {
  return f.words ?? (f.q ? queryWords(f.q) : []);
}

/**
 * A listing's ORDER BY and its arguments. A search in the default order ranks by where the
 * words are found (all in the name or brand, then all in those or the category, then the
 * rest), newest first within each; a sort the shopper chose is the order.
 */
function orderOf(f: ListingFilter): { sql: string; args: unknown[] } {
  const words = wordsOf(f);
  if (!words.length || f.sort !== "new") return { sql: ORDER[f.sort], args: [] };
  return {
    sql: `CASE WHEN ${MATCHING} THEN 0 WHEN ${MATCHING} THEN 1 ELSE 2 END, ${ORDER[f.sort]}`,
    args: [matchExpression(words, ["search_name"]), matchExpression(words, ["search_name", "search_category"])],
  };
}

/**
 * A list filter's values as one bound JSON array: a listing's statement repeats the
 * conditions once per facet, and D1 binds at most 100 parameters per statement
 * (this way a condition set binds at most 13, whatever the number of values).
 */
const IN_JSON = "(SELECT value FROM json_each(?))";

/** WHERE conditions of a listing; `omit` leaves one facet out, for that facet's counts. */
function conditions(f: ListingFilter, omit?: FacetName): Where {
  const w: Where = { sql: [], args: [] };
  // No LIKE on shopper text: D1 refuses LIKE patterns over 50 bytes (a 25-letter Cyrillic word).
  // A category's subtree is the range of paths after "path/" ("/" + 1 is "0").
  if (f.categoryPath) {
    w.sql.push("p.category_id IN (SELECT id FROM categories WHERE path = ? OR (path >= ? AND path < ?))");
    w.args.push(f.categoryPath, `${f.categoryPath}/`, `${f.categoryPath}0`);
  }
  // The query's terms against the search index (no shopper text in SQL: a bound MATCH expression of quoted terms).
  const words = wordsOf(f);
  if (words.length) {
    w.sql.push(MATCHING);
    w.args.push(matchExpression(words));
  } else if (f.q) {
    w.sql.push("0"); // No searchable word ("a", "%"): nothing, rather than everything.
  }
  if (omit !== "brand" && f.brand.length) {
    w.sql.push(`p.brand_id IN (SELECT id FROM brands WHERE slug IN ${IN_JSON})`);
    w.args.push(JSON.stringify(f.brand));
  }
  if (omit !== "color" && f.color.length) {
    w.sql.push(`p.color_id IN (SELECT id FROM colors WHERE slug IN ${IN_JSON})`);
    w.args.push(JSON.stringify(f.color));
  }
  if (omit !== "size" && f.size.length) {
    w.sql.push(`EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.id AND s.stock > 0 AND s.size IN ${IN_JSON})`);
    w.args.push(JSON.stringify(f.size));
  }
  if (omit !== "price" && f.price_min !== undefined) {
    w.sql.push("p.sale_price > 0 AND p.sale_price >= ?");
    w.args.push(f.price_min);
  }
  if (omit !== "price" && f.price_max !== undefined) {
    w.sql.push("p.sale_price > 0 AND p.sale_price <= ?");
    w.args.push(f.price_max);
  }
  if (omit !== "sale" && f.sale) w.sql.push("p.sale_price > 0 AND p.sale_price < p.first_price");
  if (omit !== "club" && f.club) w.sql.push("p.in_club = 1");
  return w;
}

function whereSql(w: Where): string {
  return w.sql.length ? `WHERE ${w.sql.join(" AND ")}` : "";
}

/** `conditions` plus extra ones (always-true filters of a facet's own count). */
function whereWith(w: Where, ...extra: string[]): string {
  return whereSql({ sql: [...w.sql, ...extra], args: w.args });
}

/**
 * The facet statement's one row: the total, the counts of sale and club, and each value
 * list as a compact JSON array built by SQLite (`[slug, name, count]` per brand,
 * `[slug, name, hex, count]` per color, `[size, count]` per size, `[min, max]` of prices).
 */
type FacetsRow = { total: number; brands: string; colors: string; sizes: string; price: string; sale: number; club: number };

function facetsFromRow(r: FacetsRow): { total: number; facets: Listing["facets"] } {
  const brands: [string, string, number][] = JSON.parse(r.brands);
  const colors: [string, string, string, number][] = JSON.parse(r.colors);
  const sizes: [string, number][] = JSON.parse(r.sizes);
  const [min, max]: [number | null, number | null] = JSON.parse(r.price);
  return {
    total: r.total,
    facets: {
      brand: brands.map(([value, label, count]): Facet => ({ value, label, count })),
      color: colors.map(([value, label, hex, count]): Facet => ({ value, label, hex, count })),
      size: sortSizes(
        sizes.map(([value, count]): Facet => ({ value, label: value, count })),
        (s) => s.value,
      ),
      price: min === null || max === null ? null : { min, max },
      sale: r.sale,
      club: r.club,
    },
  };
}

/**
 * One page of a listing with its facet counts, in a single D1 round trip of two
 * statements: the page's cards, and one row that carries the total and every
 * facet (value lists as compact JSON arrays built by SQLite, so D1 returns one
 * row instead of ~80 and the Worker parses them with one `JSON.parse` each).
 * Each facet is counted under every other active filter, so a count says how
 * many products ticking that box would show.
 */
export async function getListing(db: D1Database, lang: Lang, f: ListingFilter, pageSize = PAGE_SIZE_DEFAULT): Promise<Listing> {
  const all = conditions(f);
  const order = orderOf(f);
  const offset = (f.page - 1) * pageSize;
  const facet = (name: FacetName) => conditions(f, name);
  const bw = facet("brand");
  const cw = facet("color");
  const sw = facet("size");
  const pw = facet("price");
  const salew = facet("sale");
  const clubw = facet("club");
  // Sizes: (product_id, size) is unique, so COUNT(*) per size counts products; with no
  // other filter every sku's product counts (skus.product_id references products).
  const facetsSql = `SELECT
    (SELECT COUNT(*) FROM products p ${whereSql(all)}) AS total,
    (SELECT json_group_array(json_array(b.slug, b.name, n) ORDER BY b.name) FROM
      (SELECT p.brand_id, COUNT(*) AS n FROM products p ${whereSql(bw)} GROUP BY p.brand_id) JOIN brands b ON b.id = brand_id) AS brands,
    (SELECT json_group_array(json_array(c.slug, ${nameCol(lang, "c")}, c.hex, n) ORDER BY c.id) FROM
      (SELECT p.color_id, COUNT(*) AS n FROM products p ${whereSql(cw)} GROUP BY p.color_id) JOIN colors c ON c.id = color_id) AS colors,
    (SELECT json_group_array(json_array(size, n)) FROM
      (SELECT s.size, COUNT(*) AS n FROM ${sw.sql.length ? "products p JOIN skus s ON s.product_id = p.id AND" : "skus s WHERE"} s.stock > 0 ${whereSql(sw)} GROUP BY s.size)) AS sizes,
    (SELECT json_array(MIN(p.sale_price), MAX(p.sale_price)) FROM products p ${whereWith(pw, "p.sale_price > 0")}) AS price,
    (SELECT COUNT(*) FROM products p ${whereWith(salew, "p.sale_price > 0 AND p.sale_price < p.first_price")}) AS sale,
    (SELECT COUNT(*) FROM products p ${whereWith(clubw, "p.in_club = 1")}) AS club`;
  const [list, facetRow] = await db.batch([
    // The page's ids first (products only), then the card's joins for those rows alone.
    // Every product has a translation per language and an image (the count assumes it too).
    db
      .prepare(
        `SELECT ${CARD_COLUMNS} FROM products p ${CARD_JOINS}
         WHERE p.id IN (SELECT p.id FROM products p ${whereSql(all)} ORDER BY ${order.sql} LIMIT ? OFFSET ?)
         ORDER BY ${order.sql}`,
      )
      .bind(lang, ...all.args, ...order.args, pageSize, offset, ...order.args),
    db.prepare(facetsSql).bind(...all.args, ...bw.args, ...cw.args, ...sw.args, ...pw.args, ...salew.args, ...clubw.args),
  ]);
  const { total, facets } = mapRows(facetRow, facetsFromRow)[0]!;
  return {
    products: mapRows(list, cardFromRow),
    total,
    page: f.page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    facets,
  };
}

/** A listing's page past its end: a 404 that links to the listing's first page (same filters). */
/**
 * A listing's URL spelled other than its one clean form (empty or default parameters, another
 * order, a forms' submission without JavaScript): a permanent redirect to the clean one.
 */
export function requireCleanListingUrl(url: URL): void {
  const clean = cleanListingSearch(url.searchParams);
  // Compared as parameters, not as spelled: `%20` and `+` are the same space, and so on.
  const asked = url.searchParams.toString();
  if (clean !== (asked ? `?${asked}` : "")) throw redirect(url.pathname + clean, 301);
}

/** The same search with exactly what was typed (no other layout, no correction), from its first page. */
export function exactSearchUrl(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  params.set("exact", "1");
  params.delete("page");
  return url.pathname + cleanListingSearch(params);
}

export function pastTheEnd(url: URL): never {
  const first = new URLSearchParams(url.searchParams);
  first.delete("page");
  const query = first.toString();
  throw data({ firstPage: url.pathname + (query ? `?${query}` : "") }, { status: 404 });
}
