import type { Lang } from "~/i18n/languages";
import { likeContains } from "~/server/db.server";
import type { CatalogueQuery, Sort } from "./schema";
import { searchTokens } from "./search-text";

export type Category = {
  id: number;
  parentId: number | null;
  slug: string;
  path: string;
  depth: number;
  name: string;
};

export type ProductCard = {
  id: number;
  slug: string;
  name: string;
  brand: string;
  firstPrice: number;
  salePrice: number;
  inClub: boolean;
  inStock: boolean;
  image: { url: string; width: number; height: number };
};

export type Facet = { value: string; label: string; count: number; hex?: string };

export type Listing = {
  products: ProductCard[];
  total: number;
  page: number;
  pageCount: number;
  facets: {
    brand: Facet[];
    size: Facet[];
    color: Facet[];
    price: { min: number; max: number } | null;
    sale: number;
    club: number;
  };
};

const PAGE_SIZE_DEFAULT = 24;

/** Column of a per-language name; `lang` is a checked Lang, never user text. */
function nameCol(lang: Lang, table = ""): string {
  return `${table ? `${table}.` : ""}name_${lang}`;
}

/**
 * The category tree changes with a deploy, not between requests, and every page
 * needs it (menu, breadcrumbs): each isolate keeps it for a minute. Only
 * settled values are kept (a Worker must not await another request's I/O).
 */
const CATEGORY_TTL_MS = 60_000;
const categoryCache = new Map<Lang, { at: number; value: Category[] }>();

export async function getCategories(db: D1Database, lang: Lang): Promise<Category[]> {
  const hit = categoryCache.get(lang);
  if (hit && Date.now() - hit.at < CATEGORY_TTL_MS) return hit.value;
  const value = await queryCategories(db, lang);
  categoryCache.set(lang, { at: Date.now(), value });
  return value;
}

async function queryCategories(db: D1Database, lang: Lang): Promise<Category[]> {
  const { results } = await db
    .prepare(
      `SELECT id, parent_id AS parentId, slug, path, depth, ${nameCol(lang)} AS name
       FROM categories ORDER BY depth, position, id`,
    )
    .all<Category>();
  return results;
}

/** The category and its ancestors, root first; null if the path is unknown. */
export function categoryTrail(categories: Category[], path: string): Category[] | null {
  const byPath = new Map(categories.map((c) => [c.path, c]));
  if (!byPath.has(path)) return null;
  const parts = path.split("/");
  return parts.map((_, i) => byPath.get(parts.slice(0, i + 1).join("/"))!).filter(Boolean);
}

export function childrenOf(categories: Category[], id: number | null): Category[] {
  return categories.filter((c) => c.parentId === id);
}

type Where = { sql: string[]; args: unknown[] };
type FacetName = "brand" | "size" | "color" | "price" | "sale" | "club";

export type ListingFilter = CatalogueQuery & { categoryPath?: string };

/**
 * A list filter's values as one bound JSON array: a listing's statement repeats the
 * conditions once per facet, and D1 binds at most 100 parameters per statement
 * (this way a condition set binds at most 13, whatever the number of values).
 */
const IN_JSON = "(SELECT value FROM json_each(?))";

