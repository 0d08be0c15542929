import "~/forms/zod-config";
import { z } from "zod";

/**
 * The most one page of the delivery data holds: the older client's selects asked for
 * `limit=1000`, and `showAll` lists a city's points on one page of this size.
 */
export const DELIVERY_PAGE_MAX = 1000;

/** The delivery data's `limit` (the older client's page size): a whole number from 1 to `DELIVERY_PAGE_MAX`. */
export const deliveryListSchema = z.object({
  limit: z.coerce
    .number({ error: "server:api.badLimit" })
    .int({ error: "server:api.badLimit" })
    .min(1, { error: "server:api.badLimit" })
    .max(DELIVERY_PAGE_MAX, { error: "server:api.badLimit" })
    .optional(),
});
