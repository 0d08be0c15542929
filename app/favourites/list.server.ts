import type { Lang } from "~/i18n/languages";
import { flag } from "~/server/db.server";
import { type OwnerRef, ownerSql } from "~/server/session.server";
import { type FavouritesOwner, ownerRows } from "./favourites.server";
import { FAVOURITES_PAGE_SIZE } from "./schema";

export type { FavouritesOwner };

export type FavouriteFilters = { onlySale: boolean; activeOnly: boolean; groupByCategory: boolean };

export type FavouriteSize = { skuId: number; size: string; stock: number };

/** One favourite as the page and the API show it. Its id is the product's: one favourite per product and owner. */
export type FavouriteItem = {
  id: number;
  productId: number;
  skuId: number | null;
  slug: string;
  name: string;
  brand: string;
  color: string;
  category: string;
  firstPrice: number;
  salePrice: number;
  inClub: boolean;
  available: boolean;
  image: { url: string; width: number; height: number };
  sizes: FavouriteSize[];
};

const COLOR: Record<Lang, string> = { uz: "co.name_uz", ru: "co.name_ru", uk: "co.name_uk" };
const CATEGORY: Record<Lang, string> = { uz: "ca.name_uz", ru: "ca.name_ru", uk: "ca.name_uk" };

/** The owner's favourites as rows (product_id, sku_id, pos: newer is larger), for the queries below. */
function source(owner: FavouritesOwner): { sql: string; binds: unknown[] } {
  if ("userId" in owner)
    return { sql: "SELECT product_id, sku_id, created_at * 1000000 + product_id AS pos FROM favourites WHERE user_id = ?", binds: [owner.userId] };
  return { sql: "SELECT product_id, sku_id, added_ms * 1000000 + product_id AS pos FROM guest_favourites WHERE guest_key = ?", binds: [owner.guestKey ?? ""] };
}

type Row = Omit<FavouriteItem, "inClub" | "available" | "image" | "sizes" | "id"> & {
  inClub: number;
  available: number;
  imageUrl: string;
  imageWidth: number;
  imageHeight: number;
  sizes: string;
};

/**
 * One page of the owner's favourites, newest first (grouped by category when
 * asked), with the filters of the favourites page; and how many there are.
 * Products that no longer have stock stay listed, as unavailable.
 */
