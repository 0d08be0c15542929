import { z } from "zod";
import { positiveId } from "~/forms/fields";

/** The longest query the box and the search page take (the search input's maxlength). */
export const QUERY_MAX = 100;

/** `GET /api/search/autocomplete`'s query: `q` as typed (empty: nothing to suggest). */
export const autocompleteQuerySchema = z.object({
  q: z.string({ error: "search:errors.query" }).max(QUERY_MAX, { error: "search:errors.query" }).optional().default(""),
});

/** Remembering a query (`POST /api/search/history`): a query with a word in it. */
export const recordSearchSchema = z.object({
  q: z.string({ error: "search:errors.query" }).trim().min(1, { error: "search:errors.query" }).max(QUERY_MAX, { error: "search:errors.query" }),
});

/**
 * The search page's history forms (without JavaScript): forget one entry, or all of them.
 * The entry is named by its id; whose it is comes from the session.
 */
export const historyFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("forget"), id: positiveId("search:errors.entry") }),
  z.object({ intent: z.literal("forget-all") }),
]);
