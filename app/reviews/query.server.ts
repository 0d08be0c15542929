import { reviewsQuerySchema } from "./schema";

/** The widget's sort and "all" from a page's query (the schema stays on the server: zod is not the product page's to load). */
export function reviewsQueryOf(params: URLSearchParams): { sort: import("./schema").ReviewSort; reviews: boolean } {
  return reviewsQuerySchema.parse(Object.fromEntries(params));
}
