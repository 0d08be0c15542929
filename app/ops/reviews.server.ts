import { parseForm, payloadForm } from "~/forms/parse.server";
import { moderateReview, pendingReviews } from "~/reviews/index.server";
import { apiError, apiFailure, readPayload } from "~/server/api.server";
import type { OpsRequest } from "./call.server";
import { opsModerationSchema } from "./schema";

/** `GET /api/ops/reviews`: the reviews waiting for a decision, oldest first, each with the version a decision names. */
export async function reviewQueue({ app }: OpsRequest): Promise<Response> {
  return Response.json({ reviews: await pendingReviews(app.env.DB) });
}

/**
 * `POST /api/ops/reviews/<id> {decision, version, reason}`: publish, or reject with a
 * reason its author reads on their review. 409 when its author edited it after that
 * version, 404 when it waits for no decision.
 */
export async function decideReview({ app, t, request }: OpsRequest, idParam: string | undefined): Promise<Response> {
  const submission = parseForm(payloadForm(await readPayload(request, t)), opsModerationSchema);
  if (submission.status !== "success") apiFailure(t, { status: 422, reply: submission.reply() });
  const id = /^[1-9][0-9]{0,9}$/.test(idParam ?? "") ? Number(idParam) : 0;
  const { decision, version, reason } = submission.value;
  const outcome = id ? await moderateReview(app.env.DB, id, version, decision, reason) : "gone";
  if (outcome === "gone") apiError(404, t("reviews:errors.notPending"));
  if (outcome === "changed") apiError(409, t("reviews:errors.changedSince"));
  return Response.json({ success: true, id, status: decision === "publish" ? "published" : "rejected" });
}
