import "~/forms/zod-config";
import { z } from "zod";
import { wholeAmount } from "~/forms/amount";
import { SHAPES } from "./silhouettes";

export const SORTS = ["new", "price_asc", "price_desc", "popular"] as const;
export type Sort = (typeof SORTS)[number];

/** Largest price a filter may ask for; above it the bound is ignored. */
export const MAX_PRICE = 1_000_000_000;
/** Page numbers above it count as this one (past the end of any listing: a 404), so an absurd number never reaches SQL. */
export const MAX_PAGE = 100_000;
const MAX_VALUES = 20;

/** A product's slug in a URL (anything else is a 404 before any query). */
export const PRODUCT_SLUG = /^[a-z0-9-]{1,120}$/;

const slug = z.string().regex(/^[a-z0-9-]{1,60}$/);
const size = z.string().regex(/^[A-Za-z0-9.]{1,10}$/);
const price = z.preprocess((v) => (typeof v === "string" ? wholeAmount(v) : v), z.coerce.number().int().min(0).max(MAX_PRICE));

/** Keeps the well-formed values of a repeated parameter, drops the rest. */
function listOf(item: z.ZodType<string>) {
  return z.array(z.string()).transform((values) => [...new Set(values.filter((v) => item.safeParse(v).success))].slice(0, MAX_VALUES));
}

/**
 * Catalogue and search query string. Bad values never fail the page: each
 * field falls back to "no filter" (a crawler's or a shopper's typo still gets
 * a useful page), so the parse cannot throw.
 */
export const catalogueQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .catch((ctx) =>
      String(ctx.value ?? "")
        .trim()
        .slice(0, 100)
        .trim(),
    ),
  /** "1": search exactly what was typed (no other layout, no typo correction). */
  exact: z.literal("1").optional().catch(undefined),
  brand: listOf(slug).catch([]),
  size: listOf(size).catch([]),
  color: listOf(slug).catch([]),
  price_min: price.optional().catch(undefined),
  price_max: price.optional().catch(undefined),
  sale: z.literal("1").optional().catch(undefined),
  club: z.literal("1").optional().catch(undefined),
  sort: z.enum(SORTS).catch("new"),
  // Any count of digits is a page number (past the last page: a 404, the route decides); anything else is page 1.
  page: z
    .string()
    .catch("1")
    .transform((v) => (/^[1-9][0-9]*$/.test(v) ? Math.min(Number(v), MAX_PAGE) : 1)),
});

export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

export function parseCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  const one = (name: string) => params.get(name) || undefined;
  return catalogueQuerySchema.parse({
    q: params.get("q") ?? "",
    exact: one("exact"),
    brand: params.getAll("brand"),
    size: params.getAll("size"),
    color: params.getAll("color"),
    price_min: one("price_min"),
    price_max: one("price_max"),
    sale: one("sale"),
    club: one("club"),
    sort: one("sort") ?? "new",
    page: one("page") ?? "1",
  });
}

/** Does the query narrow or reorder the listing (and so must not be indexed)? */
export function isFiltered(q: CatalogueQuery): boolean {
  return (
    q.brand.length + q.size.length + q.color.length > 0 ||
    q.price_min !== undefined ||
    q.price_max !== undefined ||
    q.sale !== undefined ||
    q.club !== undefined ||
    q.sort !== "new"
  );
}

/** GET /api/size-table: the product's id. */
export const sizeTableQuerySchema = z.object({
  product_id: z.coerce
    .number({ error: "sizes:errors.productId" })
    .int("sizes:errors.productId")
    .min(1, "sizes:errors.productId")
    .max(2 ** 31 - 1, "sizes:errors.productId"),
});

// ——— The catalogue import (POST /api/ops/catalogue) ———

/** The most sizes one import may carry, over all its products (a call stays well inside the Worker's limits). */
export const IMPORT_MAX_SKUS = 2000;
const importText = (max: number) =>
  z.string({ error: "ops:catalogue.text" }).trim().min(1, { error: "ops:catalogue.text" }).max(max, { error: "ops:catalogue.textLong" });
const perLang = (max: number) => z.object({ uz: importText(max), ru: importText(max), uk: importText(max) }, { error: "ops:catalogue.languages" });
const importSlug = z.string({ error: "ops:catalogue.slug" }).regex(/^[a-z0-9-]{1,120}$/, { error: "ops:catalogue.slug" });
const importPrice = z
  .number({ error: "ops:catalogue.price" })
  .int({ error: "ops:catalogue.price" })
  .min(0, { error: "ops:catalogue.price" })
  .max(MAX_PRICE, { error: "ops:catalogue.price" });
const count = (max: number) =>
  z
    .number({ error: "ops:catalogue.stock" })
    .int({ error: "ops:catalogue.stock" })
    .min(-max, { error: "ops:catalogue.stock" })
    .max(max, { error: "ops:catalogue.stock" });

/** A size: its stock set (`stock`) or moved by a delta (`stockDelta`), one of the two. */
const importSku = z
  .object({
    size: z.string({ error: "ops:catalogue.size" }).regex(/^[A-Za-z0-9.]{1,10}$/, { error: "ops:catalogue.size" }),
    stock: count(1_000_000).min(0, { error: "ops:catalogue.stock" }).optional(),
    stockDelta: count(1_000_000).optional(),
  })
  .refine((s) => (s.stock === undefined) !== (s.stockDelta === undefined), { error: "ops:catalogue.stockOrDelta", path: ["stock"] });