/** WHERE conditions of a listing; `omit` leaves one facet out, for that facet's counts. */
function conditions(f: ListingFilter, omit?: FacetName): Where {
  const w: Where = { sql: [], args: [] };
  if (f.categoryPath) {
    w.sql.push("p.category_id IN (SELECT id FROM categories WHERE path = ? OR path LIKE ?)");
    w.args.push(f.categoryPath, `${f.categoryPath}/%`);
  }
  for (const token of searchTokens(f.q)) {
    w.sql.push("p.search_text LIKE ? ESCAPE '\\'");
    w.args.push(likeContains(token));
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

const ORDER: Record<Sort, string> = {
  new: "p.created_at DESC, p.id DESC",
  // Hidden prices (0) go last whichever way the shopper sorts.
  price_asc: "(p.sale_price = 0), p.sale_price ASC, p.id",
  price_desc: "(p.sale_price = 0), p.sale_price DESC, p.id",
  popular: "p.popularity DESC, p.id",
};

const CARD_COLUMNS = `p.id, p.slug, t.name, b.name AS brand, p.first_price AS firstPrice, p.sale_price AS salePrice,
  p.in_club AS inClub, i.url AS imageUrl, i.width AS imageWidth, i.height AS imageHeight,
  EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.id AND s.stock > 0) AS inStock`;

const CARD_JOINS = `JOIN brands b ON b.id = p.brand_id
  JOIN product_translations t ON t.product_id = p.id AND t.lang = ?
  JOIN images i ON i.id = (SELECT id FROM images WHERE product_id = p.id ORDER BY position LIMIT 1)`;

type CardRow = Omit<ProductCard, "image" | "inClub" | "inStock"> & {
  inClub: number;
  inStock: number;
  imageUrl: string;
  imageWidth: number;
  imageHeight: number;
};

function toCard(r: CardRow): ProductCard {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    brand: r.brand,
    firstPrice: r.firstPrice,
    salePrice: r.salePrice,
    inClub: r.inClub === 1,
    inStock: r.inStock === 1,
    image: { url: r.imageUrl, width: r.imageWidth, height: r.imageHeight },
  };
}

/** `conditions` plus extra ones (always-true filters of a facet's own count). */
function whereWith(w: Where, ...extra: string[]): string {
  return whereSql({ sql: [...w.sql, ...extra], args: w.args });
}

/**
 * One page of a listing with its facet counts, in a single D1 round trip of two
 * statements: the page's cards, and one row that carries the total and every
 * facet (value lists as compact JSON arrays built by SQLite, so D1 returns one
 * row instead of ~80 and the Worker parses them with one `JSON.parse` each).
 * Each facet is counted under every other active filter, so a count says how
 * many products ticking that box would show.
 */
export async function getListing(
  db: D1Database,
  lang: Lang,
  f: ListingFilter,
  pageSize = PAGE_SIZE_DEFAULT,
): Promise<Listing> {
  const all = conditions(f);
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
         WHERE p.id IN (SELECT p.id FROM products p ${whereSql(all)} ORDER BY ${ORDER[f.sort]} LIMIT ? OFFSET ?)
         ORDER BY ${ORDER[f.sort]}`,
      )
      .bind(lang, ...all.args, pageSize, offset),
    db.prepare(facetsSql).bind(...all.args, ...bw.args, ...cw.args, ...sw.args, ...pw.args, ...salew.args, ...clubw.args),
  ]);
  const row = facetRow!.results[0] as { total: number; brands: string; colors: string; sizes: string; price: string; sale: number; club: number };
  const total = row.total;
  const [min, max] = JSON.parse(row.price) as [number | null, number | null];
  return {
    products: (list!.results as CardRow[]).map(toCard),
    total,
    page: f.page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    facets: {
      brand: (JSON.parse(row.brands) as [string, string, number][]).map(([value, label, count]) => ({ value, label, count })),
      color: (JSON.parse(row.colors) as [string, string, string, number][]).map(([value, label, hex, count]) => ({ value, label, hex, count })),
      size: sortSizes((JSON.parse(row.sizes) as [string, number][]).map(([value, count]) => ({ value, label: value, count }))),
      price: min === null || max === null ? null : { min, max },
      sale: row.sale,
      club: row.club,
    },
  };
}

const LETTER_SIZES = ["XS", "S", "M", "L", "XL", "XXL", "3XL"];

/** Letter sizes in their scale order, then numeric sizes ascending, then the rest. */
export function sortSizes<T extends { value: string }>(sizes: T[]): T[] {
  const rank = (v: string) => {
    const letter = LETTER_SIZES.indexOf(v);
    if (letter >= 0) return letter;
    const n = Number(v);
    return Number.isFinite(n) ? 100 + n : 10_000;
  };
  // Ranked once per size, not per comparison; localeCompare (slow) only breaks ties.
  return sizes
    .map((s) => ({ s, r: rank(s.value) }))
    .sort((a, b) => a.r - b.r || (a.s.value === b.s.value ? 0 : a.s.value.localeCompare(b.s.value)))
    .map((x) => x.s);
}

export type ProductDetails = {
  id: number;
  slug: string;
  modelCode: string;
  name: string;
  description: string;
  brand: { name: string; slug: string };
  color: { slug: string; name: string; hex: string };
  categoryPath: string;
  firstPrice: number;
  salePrice: number;
  inClub: boolean;
  vendorId: number;
  sizes: { id: number; size: string; stock: number }[];
  images: { url: string; width: number; height: number }[];
  colours: { slug: string; colorSlug: string; name: string; hex: string }[];
};

/** A product page's critical data in one round trip; null when the slug is unknown. */
export async function getProduct(db: D1Database, lang: Lang, slug: string): Promise<ProductDetails | null> {
  const id = "(SELECT id FROM products WHERE slug = ?)";
  const [main, skus, images, colours] = await db.batch([
    db
      .prepare(
        `SELECT p.id, p.slug, p.model_code AS modelCode, t.name, t.description, b.name AS brandName, b.slug AS brandSlug,
           c.slug AS colorSlug, ${nameCol(lang, "c")} AS colorName, c.hex AS colorHex, cat.path AS categoryPath,
           p.first_price AS firstPrice, p.sale_price AS salePrice, p.in_club AS inClub, p.vendor_id AS vendorId
         FROM products p JOIN brands b ON b.id = p.brand_id JOIN colors c ON c.id = p.color_id
         JOIN categories cat ON cat.id = p.category_id
         JOIN product_translations t ON t.product_id = p.id AND t.lang = ?
         WHERE p.slug = ?`,
      )
      .bind(lang, slug),
    db.prepare(`SELECT id, size, stock FROM skus WHERE product_id = ${id} ORDER BY position`).bind(slug),
    db.prepare(`SELECT url, width, height FROM images WHERE product_id = ${id} ORDER BY position`).bind(slug),
    db
      .prepare(
        `SELECT p.slug, c.slug AS colorSlug, ${nameCol(lang, "c")} AS name, c.hex FROM products p JOIN colors c ON c.id = p.color_id
         WHERE p.model_code = (SELECT model_code FROM products WHERE slug = ?) ORDER BY c.id, p.id`,
      )
      .bind(slug),
  ]);
  const row = main!.results[0] as Record<string, string | number> | undefined;
  if (!row) return null;
  return {
    id: row.id as number,
    slug: row.slug as string,
    modelCode: row.modelCode as string,
    name: row.name as string,
    description: row.description as string,
    brand: { name: row.brandName as string, slug: row.brandSlug as string },
    color: { slug: row.colorSlug as string, name: row.colorName as string, hex: row.colorHex as string },
    categoryPath: row.categoryPath as string,
    firstPrice: row.firstPrice as number,
    salePrice: row.salePrice as number,
    inClub: row.inClub === 1,
    vendorId: row.vendorId as number,
    sizes: sortSizes(
      (skus!.results as { id: number; size: string; stock: number }[]).map((s) => ({ ...s, value: s.size })),
    ).map(({ id, size, stock }) => ({ id, size, stock })),
    images: images!.results as ProductDetails["images"],
    colours: colours!.results as ProductDetails["colours"],
  };
}

/** Other products of the same category, most popular first (streamed on the product page). */
export async function getRelated(db: D1Database, lang: Lang, product: ProductDetails, limit = 8): Promise<ProductCard[]> {
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM products p ${CARD_JOINS}
       WHERE p.category_id = (SELECT category_id FROM products WHERE id = ?) AND p.model_code != ?
       ORDER BY p.popularity DESC, p.id LIMIT ?`,
    )
    .bind(lang, product.id, product.modelCode, limit)
    .all<CardRow>();
  return results.map(toCard);
}

