import { z } from "zod";
import { SHOP_STEPS } from "~/orders/index";
import { moderationSchema } from "~/reviews/index";

/** The longest tracking number a carrier gives. */
export const TRACKING_MAX = 64;

/** `POST /api/ops/orders/<id>/status`: the shop's next step; a shipment names its tracking number. */
export const orderStepSchema = z
  .object({
    status: z.enum(SHOP_STEPS, { error: "ops:errors.status" }),
    tracking: z
      .string()
      .trim()
      .max(TRACKING_MAX, { error: "ops:errors.trackingLong" })
      .regex(/^[\p{L}\p{N} ._/-]*$/u, { error: "ops:errors.trackingChars" })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === "shipped" && !v.tracking) ctx.addIssue({ code: "custom", path: ["tracking"], message: "ops:errors.trackingNeeded" });
  });

/** `POST /api/ops/orders/ack`: the feed's cursor the client has stored what it was given up to. */
export const ackSchema = z.object({
  cursor: z.coerce.number({ error: "ops:errors.cursor" }).int({ error: "ops:errors.cursor" }).min(0, { error: "ops:errors.cursor" }),
});

/** The feed's query: where to start (else the acknowledged cursor) and how many orders. */
export const feedQuerySchema = z.object({
  since: z.coerce.number({ error: "ops:errors.cursor" }).int({ error: "ops:errors.cursor" }).min(0, { error: "ops:errors.cursor" }).optional(),
  limit: z.coerce
    .number({ error: "ops:errors.limit" })
    .int({ error: "ops:errors.limit" })
    .min(1, { error: "ops:errors.limit" })
    .max(100, { error: "ops:errors.limit" })
    .optional(),
});

/** `POST /api/ops/reviews/<id>`: a rejection always says why (its author reads it). */
export const opsModerationSchema = moderationSchema.superRefine((v, ctx) => {
  if (v.decision === "reject" && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "ops:errors.reasonNeeded" });
});
