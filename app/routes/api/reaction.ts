import { redirect } from "react-router";
import { getUserId } from "~/server/request.server";
import type { Route } from "./+types/reaction";
import { safeReturnUrl } from "~/i18n/return-url";
import { localized } from "~/i18n/translator.server";
import { parseForm, payloadForm } from "~/forms/parse.server";
import { reactionSchema, sendReaction } from "~/reviews/index";
import { react } from "~/reviews/index.server";
import { apiContext, apiError, apiFailure, readPayload } from "~/server/api.server";

/** The reviews widget's likes and dislikes in the browser load with this route's client module (app/reviews/widget.tsx). */
export const handle = { sendReaction };

/**
 * `POST /reaction` (docs/api.md) `{product_review_id, user_like, user_dislike}`: a signed-in
 * shopper's like or dislike, the state they want (both 0: none). One statement, so
 * parallel clicks keep the counts exact. JSON answers the review's counts; the widget's
 * form (no JavaScript) gets a 303 back to the review.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context);
  const isForm = !(request.headers.get("Content-Type") ?? "").includes("application/json");
  const fields = await readPayload(request, t);
  const userId = await getUserId(context);
  const back = safeReturnUrl(fields.redirectTo, lang, app.defaultLang);
  if (!userId) {
    if (isForm) return redirect(`${localized(context, "/login", lang)}?return_url=${encodeURIComponent(back)}`, 303);
    apiError(401, t("reviews:errors.signIn"));
  }
  const submission = parseForm(payloadForm(fields), reactionSchema);
  if (submission.status !== "success") apiFailure(t, { status: 422, reply: submission.reply() });
  const { product_review_id: reviewId, user_like, user_dislike } = submission.value;
  const counts = await react(app.env.DB, reviewId, userId, user_like === 1, user_dislike === 1);
  if (!counts) apiError(404, t("reviews:errors.unknownReview"));
  if (isForm) return redirect(back.includes("#") ? back : `${back}#review-${reviewId}`, 303);
  return Response.json({ success: true, product_review_id: reviewId, ...counts });
}
