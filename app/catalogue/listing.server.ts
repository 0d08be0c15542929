import { cleanListingSearch } from "./clean-search";
import { data, redirect } from "react-router";
import type { Lang } from "~/i18n/languages";
import { CARD_COLUMNS, CARD_JOINS, cardFromRow, ORDER, ORDER_IN_CATEGORY } from "./cards.server";
import type { CatalogueQuery } from "./schema";
import { sortSizes } from "./sizes";
import { mapRows } from "~/server/db.server";
import { nameCol } from "./sql.server";
import type { Facet, Listing } from "./types";

const PAGE_SIZE_DEFAULT = 24;

/**
 * How far a listing pages: the first 2,400 products of any listing (100 pages of 24). Deeper
 * pages cost a read per product skipped; a shopper that far narrows with a filter or a sort,
 * and a crawler finds every product through the sitemaps (docs/decisions/026-flat-listings.md).
 */
export const LISTING_MAX_ITEMS = 2_400;

/**
 * The most products a facet's counts under other filters are counted over. A filtered set
 * larger than this shows its values without counts (the department's values), so a filtered
 * page reads at most this many rows per facet, whatever the catalogue's size.
 */
export const FACET_COUNT_BOUND = 1_000;

type Where = { sql: string[]; args: unknown[] };
type FacetName = "brand" | "size" | "color" | "price" | "sale" | "club";

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
function orderOf(f: ListingFilter): { rank: string; sql: string; args: unknown[] } {
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
const CATEGORY = "l.category_id = (SELECT id FROM cat)";

/** The `cat` CTE each statement of a listing starts with: its category's id, or 0. */
function categoryCte(f: ListingFilter): { sql: string; args: unknown[] } {
  return f.categoryPath
    ? { sql: "WITH cat(id) AS (SELECT (SELECT id FROM categories WHERE path = ?))", args: [f.categoryPath] }
    : { sql: "WITH cat(id) AS (SELECT 0)", args: [] };
}

/**
 * The shopper's filters over `l` (category_products: one row per product and listed category);
 * `omit` leaves one facet out, for that facet's counts. Empty: the category's whole listing.
 */
function conditions(f: ListingFilter, omit?: FacetName): Where {
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
function whereOf(w: Where, ...extra: string[]): string {
  return `WHERE ${[CATEGORY, ...w.sql, ...extra].join(" AND ")}`;
}

/** The category's own counts (category_facets, kept by triggers): read, never recounted. */
const KEPT = "f.category_id = (SELECT id FROM cat) AND f.n > 0 AND f.facet =";

/**
 * The facet statement's one row. `all_*`: the category's kept counts (exact, whatever its
 * size). Under filters, each facet's counts over a bounded set of products, as
 * `[seen, rows]`: `seen` past FACET_COUNT_BOUND means the set was cut and the rows are not
 * shown as counts. Value rows are compact JSON arrays built by SQLite: `[slug, name, count]` per
 * brand, `[slug, name, hex, count]` per color, `[size, count]` per size; prices `[min, max]`.
 */
type FacetsRow = {
  total: number | null;
  all_brands: string;
  all_colors: string;
  all_sizes: string;
  all_price: string;
  all_sale: number | null;
  all_club: number | null;
  brands: string | null;
  colors: string | null;
  sizes: string | null;
  price: string | null;
  sale: string | null;
  club: string | null;
};

type Bounded<T> = [seen: number, rows: T];
const within = <T>([seen]: Bounded<T>) => seen <= FACET_COUNT_BOUND;

/** A facet's rows as counted under the other filters, or its values without counts where the set was cut. */
function counted<T>(bounded: string | null, all: T[], withCount: (row: T, count: number | null) => Facet, countOf: (row: T) => number): Facet[] {
  if (bounded === null) return all.map((r) => withCount(r, countOf(r)));
  const set: Bounded<T[]> = JSON.parse(bounded);
  return within(set) ? set[1].map((r) => withCount(r, countOf(r))) : all.map((r) => withCount(r, null));
}

function boundedCount(bounded: string | null, all: number | null): number | null {
  if (bounded === null) return all ?? 0;
  const set: Bounded<number> = JSON.parse(bounded);
  return within(set) ? set[1] : null;
}

function facetsFromRow(r: FacetsRow): Listing["facets"] {
  type BrandRow = [string, string, number];
  type ColorRow = [string, string, string, number];
  type SizeRow = [string, number];
  const brand = counted<BrandRow>(
    r.brands,
    JSON.parse(r.all_brands),
    ([value, label], count) => ({ value, label, count }),
    (b) => b[2],
  );
  const color = counted<ColorRow>(
    r.colors,
    JSON.parse(r.all_colors),
    ([value, label, hex], count) => ({ value, label, hex, count }),
    (c) => c[3],
  );
  const size = counted<SizeRow>(
    r.sizes,
    JSON.parse(r.all_sizes),
    ([value], count) => ({ value, label: value, count }),
    (s) => s[1],
  );
  let price: [number | null, number | null] = JSON.parse(r.all_price);
  if (r.price !== null) {
    const set: Bounded<[number | null, number | null]> = JSON.parse(r.price);
    if (within(set)) price = set[1];
  }
  const [min, max] = price;
  return {
    brand,
    color,
    size: sortSizes(size, (s) => s.value),
    price: min === null || max === null ? null : { min, max },
    sale: boundedCount(r.sale, r.all_sale),
    club: boundedCount(r.club, r.all_club),
  };
}

/**
 * The facets statement. Without filters: the category's kept counts. Under filters, the
 * total is counted as far as the listing pages (`tx`), and the listing's first products
 * (bounded: `ax`) give the counts of every facet no filter is set on; a facet with a filter
 * of its own is counted under the other filters (its own bounded set), or is the category's
 * kept counts when no other filter is set. A count says how many products ticking that box
 * would show.
 */
function facetsStatement(f: ListingFilter, lang: Lang, maxItems: number): { sql: string; args: unknown[] } {
  const all = conditions(f);
  const args: unknown[] = [];
  const ctes: string[] = [];
  const columns = "l.product_id, l.brand_id, l.color_id, l.sale_price, l.first_price, l.in_club";
  const bounded = (w: Where) => `(SELECT ${columns} FROM category_products l ${whereOf(w)} LIMIT ${FACET_COUNT_BOUND + 1})`;
  /** The CTE of a facet's set: `ax` for the listing's, its own where its filter is set and another too; null: kept counts. */
  const setOf = (name: FacetName): string | null => {
    if (!all.sql.length) return null;
    const own = conditions(f, name);
    if (own.sql.length === all.sql.length) return "ax";
    if (!own.sql.length) return null;
    ctes.push(`${name}x AS MATERIALIZED ${bounded(own)}`);
    args.push(...own.args);
    return `${name}x`;
  };
  if (all.sql.length && (f.size.length || f.match)) {
    // A size or a search asks something of each product beyond its row (a probe of its sizes, the
    // index's matches): one pass over the listing as far as it pages (`mx`), whose count is the
    // total and whose first products, bounded, every facet no filter is set on is counted over.
    ctes.push(`mx AS MATERIALIZED (SELECT ${columns} FROM category_products l ${whereOf(all)} LIMIT ${maxItems + 1})`);
    ctes.push("tx(n) AS (SELECT COUNT(*) FROM mx)");
    ctes.push(`ax AS (SELECT * FROM mx LIMIT ${FACET_COUNT_BOUND + 1})`);
    args.push(...all.args);
  } else if (all.sql.length) {
    // The other filters are the row's own columns, which an index holds: the total is counted in
    // the index alone (cheaper than copying the rows), and the bounded first products apart.
    ctes.push(`tx(n) AS (SELECT COUNT(*) FROM (SELECT 1 FROM category_products l ${whereOf(all)} LIMIT ${maxItems + 1}))`);
    ctes.push(`ax AS MATERIALIZED ${bounded(all)}`);
    args.push(...all.args, ...all.args);
  }
  const counts = (set: string | null, rows: (cte: string) => string, as: string) =>
    set ? `json_array((SELECT COUNT(*) FROM ${set}), ${rows(set)}) AS ${as}` : `NULL AS ${as}`;
  const parts = [
    all.sql.length ? "(SELECT n FROM tx) AS total" : `(SELECT n FROM category_facets f WHERE ${KEPT} 'total' AND f.value = '') AS total`,
    counts(
      setOf("brand"),
      (x) => `(SELECT json_group_array(json_array(b.slug, b.name, n) ORDER BY b.name)
        FROM (SELECT brand_id, COUNT(*) AS n FROM ${x} GROUP BY brand_id) JOIN brands b ON b.id = brand_id)`,
      "brands",
    ),
    counts(
      setOf("color"),
      (x) => `(SELECT json_group_array(json_array(c.slug, ${nameCol(lang, "c")}, c.hex, n) ORDER BY c.id)
        FROM (SELECT color_id, COUNT(*) AS n FROM ${x} GROUP BY color_id) JOIN colors c ON c.id = color_id)`,
      "colors",
    ),
    // The set first, then each of its products' sizes (CROSS JOIN keeps that order: not every sku's product looked up).
    counts(
      setOf("size"),
      (x) => `(SELECT json_group_array(json_array(size, n))
        FROM (SELECT s.size, COUNT(*) AS n FROM ${x} CROSS JOIN skus s ON s.product_id = ${x}.product_id AND s.stock > 0 GROUP BY s.size))`,
      "sizes",
    ),
    counts(setOf("price"), (x) => `(SELECT json_array(MIN(sale_price), MAX(sale_price)) FROM ${x} WHERE sale_price > 0)`, "price"),
    counts(setOf("sale"), (x) => `(SELECT COUNT(*) FROM ${x} WHERE sale_price > 0 AND sale_price < first_price)`, "sale"),
    counts(setOf("club"), (x) => `(SELECT COUNT(*) FROM ${x} WHERE in_club = 1)`, "club"),
    `(SELECT json_group_array(json_array(b.slug, b.name, f.n) ORDER BY b.name) FROM category_facets f JOIN brands b ON b.id = f.value WHERE ${KEPT} 'brand') AS all_brands`,
    `(SELECT json_group_array(json_array(c.slug, ${nameCol(lang, "c")}, c.hex, f.n) ORDER BY c.id) FROM category_facets f JOIN colors c ON c.id = f.value WHERE ${KEPT} 'color') AS all_colors`,
    `(SELECT json_group_array(json_array(f.value, f.n)) FROM category_facets f WHERE ${KEPT} 'size') AS all_sizes`,
    // The price index's ends (the equality on its `sale_price = 0` column leaves the hidden prices out).
    `json_array(
      (SELECT sale_price FROM category_products l WHERE ${CATEGORY} AND (sale_price = 0) = 0 ORDER BY sale_price LIMIT 1),
      (SELECT sale_price FROM category_products l WHERE ${CATEGORY} AND (sale_price = 0) = 0 ORDER BY sale_price DESC LIMIT 1)) AS all_price`,
    `(SELECT n FROM category_facets f WHERE ${KEPT} 'sale') AS all_sale`,
    `(SELECT n FROM category_facets f WHERE ${KEPT} 'club') AS all_club`,
  ];
  // The arguments went into `args` in the order of their placeholders: the CTEs'; the parts bind none.
  const cat = categoryCte(f);
  return {
    sql: `${cat.sql}${ctes.map((c) => `, ${c}`).join("")}
      SELECT ${parts.join(",\n")}`,
    args: [...cat.args, ...args],
  };
}

/**
 * One page of a listing with its facet counts, in a single D1 round trip of two statements:
 * the page's cards, and one row with the total and every facet. A category's rows are read
 * through the index of the page's sort and stop at the page's end; its own counts are kept
 * by triggers (workers/migrations/0031_category_listing.sql); counts under filters are
 * bounded. `maxItems`: how far the listing pages (the JSON catalogue pages further).
 */
export async function getListing(db: D1Database, lang: Lang, f: ListingFilter, pageSize = PAGE_SIZE_DEFAULT, maxItems = LISTING_MAX_ITEMS): Promise<Listing> {
  const all = conditions(f);
  const order = orderOf(f);
  const offset = (f.page - 1) * pageSize;
  const cat = categoryCte(f);
  const facets = facetsStatement(f, lang, maxItems);
  // A page past the listing's reach is not read (the route answers it 404).
  const reachable = offset < maxItems;
  const [list, facetRow] = await db.batch([
    // The page's ids and ranks first (the category's rows in the sort's index), then the card's joins for
    // those rows alone, in the same order (the rank computed once: a search's is two more index reads).
    db
      .prepare(
        `${cat.sql}
         SELECT ${CARD_COLUMNS}
         FROM (SELECT l.product_id, ${order.rank} AS r FROM category_products l ${whereOf(all)} ORDER BY ${order.sql} LIMIT ? OFFSET ?) pg
         JOIN products p ON p.id = pg.product_id ${CARD_JOINS}
         ORDER BY pg.r, ${ORDER[f.sort]}`,
      )
      .bind(...cat.args, ...order.args, ...all.args, reachable ? pageSize : 0, offset, lang),
    db.prepare(facets.sql).bind(...facets.args),
  ]);
  const row = mapRows(facetRow, (r: FacetsRow) => r)[0]!;
  // A filtered total is counted to one past the reach; a category's is its kept count, shown whole.
  const counted = row.total ?? 0;
  const reached = Math.min(counted, maxItems);
  return {
    products: mapRows(list, cardFromRow),
    total: all.sql.length ? reached : counted,
    totalAtLeast: counted > reached && all.sql.length > 0,
    page: f.page,
    pageCount: Math.max(1, Math.ceil(reached / pageSize)),
    facets: facetsFromRow(row),
  };
}

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

/** A listing's page past its end: a 404 that links to the listing's first page (same filters). */
export function pastTheEnd(url: URL): never {
  const first = new URLSearchParams(url.searchParams);
  first.delete("page");
  const query = first.toString();
  throw data({ firstPage: url.pathname + (query ? `?${query}` : "") }, { status: 404 });
}
