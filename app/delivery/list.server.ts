import { parseForm, payloadForm } from "~/forms/parse.server";
import type { TFunction } from "~/i18n/translate";
import { apiError } from "~/server/api.server";
import { DELIVERY_PAGE_MAX, deliveryListSchema } from "./schema";

/** A page's size when the request names none. */
const PER_PAGE = 20;
/** The most `per-page` gives; `limit` and `showAll` give up to `DELIVERY_PAGE_MAX`. */
const PER_PAGE_MAX = 100;

/**
 * How many items a page of the delivery data holds: `limit` when given (the older client's
 * name, 1–1000), else `per-page` (default 20, at most 100; with `showAll=1` up to 1000).
 * A `limit` that is not a whole number in range answers 400 in the request's language.
 */
export function pageSizeOf(query: URLSearchParams, t: TFunction): number {
  const limit = query.get("limit");
  if (limit !== null && limit !== "") {
    const submission = parseForm(payloadForm({ limit }), deliveryListSchema);
    if (submission.status !== "success" || submission.value.limit === undefined) {
      const message = t("server:api.badLimit", { max: DELIVERY_PAGE_MAX });
      apiError(400, message, [{ field: "limit", message }]);
    }
    return submission.value.limit;
  }
  const asked = Number.parseInt(query.get("per-page") ?? "", 10) || PER_PAGE;
  return Math.max(1, Math.min(query.get("showAll") === "1" ? DELIVERY_PAGE_MAX : PER_PAGE_MAX, asked));
}
