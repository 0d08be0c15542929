import type { Lang } from "~/i18n/languages";
import { texts } from "~/i18n/resources.server";
import { createI18n, type I18n } from "~/i18n/use-i18n";
import { CARD_COLUMNS, CARD_JOINS, type CardRow, cardFromRow } from "./cards.server";
import { cardsHtml } from "./html";
import { sortSizes } from "./sizes";
import { flag, mapRows } from "~/server/db.server";
import { nameCol } from "./sql.server";
import { chartIdSql } from "./size-table.server";
import type { ProductCard, ProductDetails } from "./types";

/** A product page's main row: the product in a language, with its brand, color and category flat. */
type ProductRow = {
  id: number;
  slug: string;
  modelCode: string;
  name: string;
  description: string;
  brandName: string;
  brandSlug: string;
  colorSlug: string;
  colorName: string;
  colorHex: string;
  categoryPath: string;
  firstPrice: number;
  salePrice: number;
  inClub: 0 | 1;
  vendorId: number;
  sizeKind: string;
  sizeTable: 0 | 1;
};

function productFromRow(r: ProductRow): Omit<ProductDetails, "sizes" | "images" | "colors"> {
  return {
    id: r.id,
    slug: r.slug,
    modelCode: r.modelCode,
    name: r.name,
    description: r.description,
    brand: { name: r.brandName, slug: r.brandSlug },
    color: { slug: r.colorSlug, name: r.colorName, hex: r.colorHex },
    categoryPath: r.categoryPath,
    firstPrice: r.firstPrice,
    salePrice: r.salePrice,
    inClub: flag(r.inClub),
    vendorId: r.vendorId,
    sizeKind: r.sizeKind,
    sizeTable: flag(r.sizeTable),
  };
}

type SkuRow = { id: number; size: string; stock: number };
const skuFromRow = (r: SkuRow): ProductDetails["sizes"][number] => ({ id: r.id, size: r.size, stock: r.stock });

type ImageRow = { url: string; width: number; height: number };
const imageFromRow = (r: ImageRow): ProductDetails["images"][number] => ({ url: r.url, width: r.width, height: r.height });

/** Another color of the same model (the product's own included). */
type ColorRow = { slug: string; colorSlug: string; name: string; hex: string };
const colorFromRow = (r: ColorRow): ProductDetails["colors"][number] => ({ slug: r.slug, colorSlug: r.colorSlug, name: r.name, hex: r.hex });

/** A product page's critical data in one round trip; null when the slug is unknown. */
export async function getProduct(
  db: D1Database,
  lang: Lang,
  slug: string,
  also: D1PreparedStatement[] = [],
): Promise<{ product: ProductDetails | null; also: D1Result[] }> {
  const id = "(SELECT id FROM products WHERE slug = ?)";
  // `also`: other features' statements about this product (its reviews' summary), in the same round trip.
  const [main, skus, images, colors, ...more] = await db.batch([
    ...[
      db
        .prepare(
          `SELECT p.id, p.slug, p.model_code AS modelCode, t.name, t.description, b.name AS brandName, b.slug AS brandSlug,
           c.slug AS colorSlug, ${nameCol(lang, "c")} AS colorName, c.hex AS colorHex, cat.path AS categoryPath,
           p.first_price AS firstPrice, p.sale_price AS salePrice, p.in_club AS inClub, p.vendor_id AS vendorId,
           cat.size_kind AS sizeKind, ${chartIdSql("id", "p.id")} IS NOT NULL AS sizeTable
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
    ],
    ...also,
  ]);
  const [product] = mapRows(main, productFromRow);
  if (!product) return { product: null, also: more };
  return {
    product: {
      ...product,
      sizes: sortSizes(mapRows(skus!, skuFromRow), (s) => s.size),
      images: mapRows(images!, imageFromRow),
      colors: mapRows(colors!, colorFromRow),
    },
    also: more,
  };
}

/** Other products of the same category, most popular first (streamed on the product page). */
export async function getRelated(db: D1Database, lang: Lang, product: ProductDetails, limit = 8): Promise<ProductCard[]> {
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM products p ${CARD_JOINS}
       WHERE p.id IN (SELECT l.product_id FROM category_products l JOIN products q ON q.id = l.product_id
         WHERE l.category_id = (SELECT category_id FROM products WHERE id = ?) AND q.model_code != ?
         ORDER BY l.popularity DESC, l.product_id LIMIT ?)
       ORDER BY p.popularity DESC, p.id`,
    )
    .bind(lang, product.id, product.modelCode, limit)
    .all<CardRow>();
  return results.map(cardFromRow);
}

/** A color's hex by slug (the generated product pictures), or null. */
export async function getColorHex(db: D1Database, slug: string): Promise<string | null> {
  const row = await db.prepare("SELECT hex FROM colors WHERE slug = ?").bind(slug).first<{ hex: string }>();
  return row?.hex ?? null;
}

/**
 * The related products as the grid's markup (and their ids, for the hearts' state), written here with the one card writer: the
 * product page's browser code then carries no card writer (its JavaScript budget), and a
 * client-side navigation gets the same string in the loader's data.
 */
export async function getRelatedHtml(db: D1Database, i18n: I18n, product: ProductDetails): Promise<{ html: string; ids: number[] }> {
  const items = await getRelated(db, i18n.lang, product);
  return { html: cardsHtml(items, i18n, i18n.href(`/product/${product.slug}`)), ids: items.map((p) => p.id) };
}

/** The texts the product page's server-written parts use (its markup, the related cards): made once per render, shared. */
export function productWriterI18n(lang: Lang, defaultLang: Lang): I18n {
  return createI18n(lang, defaultLang, texts(lang, ["common", "product", "sizes", "gifts"]));
}
