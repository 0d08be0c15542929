import type { Route } from "./+types/api.moderation-review";
import { moderationSchema } from "~/reviews/index";
import { isModerator, moderateReview } from "~/reviews/index.server";
import { parseForm, payloadForm } from "~/forms/parse.server";
import { apiContext, apiError, apiFailure, readPayload } from "~/server/api.server";

/**
 * `POST /api/moderation/reviews/<id>` `{decision: "publish" | "reject"}` (Authorization:
 * Bearer <REVIEWS_MODERATION_KEY>): publishes a pending review for everyone, or deletes
 * it. 404 for a review that is not pending (or while no key is configured).
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { app, t } = apiContext(context, request);
  const moderator = isModerator(app.env, request);
  if (moderator === "off") apiError(404, t("server:api.unknownOperation"));
  if (!moderator) apiError(401, t("reviews:errors.moderationKey"));
  const submission = parseForm(payloadForm(await readPayload(request, t)), moderationSchema);
  if (submission.status !== "success") apiFailure(t, { status: 422, reply: submission.reply() });
  const id = Number(params.id);
  if (!(await moderateReview(app.env.DB, id, submission.value.decision))) apiError(404, t("reviews:errors.notPending"));
  return Response.json({ success: true, id, status: submission.value.decision === "publish" ? "published" : "rejected" });
}
