import { z } from "zod";
import { positiveId, returnPath } from "~/forms/fields";

/** Most favourites one page of the API returns (the id list is read 2000 at a time). */
export const FAVOURITES_PER_PAGE_MAX = 2000;
/** The favourites page's own page size. */
export const FAVOURITES_PAGE_SIZE = 24;

const flag = z
  .string()
  .optional()
  .transform((v) => v === "1" || v === "true");

/** The list's query (the page's GET form and `GET /api/favorites`). */
export const favouritesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  "per-page": z.coerce.number().int().min(1).max(FAVOURITES_PER_PAGE_MAX).optional().catch(undefined),
  "only-sale": flag,
  "active-product": flag,
  "group-by-category": flag,
  /** The page's tab: the products (default) or the followed brands. */
  tab: z.enum(["products", "brands"]).catch("products"),
});

/**
 * The heart's form and the favourites page's forms: add or remove a product
 * (naming the wanted state, not "toggle", so a repeated post changes nothing),
 * or choose another size of a favourite.
 */
export const favouriteFormSchema = z.object({
  intent: z.enum(["add", "remove", "size"], { error: "favourites:errors.unknownIntent" }),
  productId: positiveId("favourites:errors.unknownProduct"),
  skuId: z.preprocess((v) => (v === "" ? undefined : v), positiveId("favourites:errors.unknownSize").optional()),
  redirectTo: returnPath,
});

/** Follow a brand or stop (the heart on a brand's catalogue page, the brands tab), posted to the favourites action. */
export const brandFormSchema = z.object({
  intent: z.enum(["follow-brand", "unfollow-brand"], { error: "favourites:errors.unknownIntent" }),
  brandId: positiveId("favourites:errors.unknownBrand"),
  redirectTo: returnPath,
});

/** `POST /api/favorites`, form-encoded as the spec's client sends it. */
export const favouriteApiSchema = z.object({
  item_id: positiveId("favourites:errors.unknownProduct"),
  sku_id: z.preprocess((v) => (v === "" ? undefined : v), positiveId("favourites:errors.unknownSize").optional()),
});

/** One entry of a guest's stored list: a product id, or `{product_id (or item_id, id), sku_id (or skuId)}`. */
const storedFavourite = z.unknown().transform((entry, ctx) => {
  const o = (entry && typeof entry === "object" ? entry : { product_id: entry }) as Record<string, unknown>;
  const productId = positiveId("").safeParse(o.product_id ?? o.item_id ?? o.id);
  if (!productId.success) {
    ctx.addIssue({ code: "custom", message: "favourites:errors.unknownProduct" });
    return z.NEVER;
  }
  // A size that is not an id is dropped, as one of another product is: a device's stale size costs nothing.
  const sku = positiveId("").safeParse(o.sku_id ?? o.skuId);
  return { productId: productId.data, skuId: sku.success ? sku.data : null };
});

/**
 * `POST /api/v2/favorites`: a list kept on the device, sent at once (JSON, or a form field
 * holding its JSON text), oldest first; with the list's query (`page`, `per-page`, the filters).
 */
export const favouritesMergeSchema = z.object({
  items: z.preprocess(
    (v) => {
      if (typeof v !== "string") return v ?? [];
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    z.array(storedFavourite, { error: "favourites:errors.badList" }).max(FAVOURITES_PER_PAGE_MAX, { error: "favourites:errors.listTooLong" }),
  ),
});
