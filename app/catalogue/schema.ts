import "~/forms/zod-config";
import { z } from "zod";
import { wholeAmount } from "~/forms/amount";

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
