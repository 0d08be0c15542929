import { z } from "zod";
import { LANGS } from "~/i18n/languages";
import { SHOP_STEPS } from "~/orders/index";
import { moderationSchema } from "~/reviews/index";

/** The longest tracking number a carrier gives. */
export const TRACKING_MAX = 64;

const stepFields = {
  status: z.enum(SHOP_STEPS, { error: "ops:errors.status" }),
  tracking: z
    .string()
    .trim()
    .max(TRACKING_MAX, { error: "ops:errors.trackingLong" })
    .regex(/^[\p{L}\p{N} ._/-]*$/u, { error: "ops:errors.trackingChars" })
    .optional(),
};

const trackingOfShipment = (v: { status: string; tracking?: string | undefined }, ctx: z.RefinementCtx) => {
  if (v.status === "shipped" && !v.tracking) ctx.addIssue({ code: "custom", path: ["tracking"], message: "ops:errors.trackingNeeded" });
};

/** `POST /api/ops/orders/<id>/status`: the shop's next step; a shipment names its tracking number. */
export const orderStepSchema = z.object(stepFields).superRefine(trackingOfShipment);

/** `POST /api/ops/orders/ack`: the feed's cursor the client has stored what it was given up to. */
export const ackSchema = z.object({
  cursor: z.coerce.number({ error: "ops:errors.cursor" }).int({ error: "ops:errors.cursor" }).min(0, { error: "ops:errors.cursor" }),
});

/** How many of a list a call asks for: 1 to 100. */
const listLimit = z.coerce
  .number({ error: "ops:errors.limit" })
  .int({ error: "ops:errors.limit" })
  .min(1, { error: "ops:errors.limit" })
  .max(100, { error: "ops:errors.limit" })
  .optional();

/** The feed's query: where to start (else the acknowledged cursor) and how many orders. */
export const feedQuerySchema = z.object({
  since: z.coerce.number({ error: "ops:errors.cursor" }).int({ error: "ops:errors.cursor" }).min(0, { error: "ops:errors.cursor" }).optional(),
  limit: listLimit,
});

const reasonOfRejection = (v: { decision: string; reason?: string | undefined }, ctx: z.RefinementCtx) => {
  if (v.decision === "reject" && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "ops:errors.reasonNeeded" });
};

/** `POST /api/ops/reviews/<id>`: a rejection always says why (its author reads it). */
export const opsModerationSchema = moderationSchema.superRefine(reasonOfRejection);

/** A row id a console form names (an order, a review). */
const rowId = z.coerce
  .number({ error: "ops:console.badId" })
  .int({ error: "ops:console.badId" })
  .min(1, { error: "ops:console.badId" })
  .max(9_999_999_999, { error: "ops:console.badId" });

/** The console's sign-in: the operator pastes their key. */
export const consoleLoginSchema = z.object({
  key: z.string({ error: "ops:console.keyNeeded" }).trim().min(1, { error: "ops:console.keyNeeded" }).max(200, { error: "ops:console.keyWrong" }),
});

/** The console's review form: which review, and the same decision as the API's. */
export const consoleReviewSchema = moderationSchema.extend({ id: rowId }).superRefine(reasonOfRejection);

/** The console's order form: which order, and the same step as the API's. */
export const consoleStepSchema = z.object({ id: rowId, ...stepFields }).superRefine(trackingOfShipment);

/** A whole number of UZS from a form field. */
const sum = z.coerce
  .number({ error: "ops:catalogue.price" })
  .int({ error: "ops:catalogue.price" })
  .min(0, { error: "ops:catalogue.price" })
  .max(1_000_000_000, { error: "ops:catalogue.price" });

/** The console's price form: a product's first and sale price (as the import's price changes). */
export const consolePriceSchema = z
  .object({ slug: z.string().regex(/^[a-z0-9-]{1,120}$/, { error: "ops:catalogue.slug" }), firstPrice: sum, salePrice: sum })
  .refine((p) => p.salePrice <= p.firstPrice, { error: "ops:catalogue.salePrice", path: ["salePrice"] });

/** The console's stock form: one size's stock, set. */
export const consoleStockSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,120}$/, { error: "ops:catalogue.slug" }),
  sku: rowId,
  stock: z.coerce
    .number({ error: "ops:catalogue.stock" })
    .int({ error: "ops:catalogue.stock" })
    .min(0, { error: "ops:catalogue.stock" })
    .max(1_000_000, { error: "ops:catalogue.stock" }),
});

/** The item lookup: a product's slug or a size's number. */
export const consoleItemQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .regex(/^(?:[a-z0-9-]{1,120}|[1-9][0-9]{0,9})$/, { error: "ops:console.itemQuery" }),
});

/** `GET /api/ops/search/misses`: a week (any day of it, YYYY-MM-DD; else this one), a language, how many. */
export const missesQuerySchema = z.object({
  week: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "ops:errors.week" })
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), { error: "ops:errors.week" })
    .optional(),
  lang: z.enum(LANGS, { error: "ops:errors.lang" }).optional(),
  limit: listLimit,
});

/** The longest word (and meaning) a synonym takes. */
export const SYNONYM_MAX = 60;

/** `POST /api/ops/search/synonyms`: a word, what it means (words the catalogue's texts have), the language it is of. */
const synonymText = (error: string) =>
  z
    .string({ error })
    .trim()
    .min(2, { error })
    .max(SYNONYM_MAX, { error })
    .regex(/^[\p{L}\p{N}' -]+$/u, { error });

export const synonymSchema = z.object({
  word: synonymText("ops:errors.synonymWord"),
  means: synonymText("ops:errors.synonymMeans"),
  lang: z.enum(LANGS, { error: "ops:errors.lang" }),
});

/** `GET /api/ops/refunds`: those not yet made (open: pending, requested or failed), one state of them, made (refunded), or all; how many. */
export const refundsQuerySchema = z.object({
  state: z.enum(["open", "pending", "requested", "failed", "refunded", "all"], { error: "ops:errors.refundState" }).optional(),
  limit: listLimit,
});

/** `GET /api/ops/receipts` and `GET /api/ops/reconciliation`: those that need an operator (open), or all; how many. */
export const receiptsQuerySchema = z.object({
  state: z.enum(["open", "all"], { error: "ops:errors.listState" }).optional(),
  limit: listLimit,
});
export const findingsQuerySchema = receiptsQuerySchema;

/** The console's money forms: a refund made by hand or tried again, a return receipt made by hand. */
export const consoleMoneySchema = z.object({
  kind: z.enum(["refund", "receipt"], { error: "ops:errors.unknownOperation" }),
  id: z.coerce.number({ error: "ops:errors.unknownOperation" }).int().positive({ error: "ops:errors.unknownOperation" }),
  op: z.enum(["done", "retry"], { error: "ops:errors.unknownOperation" }),
});