export async function favouritesPage(
  db: D1Database,
  lang: Lang,
  owner: FavouritesOwner,
  filters: FavouriteFilters,
  page: number,
  perPage: number,
): Promise<{ items: FavouriteItem[]; total: number }> {
  const fav = source(owner);
  // A product is listed (and counted) only if it can be shown: its name in this language and a picture.
  const where = `(?1 = 0 OR (p.sale_price > 0 AND p.sale_price < p.first_price))
    AND (?2 = 0 OR EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.id AND s.stock > 0))
    AND EXISTS (SELECT 1 FROM product_translations tr WHERE tr.product_id = p.id AND tr.lang = ?3)
    AND EXISTS (SELECT 1 FROM images im WHERE im.product_id = p.id)`;
  const flags = [filters.onlySale ? 1 : 0, filters.activeOnly ? 1 : 0];
  // Numbered binds: ?1, ?2 the filters, ?3 the language, then the source's.
  const head = `WITH fav AS (${numbered(fav.sql, 4)})`;
  const order = `${filters.groupByCategory ? "ca.position, ca.id," : ""} f.pos DESC`;
  const [count, rows] = await db.batch([
    db.prepare(`${head} SELECT COUNT(*) AS n FROM fav f JOIN products p ON p.id = f.product_id WHERE ${where}`).bind(...flags, lang, ...fav.binds),
    db
      .prepare(
        // The page's rows are chosen first (filters, order, limit); the per-row subqueries
        // (sizes, stock, picture) then run for those rows only, not for the whole list.
        `${head}, page AS (
           SELECT f.product_id, f.sku_id, f.pos, ca.position AS cat_pos, ca.id AS cat_id
           FROM fav f JOIN products p ON p.id = f.product_id JOIN categories ca ON ca.id = p.category_id
           WHERE ${where}
           ORDER BY ${order}
           LIMIT ${perPage} OFFSET ${(page - 1) * perPage})
         SELECT p.id AS productId, f.sku_id AS skuId, p.slug, t.name, b.name AS brand, ${COLOR[lang]} AS color, ${CATEGORY[lang]} AS category,
           p.first_price AS firstPrice, p.sale_price AS salePrice, p.in_club AS inClub,
           EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.id AND s.stock > 0) AS available,
           i.url AS imageUrl, i.width AS imageWidth, i.height AS imageHeight,
           (SELECT json_group_array(json_object('skuId', z.id, 'size', z.size, 'stock', z.stock))
              FROM (SELECT id, size, stock FROM skus WHERE product_id = p.id ORDER BY position) z) AS sizes
         FROM page f
         JOIN products p ON p.id = f.product_id
         JOIN brands b ON b.id = p.brand_id
         JOIN colors co ON co.id = p.color_id
         JOIN categories ca ON ca.id = p.category_id
         JOIN product_translations t ON t.product_id = p.id AND t.lang = ?3
         JOIN images i ON i.id = (SELECT id FROM images WHERE product_id = p.id ORDER BY position LIMIT 1)
         ORDER BY ${order}`,
      )
      .bind(...flags, lang, ...fav.binds),
  ]);
  const items = (rows!.results as Row[]).map(
    ({ inClub, available, imageUrl, imageWidth, imageHeight, sizes, ...r }): FavouriteItem => ({
      ...r,
      id: r.productId,
      inClub: flag(inClub),
      available: flag(available),
      image: { url: imageUrl, width: imageWidth, height: imageHeight },
      sizes: JSON.parse(sizes) as FavouriteSize[],
    }),
  );
  return { items, total: (count!.results[0] as { n: number }).n };
}

/** `?` binds of a fragment numbered from `from` (?3, ?4 …), so it can follow numbered ones. */
function numbered(sql: string, from: number): string {
  let n = from;
  return sql.replace(/\?(?!\d)/g, () => `?${n++}`);
}

/** A favourite as the JSON API answers it (docs/api.md). */
export function favouriteJson(item: FavouriteItem, label: (amount: number) => string) {
  return {
    id: item.id,
    product_id: item.productId,
    sku_id: item.skuId,
    skuId: item.skuId,
    item: {
      id: item.productId,
      slug: item.slug,
      name: item.name,
      brand: item.brand,
      image: item.image,
      canGetDiscount: item.inClub,
      colors: [{ productId: item.productId, name: item.color, sizes: item.sizes.map((s) => ({ sizeId: s.skuId, size: s.size, available: s.stock > 0 })) }],
    },
    categoryLabel: item.category,
    available: item.available,
    skus: item.sizes.map((s) => ({
      skuId: s.skuId,
      firstPrice: item.firstPrice,
      firstPriceLabel: label(item.firstPrice),
      salePrice: item.salePrice,
      salePriceLabel: label(item.salePrice),
    })),
  };
}

/** Whether a product is one of the owner's favourites, and with which size. */
export async function favouriteOf(db: D1Database, owner: FavouritesOwner, productId: number): Promise<{ skuId: number | null } | null> {
  const { table, column, key } = ownerRows(owner);
  return db.prepare(`SELECT sku_id AS skuId FROM ${table} WHERE ${column} = ? AND product_id = ?`).bind(key, productId).first<{ skuId: number | null }>();
}

/** The owner of a request's favourites: the signed-in account, else the guest session's key (none without one). */
export function favouritesOwner(userId: number | null, session: { get(key: "guestKey"): string | undefined } | null): FavouritesOwner {
  if (userId !== null) return { userId };
  return { guestKey: session?.get("guestKey") ?? null };
}

/**
 * An owner with at most this many favourites has them read whole with the page's first reads
 * (the grid's hearts are then known without a second round trip); one with more is asked
 * about the grid's products once the grid is known.
 */
const HEARTS_READ_WHOLE = 200;

