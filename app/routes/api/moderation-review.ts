import type { Route } from "./+types/moderation-review";
import { moderationSchema } from "~/reviews/index";
import { moderateReview, requireModerator } from "~/reviews/index.server";
import { parseForm, payloadForm } from "~/forms/parse.server";
import { apiContext, apiError, apiFailure, readPayload } from "~/server/api.server";

/**
 * `POST /api/moderation/reviews/<id>` `{decision: "publish" | "reject", version}`
 * (Authorization: Bearer <REVIEWS_MODERATION_KEY>): publishes the pending review for
 * everyone, or rejects it (its author sees it so, with the `reason` when given), as it was at the version the moderator read. 409 when its
 * author edited it since, 404 when it is not pending.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { app, t } = apiContext(context, request);
  await requireModerator(app.env, request, t);
  const submission = parseForm(payloadForm(await readPayload(request, t)), moderationSchema);
  if (submission.status !== "success") apiFailure(t, { status: 422, reply: submission.reply() });
  const id = Number(params.id);
  const { decision, version, reason } = submission.value;
  const outcome = await moderateReview(app.env.DB, id, version, decision, reason);
  if (outcome === "gone") apiError(404, t("reviews:errors.notPending"));
  if (outcome === "changed") apiError(409, t("reviews:errors.changedSince"));
  return Response.json({ success: true, id, status: decision === "publish" ? "published" : "rejected" });
}
