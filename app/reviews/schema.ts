import { z } from "zod";
import { positiveId, returnPath } from "~/forms/fields";
import { plainText, UNSAFE_TEXT } from "~/forms/text";

/** The review text's limit, the sorts (default `new`). */
export const REVIEW_TEXT_MAX = 500;
export const REVIEW_NAME_MAX = 60;
export const REVIEW_SORTS = ["useful", "new", "positive", "confirmed"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** The widget's GET parameters: `?sort=` and `?reviews=all`. */
export const reviewsQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS).catch("new"),
  reviews: z
    .string()
    .optional()
    .transform((v) => v === "all"),
});

/** How the captcha's token was made: the invisible check first, the interactive widget after a refusal (spec's v3 → v2). */
export const TOKEN_TYPES = ["invisible", "interactive"] as const;
/** The spec's clients name the captcha's version instead: v3 is the invisible check, v2 the challenge after a refusal. */
const TOKEN_TYPE_ALIASES: Record<string, (typeof TOKEN_TYPES)[number]> = { v3: "invisible", v2: "interactive" };

/** The add-review form (and the JSON publish, mapped onto it). Choices come as `match.<parameter id>` = value id. */
export const reviewFormSchema = z.object({
  userName: z
    .string({ error: "reviews:errors.nameRequired" })
    .trim()
    .min(1, { error: "reviews:errors.nameRequired" })
    .max(REVIEW_NAME_MAX, { error: "reviews:errors.nameTooLong" })
    .refine(plainText(), { error: UNSAFE_TEXT }),
  rating: z.coerce
    .number({ error: "reviews:errors.ratingRequired" })
    .int({ error: "reviews:errors.ratingRequired" })
    .min(1, { error: "reviews:errors.ratingRequired" })
    .max(5, { error: "reviews:errors.ratingRequired" }),
  text: z
    .string()
    .trim()
    .max(REVIEW_TEXT_MAX, { error: "reviews:errors.textTooLong" })
    .refine(plainText(true), { error: UNSAFE_TEXT })
    .optional()
    .transform((v) => v ?? ""),
  match: z.record(z.string().regex(/^\d{1,9}$/), z.coerce.number().int().positive()).optional(),
  agree: z.literal("on", { error: "reviews:errors.rules" }),
  token: z.string().max(4096).optional(),
  tokenType: z
    .enum([...TOKEN_TYPES, "v3", "v2"], { error: "reviews:errors.captcha" })
    .transform((v) => TOKEN_TYPE_ALIASES[v] ?? (v as (typeof TOKEN_TYPES)[number]))
    .optional(),
  redirectTo: returnPath,
});
export type ReviewForm = z.infer<typeof reviewFormSchema>;

/** `POST /reaction` (JSON or a form): the state the shopper wants, never a blind toggle. */
export const reactionSchema = z
  .object({
    product_review_id: positiveId("reviews:errors.unknownReview"),
    user_like: z.coerce.number({ error: "reviews:errors.badReaction" }).int().min(0).max(1),
    user_dislike: z.coerce.number({ error: "reviews:errors.badReaction" }).int().min(0).max(1),
    redirectTo: returnPath,
  })
  .refine((r) => !(r.user_like && r.user_dislike), { error: "reviews:errors.badReaction", path: ["user_like"] });

/** The longest reason a rejection gives. */
export const REJECT_REASON_MAX = 500;

/** A moderator's decision on a review held for moderation. */
export const MODERATION_DECISIONS = ["publish", "reject"] as const;
export const moderationSchema = z.object({
  decision: z.enum(MODERATION_DECISIONS, { error: "reviews:errors.decision" }),
  /** The version the moderator read (the list's `version`). */
  version: z.coerce.number({ error: "reviews:errors.version" }).int({ error: "reviews:errors.version" }).positive({ error: "reviews:errors.version" }),
  /** Why it was rejected: its author reads it on their review. */
  reason: z.string().trim().max(REJECT_REASON_MAX, { error: "reviews:errors.reasonLong" }).optional(),
});
