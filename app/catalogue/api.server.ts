import type { Lang } from "~/i18n/languages";
import { localizePath } from "~/i18n/url";
import { mapRows } from "~/server/db.server";
import { CARD_COLUMNS, CARD_JOINS, type CardRow, cardFromRow } from "./cards.server";
import { getListing, type ListingFilter } from "./listing.server";
import { sortSizes } from "./sizes";
import { nameCol } from "./sql.server";
import type { ProductCard } from "./types";

/** What `expand=` may add to a product of the catalogue API. */
export const EXPANDS = ["sizes", "images", "brand", "category"] as const;
export type Expand = (typeof EXPANDS)[number];

export type CatalogueApiProduct = {
  id: number;
  slug: string;
  name: string;
  /** The product page in the request's language, on the shop's configured origin. */
  url: string;
  firstPrice: number;
  salePrice: number;
  currency: "UZS";
  inClub: boolean;
  inStock: boolean;
  image: ProductCard["image"];
  sizes?: { id: number; size: string; available: boolean }[];
  images?: ProductCard["image"][];
  brand?: { slug: string; name: string };
  category?: { path: string; name: string };
};

type Where = { origin: string; lang: Lang; defaultLang: Lang };

/** The expansions of some products, read in one round trip (one statement per expansion asked for). */
async function expansions(db: D1Database, lang: Lang, ids: number[], expand: Set<Expand>) {
  const list = JSON.stringify(ids);
  const inList = "(SELECT value FROM json_each(?))";
  const asked = [...expand];
  const sql: Record<Expand, string> = {
    sizes: `SELECT product_id AS productId, id, size, stock FROM skus WHERE product_id IN ${inList} ORDER BY product_id, position`,
    images: `SELECT product_id AS productId, url, width, height FROM images WHERE product_id IN ${inList} ORDER BY product_id, position`,
    brand: `SELECT p.id AS productId, b.slug, b.name FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.id IN ${inList}`,
    category: `SELECT p.id AS productId, c.path, ${nameCol(lang, "c")} AS name FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id IN ${inList}`,
  };
  const statements = asked.map((name) => db.prepare(sql[name]).bind(list));
  const answers = statements.length ? await db.batch<Record<string, unknown> & { productId: number }>(statements) : [];
  const byProduct = new Map<Expand, Map<number, Record<string, unknown>[]>>();
  asked.forEach((name, i) => {
    const rows = new Map<number, Record<string, unknown>[]>();
    for (const { productId, ...row } of answers[i]!.results) rows.set(productId, [...(rows.get(productId) ?? []), row]);
    byProduct.set(name, rows);
  });
  return (id: number): Partial<CatalogueApiProduct> => {
    const rows = (name: Expand) => byProduct.get(name)?.get(id) ?? [];
    const out: Partial<CatalogueApiProduct> = {};
    if (expand.has("sizes")) {
      const sizes = rows("sizes") as { id: number; size: string; stock: number }[];
      out.sizes = sortSizes(sizes, (s) => s.size).map((s) => ({ id: s.id, size: s.size, available: s.stock > 0 }));
    }
    if (expand.has("images")) out.images = rows("images") as CatalogueApiProduct["images"];
    if (expand.has("brand")) out.brand = rows("brand")[0] as CatalogueApiProduct["brand"];
    if (expand.has("category")) out.category = rows("category")[0] as CatalogueApiProduct["category"];
    return out;
  };
}

function productOf(card: ProductCard, where: Where): CatalogueApiProduct {
  const page = localizePath(`/product/${card.slug}`, where.lang, where.defaultLang);
  return {
    id: card.id,
    slug: card.slug,
    name: card.name,
    // Unconfigured (a local server without PUBLIC_ORIGIN), the path alone.
    url: where.origin ? new URL(page, where.origin).href : page,
    firstPrice: card.firstPrice,
    salePrice: card.salePrice,
    currency: "UZS",
    inClub: card.inClub,
    inStock: card.inStock,
    image: card.image,
  };
}

/**
 * How far the JSON catalogue pages: 100 pages of 100. A deeper page costs a read per product
 * skipped; the sitemaps list every product (docs/decisions/026-flat-listings.md).
 */
export const CATALOGUE_API_MAX_ITEMS = 10_000;

/** One page of the catalogue, filtered and sorted as the listing pages are, with what `expand` asks for. */
export async function catalogueApiPage(
  db: D1Database,
  where: Where,
  filter: ListingFilter,
  perPage: number,
  expand: Set<Expand>,
): Promise<{ products: CatalogueApiProduct[]; total: number; page: number; pageCount: number }> {
  const listing = await getListing(db, where.lang, filter, perPage, CATALOGUE_API_MAX_ITEMS);
  const more = await expansions(
    db,
    where.lang,
    listing.products.map((p) => p.id),
    expand,
  );
  return {
    products: listing.products.map((card) => ({ ...productOf(card, where), ...more(card.id) })),
    total: listing.total,
    page: listing.page,
    pageCount: listing.pageCount,
  };
}

/** One product by its id, or null. */
export async function catalogueApiProduct(db: D1Database, where: Where, id: number, expand: Set<Expand>): Promise<CatalogueApiProduct | null> {
  const [card] = mapRows(
    await db.prepare(`SELECT ${CARD_COLUMNS} FROM products p ${CARD_JOINS} WHERE p.id = ?`).bind(where.lang, id).all<CardRow>(),
    cardFromRow,
  );
  if (!card) return null;
  return { ...productOf(card, where), ...(await expansions(db, where.lang, [id], expand))(id) };
}