/** Most popular products, optionally within a category subtree (home page, empty states). */
export async function getPopular(db: D1Database, lang: Lang, limit = 8, sort: Sort = "popular", saleOnly = false): Promise<ProductCard[]> {
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM products p ${CARD_JOINS}
       ${saleOnly ? "WHERE p.sale_price > 0 AND p.sale_price < p.first_price" : ""}
       ORDER BY ${ORDER[sort]} LIMIT ?`,
    )
    .bind(lang, limit)
    .all<CardRow>();
  return results.map(toCard);
}

/** Everything the sitemap lists. */
export async function getSitemapEntries(db: D1Database): Promise<{ products: { slug: string; created: number }[]; categories: string[] }> {
  const [products, categories] = await db.batch([
    db.prepare("SELECT slug, created_at AS created FROM products ORDER BY id"),
    // Only categories with something to show: an empty listing is a thin page for a crawler.
    db.prepare(
      `SELECT c.path FROM categories c WHERE EXISTS (
         SELECT 1 FROM products p JOIN categories pc ON pc.id = p.category_id
         WHERE pc.path = c.path OR pc.path LIKE c.path || '/%')
       ORDER BY c.depth, c.position, c.id`,
    ),
  ]);
  return {
    products: products!.results as { slug: string; created: number }[],
    categories: (categories!.results as { path: string }[]).map((c) => c.path),
  };
}

/** A colour's hex by slug (the generated product pictures), or null. */
export async function getColorHex(db: D1Database, slug: string): Promise<string | null> {
  const row = await db.prepare("SELECT hex FROM colors WHERE slug = ?").bind(slug).first<{ hex: string }>();
  return row?.hex ?? null;
}