/**
 * The owner's favourite products' ids as an SQL subquery (column `product_id`), its owner bound
 * as ?1 and ?2 (`ownerSql`): an account's favourites, else a guest key's.
 */
export function ownerFavouritesSql(owner: OwnerRef): { sql: string; binds: [number | string | null, string | null] } {
  const o = ownerSql(owner);
  return {
    sql: `SELECT product_id FROM favourites WHERE user_id = ${o.userId} UNION ALL SELECT product_id FROM guest_favourites WHERE guest_key = ${o.guestKey}`,
    binds: o.binds,
  };
}

/**
 * The hearts' state for a page's grids: started with the page's first reads (keyed by the
 * session, `OwnerRef`), asked which of a grid's products are favourites once the grid is read.
 * None without a session, so the anonymous page reads nothing and stays the same for all.
 */
export function favouritesLookup(db: D1Database, owner: OwnerRef | null): (productIds: readonly number[]) => Promise<number[]> {
  if (owner === null) return async () => [];
  const mine = ownerFavouritesSql(owner);
  const whole = db
    .prepare(`SELECT product_id AS id FROM (${mine.sql}) LIMIT ?3`)
    .bind(...mine.binds, HEARTS_READ_WHOLE + 1)
    .all<{ id: number }>();
  // A page whose grids are empty never asks: its failure must not go unhandled.
  whole.catch(() => undefined);
  return async (productIds) => {
    if (productIds.length === 0) return [];
    const { results } = await whole;
    if (results.length <= HEARTS_READ_WHOLE) {
      const ids = new Set(results.map((r) => r.id));
      return productIds.filter((id) => ids.has(id));
    }
    const among = await db
      .prepare(`SELECT product_id AS id FROM (${mine.sql}) WHERE product_id IN (SELECT value FROM json_each(?3))`)
      .bind(...mine.binds, JSON.stringify(productIds))
      .all<{ id: number }>();
    return among.results.map((r) => r.id);
  };
}

/** Whether the product with this slug is one of the owner's favourites: keyed by the slug, it goes to D1 with the product's own read. */
export async function isFavouriteSlug(db: D1Database, owner: OwnerRef | null, slug: string): Promise<boolean> {
  if (owner === null) return false;
  const mine = ownerFavouritesSql(owner);
  const row = await db
    .prepare(`SELECT EXISTS (SELECT 1 FROM (${mine.sql}) WHERE product_id = (SELECT id FROM products WHERE slug = ?3)) AS yes`)
    .bind(...mine.binds, slug)
    .first<{ yes: number }>();
  return row?.yes === 1;
}
/** What a retargeting tag needs of a list: each product's id, price (UZS) and quantity. */
export type RetargetingItem = { id: number; price: number; quantity: number };

/** The shopper's favourites for a retargeting tag (the newest 2000), their own only. */
export async function wishlistRetargeting(db: D1Database, owner: FavouritesOwner): Promise<RetargetingItem[]> {
  const fav = source(owner);
  const { results } = await db
    .prepare(
      `WITH f AS (${fav.sql}) SELECT p.id, p.sale_price AS price, 1 AS quantity FROM f JOIN products p ON p.id = f.product_id ORDER BY f.pos DESC LIMIT 2000`,
    )
    .bind(...fav.binds)
    .all<RetargetingItem>();
  return results;
}

/** The favourites API's page for a query (`GET /api/favorites`, v2): the items as JSON, and the page's place in the whole. */
export async function favouritesApiPage(
  db: D1Database,
  lang: Lang,
  owner: FavouritesOwner,
  query: { page: number; "per-page"?: number; "only-sale": boolean; "active-product": boolean; "group-by-category": boolean },
  label: (amount: number) => string,
) {
  const perPage = query["per-page"] ?? FAVOURITES_PAGE_SIZE;
  const filters = { onlySale: query["only-sale"], activeOnly: query["active-product"], groupByCategory: query["group-by-category"] };
  const { items, total } = await favouritesPage(db, lang, owner, filters, query.page, perPage);
  return { items: items.map((i) => favouriteJson(i, label)), total, page: query.page, perPage };
}
