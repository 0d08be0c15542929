import type { Lang } from "~/i18n/languages";
import { flag } from "~/server/db.server";
import type { Sort } from "./schema";
import type { ProductCard } from "./types";

/**
 * A product card's columns and joins, for every query that lists cards (listings,
 * related products, the popular ones). `p` is the products table; the first `?` the language.
 */
export const CARD_COLUMNS = `p.id, p.slug, t.name, b.name AS brand, p.first_price AS firstPrice, p.sale_price AS salePrice,
  p.in_club AS inClub, i.url AS imageUrl, i.width AS imageWidth, i.height AS imageHeight,
  EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.id AND s.stock > 0) AS inStock`;

export const CARD_JOINS = `JOIN brands b ON b.id = p.brand_id
  JOIN product_translations t ON t.product_id = p.id AND t.lang = ?
  JOIN images i ON i.id = (SELECT id FROM images WHERE product_id = p.id ORDER BY position LIMIT 1)`;

/** A card as CARD_COLUMNS select it: SQLite's 0/1 for the flags, the picture flat. */
export type CardRow = {
  id: number;
  slug: string;
  name: string;
  brand: string;
  firstPrice: number;
  salePrice: number;
  inClub: 0 | 1;
  inStock: 0 | 1;
  imageUrl: string;
  imageWidth: number;
  imageHeight: number;
};

export function cardFromRow(r: CardRow): ProductCard {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    brand: r.brand,
    firstPrice: r.firstPrice,
    salePrice: r.salePrice,
    inClub: flag(r.inClub),
    inStock: flag(r.inStock),
    image: { url: r.imageUrl, width: r.imageWidth, height: r.imageHeight },
  };
}

/** ORDER BY of each sort, over `p` (products). */
export const ORDER: Record<Sort, string> = {
  new: "p.created_at DESC, p.id DESC",
  // Hidden prices (0) go last whichever way the shopper sorts.
  price_asc: "(p.sale_price = 0), p.sale_price ASC, p.id",
  price_desc: "(p.sale_price = 0), p.sale_price DESC, p.id",
  popular: "p.popularity DESC, p.id",
};

/**
 * The same orders over `l` (category_products): each is one of its indexes
 * (workers/migrations/0031_category_listing.sql), written as the index is, so a page is read in order.
 */
export const ORDER_IN_CATEGORY: Record<Sort, string> = {
  new: "l.created_at DESC, l.product_id DESC",
  price_asc: "(l.sale_price = 0), l.sale_price ASC, l.product_id",
  price_desc: "(l.sale_price = 0), l.sale_price DESC, l.product_id",
  popular: "l.popularity DESC, l.product_id",
};

/** The first products in a sort's order (popular by default), optionally those on sale only (home page, empty states). */
export async function getPopular(db: D1Database, lang: Lang, limit = 8, sort: Sort = "popular", saleOnly = false): Promise<ProductCard[]> {
  // The whole catalogue's rows of category_products (category 0), in the sort's index: the first `limit` read, no more.
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM products p ${CARD_JOINS}
       WHERE p.id IN (SELECT l.product_id FROM category_products l WHERE l.category_id = 0
         ${saleOnly ? "AND +l.sale_price > 0 AND +l.sale_price < l.first_price" : ""} ORDER BY ${ORDER_IN_CATEGORY[sort]} LIMIT ?)
       ORDER BY ${ORDER[sort]}`,
    )
    .bind(lang, limit)
    .all<CardRow>();
  return results.map(cardFromRow);
}

/** The cards of the given products, in the given order; products that are gone are left out. */
export async function getCards(db: D1Database, lang: Lang, ids: readonly number[]): Promise<ProductCard[]> {
  if (!ids.length) return [];
  const { results } = await db
    .prepare(`SELECT ${CARD_COLUMNS} FROM products p ${CARD_JOINS} WHERE p.id IN (SELECT value FROM json_each(?))`)
    .bind(lang, JSON.stringify(ids))
    .all<CardRow>();
  const byId = new Map(results.map((r) => [r.id, cardFromRow(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