const importProduct = z
  .object({
    slug: importSlug,
    modelCode: z.string({ error: "ops:catalogue.text" }).regex(/^[A-Za-z0-9._-]{1,60}$/, { error: "ops:catalogue.text" }),
    category: z.string({ error: "ops:catalogue.category" }).regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/, { error: "ops:catalogue.category" }),
    brand: importSlug,
    color: importSlug,
    /** The silhouette of the shop's generated pictures (a product without pictures of its own). */
    shape: z.enum(Object.keys(SHAPES) as [string, ...string[]], { error: "ops:catalogue.shape" }).default("tshirt"),
    firstPrice: importPrice,
    /** 0 hides the price; below `firstPrice` the product is on sale. */
    salePrice: importPrice,
    inClub: z.boolean({ error: "ops:catalogue.flag" }).default(false),
    /** For the fiscal receipt: the product's MXIK (IKPU) and package code (left out: none), its VAT rate in percent. */
    ikpu: z
      .string({ error: "ops:catalogue.ikpu" })
      .regex(/^[0-9]{17}$/, { error: "ops:catalogue.ikpu" })
      .optional(),
    packageCode: z
      .string({ error: "ops:catalogue.packageCode" })
      .regex(/^[0-9]{1,20}$/, { error: "ops:catalogue.packageCode" })
      .optional(),
    vatPercent: z
      .number({ error: "ops:catalogue.vatPercent" })
      .int({ error: "ops:catalogue.vatPercent" })
      .min(0, { error: "ops:catalogue.vatPercent" })
      .max(100, { error: "ops:catalogue.vatPercent" })
      .default(12),
    names: perLang(200),
    descriptions: perLang(5000),
    /** The product's pictures in order; given, they replace the old ones. */
    images: z
      .array(
        z.object({
          // A path on the shop's own origin: the pages' CSP loads pictures from 'self' only.
          url: z.string({ error: "ops:catalogue.image" }).regex(/^\/(?!\/)[^\s"'<>\\]{1,499}$/, { error: "ops:catalogue.image" }),
          width: z.number({ error: "ops:catalogue.image" }).int().min(1).max(10_000),
          height: z.number({ error: "ops:catalogue.image" }).int().min(1).max(10_000),
        }),
        { error: "ops:catalogue.list" },
      )
      .max(20, { error: "ops:catalogue.list" })
      .optional(),
    skus: z.array(importSku, { error: "ops:catalogue.list" }).max(100, { error: "ops:catalogue.list" }).default([]),
  })
  .refine((p) => p.salePrice <= p.firstPrice, { error: "ops:catalogue.salePrice", path: ["salePrice"] })
  .refine((p) => new Set(p.skus.map((s) => s.size)).size === p.skus.length, { error: "ops:catalogue.sizeTwice", path: ["skus"] });

/**
 * `POST /api/ops/catalogue`: brands, categories (by their path; a parent before its
 * children) and products with their texts in the three languages, prices, pictures and sizes.
 * `batchId` names the import: the same id again is applied once.
 */
export const catalogueImportSchema = z
  .object({
    batchId: z.string({ error: "ops:catalogue.batchId" }).regex(/^[A-Za-z0-9._:-]{8,100}$/, { error: "ops:catalogue.batchId" }),
    brands: z
      .array(z.object({ slug: importSlug, name: importText(100) }), { error: "ops:catalogue.list" })
      .max(500)
      .default([]),
    categories: z
      .array(
        z.object({
          path: z.string({ error: "ops:catalogue.category" }).regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/, { error: "ops:catalogue.category" }),
          sizeKind: z.enum(["clothing", "footwear", "kids", "kids-footwear", "one"], { error: "ops:catalogue.sizeKind" }),
          position: z.number().int().min(0).max(10_000).default(0),
          names: perLang(100),
        }),
        { error: "ops:catalogue.list" },
      )
      .max(500)
      .default([]),
    products: z.array(importProduct, { error: "ops:catalogue.list" }).max(1000, { error: "ops:catalogue.list" }).default([]),
    /** Price changes alone, for products the shop has (or this import brings, written after them). */
    prices: z
      .array(
        z
          .object({ slug: importSlug, firstPrice: importPrice, salePrice: importPrice })
          .refine((p) => p.salePrice <= p.firstPrice, { error: "ops:catalogue.salePrice", path: ["salePrice"] }),
        { error: "ops:catalogue.list" },
      )
      .max(5000, { error: "ops:catalogue.list" })
      .default([]),
  })
  .refine((b) => b.products.reduce((n, p) => n + p.skus.length, 0) <= IMPORT_MAX_SKUS, { error: "ops:catalogue.tooMany", path: ["products"] })
  .refine((b) => new Set(b.products.map((p) => p.slug)).size === b.products.length, { error: "ops:catalogue.slugTwice", path: ["products"] });
export type CatalogueImport = z.infer<typeof catalogueImportSchema>;
