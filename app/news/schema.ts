import "~/forms/zod-config";
import { z } from "zod";

/** An article's slug in its URL. */
export const NEWS_SLUG = /^[a-z0-9-]{1,120}$/;

/** The news list's query: `page`, a whole number from 1 (the first page has no parameter). */
export const newsListQuerySchema = z.object({
  page: z.coerce.number().int().min(2).max(100_000).optional(),
});
