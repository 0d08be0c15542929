import type { Route } from "./+types/reviews";
import { getSession, getUserId } from "~/server/request.server";
import { reviewFormSchema, reviewsQuerySchema } from "~/reviews/index";
import { customerOf, langOfAcceptLanguage, productReviews, publishReview, reviewsJson } from "~/reviews/index.server";
import { errorList, parseForm } from "~/forms/parse.server";
import { apiContext, apiError, readPayload } from "~/server/api.server";
import { serverT } from "~/i18n/translator.server";

const ID = /^[1-9][0-9]{0,9}$/;

/**
 * The reviews API (docs/api.md). `GET /v2/product-review?product_id=&sort=&allReviews=`: a
 * product's reviews in the language `Accept-Language` asks for (the reactions are the
 * signed-in caller's own; `user_id` is not trusted, the session says who asks).
 * `POST /v2/product-review` `{reviewData, token, tokenType, operationType: "publishReview"}`:
 * a signed-in shopper publishes (or edits) their review.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { app } = apiContext(context);
  const url = new URL(request.url);
  const lang = langOfAcceptLanguage(request.headers.get("Accept-Language"), app.defaultLang);
  const productId = url.searchParams.get("product_id") ?? "";
  if (!ID.test(productId)) apiError(400, serverT(lang)("reviews:errors.unknownProduct"));
  const query = reviewsQuerySchema.parse({ sort: url.searchParams.get("sort") ?? undefined });
  const all = ["1", "true"].includes(url.searchParams.get("allReviews") ?? "");
  const session = await getSession(context);
  const reviews = await productReviews(app.env.DB, lang, Number(productId), { sort: query.sort, all, viewerId: session?.get("userId") ?? null });
  return Response.json(reviewsJson(reviews), { headers: { "Content-Language": lang } });
}

/** The review form's fields as the spec names them, where ours differ: the errors carry both. */
const SPEC_FIELDS: Record<string, string> = { userName: "user_name", text: "review_text" };

export async function action({ context, request }: Route.ActionArgs) {
  const { app } = apiContext(context);
  // This API's language is Accept-Language's, not ?lang='s.
  const lang = langOfAcceptLanguage(request.headers.get("Accept-Language"), app.defaultLang);
  const t = serverT(lang);
  const userId = await getUserId(context);
  const user = userId ? await customerOf(app.env.DB, userId) : null;
  if (!user) apiError(401, t("reviews:errors.signIn"));
  const body = await readPayload(request, t, { objects: ["reviewData"] });
  if (body.operationType !== "publishReview")
    apiError(422, t("server:api.unknownOperation"), [{ field: "operationType", message: t("server:api.unknownOperation") }]);
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(body.reviewData ?? "{}") as Record<string, unknown>;
  } catch {}
  const productId = String(data.product_id ?? "");
  if (!ID.test(productId)) apiError(422, t("reviews:errors.unknownProduct"), [{ field: "product_id", message: t("reviews:errors.unknownProduct") }]);
  const form = new FormData();
  for (const [field, value] of [
    ["userName", data.user_name],
    ["rating", data.rating],
    ["text", data.text],
    ["token", body.token],
    ["tokenType", body.tokenType],
  ] as const)
    if (typeof value === "string" || typeof value === "number") form.set(field, String(value));
  // Reading the rules is the page's checkbox; a JSON client says it by publishing.
  form.set("agree", "on");
  const submission = parseForm(form, reviewFormSchema);
  if (submission.status !== "success") {
    // Each refused field under its name here and, beside it, under the spec's (the older client's form shows them there).
    const errors = errorList(submission.reply().error, (key) => t(key));
    const specNamed = errors.flatMap((e) => (SPEC_FIELDS[e.field] ? [{ field: SPEC_FIELDS[e.field]!, message: e.message }] : []));
    apiError(422, errors[0]?.message ?? t("common:errors.badRequestTitle"), [...errors, ...specNamed]);
  }
  const valueIds = Array.isArray(data.matchings) ? data.matchings.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : [];
  const result = await publishReview(app, request, user, Number(productId), lang, submission.value, valueIds, { tokenRequired: true });
  if (result.ok) return Response.json({ success: true, id: result.id, status: result.status === "published" ? "published" : "moderation" }, { status: 201 });
  if (result.error === "no_product") apiError(404, t("reviews:errors.unknownProduct"));
  if (result.error === "limited") apiError(429, t("reviews:errors.rateLimited"), undefined, result.retryAfter);
  if (result.error === "captcha_unavailable") apiError(503, t("reviews:errors.captchaUnavailable"));
  return apiError(422, t("reviews:errors.captcha"), [{ field: "token", message: t("reviews:errors.captcha") }], undefined, { captcha: "interactive" });
}
