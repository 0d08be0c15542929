import type { Lang } from "~/i18n/languages";
import { categoryCte, CATEGORY, conditions, type FacetName, type ListingFilter, type Where, whereOf } from "./listing-query.server";
import { sortSizes } from "./sizes";
import { nameCol } from "./sql.server";
import type { Facet, Listing } from "./types";

// A listing's facets (brands, colours, sizes, price, sale, club) and their counts,
// in one statement beside the page's.

/**
 * The most products a facet's counts under other filters are counted over. A filtered set
 * larger than this shows its values without counts (the department's values), so a filtered
 * page reads at most this many rows per facet, whatever the catalogue's size.
 */
export const FACET_COUNT_BOUND = 1_000;

/** The category's own counts (category_facets, kept by triggers): read, never recounted. */
const KEPT = "f.category_id = (SELECT id FROM cat) AND f.n > 0 AND f.facet =";

/**
 * The facet statement's one row. `all_*`: the category's kept counts (exact, whatever its
 * size). Under filters, each facet's counts over a bounded set of products, as
 * `[seen, rows]`: `seen` past FACET_COUNT_BOUND means the set was cut and the rows are not
 * shown as counts. Value rows are compact JSON arrays built by SQLite: `[slug, name, count]` per
 * brand, `[slug, name, hex, count]` per color, `[size, count]` per size; prices `[min, max]`.
 */
export type FacetsRow = {
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

export function facetsFromRow(r: FacetsRow): Listing["facets"] {
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
export function facetsStatement(f: ListingFilter, lang: Lang, maxItems: number): { sql: string; args: unknown[] } {
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
