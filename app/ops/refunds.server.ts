import { parseForm, payloadForm } from "~/forms/parse.server";
import { listRefunds, retryRefundNow } from "~/orders/index.server";
import { apiError, apiFailure } from "~/server/api.server";
import type { OpsRequest } from "./call.server";
import { refundsQuerySchema } from "./schema";

const REFUNDS_LIMIT = 50;

/**
 * `GET /api/ops/refunds?state=<pending|refunded|all>&limit=<n>`: money owed back to shoppers,
 * those still owed first (the oldest first) with their attempts and the provider's last answer,
 * then the latest made.
 */
export async function refundsCall({ app, t, request }: OpsRequest): Promise<Response> {
  const query = Object.fromEntries([...new URL(request.url).searchParams].filter(([k]) => k === "state" || k === "limit"));
  const submission = parseForm(payloadForm(query), refundsQuerySchema);
  if (submission.status !== "success") apiFailure(t, { status: 422, reply: submission.reply() });
  const { state, limit } = submission.value;
  return Response.json({ refunds: await listRefunds(app.env.DB, state ?? "pending", limit ?? REFUNDS_LIMIT) });
}

/**
 * `POST /api/ops/refunds/<id>/retry`: tries a refund still owed now, without waiting for its
 * next try (the provider is back). 200 with the refund as it is after the try; 404 for none;
 * 409 when it is refunded already or another try holds it.
 */
export async function retryRefundCall({ app, t }: OpsRequest, idParam: string | undefined): Promise<Response> {
  const id = /^[1-9][0-9]{0,9}$/.test(idParam ?? "") ? Number(idParam) : 0;
  const tried = id ? await retryRefundNow(app.env, id, app.dispatch) : null;
  if (!tried) apiError(404, t("ops:errors.refundNotFound"));
  if (tried.outcome === "skipped") apiError(409, t("ops:errors.refundNotDue"), undefined, undefined, { refund: tried.refund });
  return Response.json({ success: tried.outcome === "refunded", refund: tried.refund });
}
