import { parseForm, payloadForm } from "~/forms/parse.server";
import { listRefunds, refundMadeByHand, retryRefundNow } from "~/orders/index.server";
import { apiError, apiFailure } from "~/server/api.server";
import type { OpsRequest } from "./call.server";
import { refundsQuerySchema } from "./schema";

const REFUNDS_LIMIT = 50;

/**
 * `GET /api/ops/refunds?state=<open|pending|requested|refunded|all>&limit=<n>`: money owed back
 * to shoppers (`open` by default: owed, or asked of the provider and not yet confirmed), the
 * oldest first with their attempts and the provider's last answer, then the latest made.
 */
export async function refundsCall({ app, t, request }: OpsRequest): Promise<Response> {
  const query = Object.fromEntries([...new URL(request.url).searchParams].filter(([k]) => k === "state" || k === "limit"));
  const submission = parseForm(payloadForm(query), refundsQuerySchema);
  if (submission.status !== "success") apiFailure(t, { status: 422, reply: submission.reply() });
  const { state, limit } = submission.value;
  return Response.json({ refunds: await listRefunds(app.env.DB, state ?? "open", limit ?? REFUNDS_LIMIT) });
}

/**
 * `POST /api/ops/refunds/<id>/retry`: tries a refund not yet made now, without waiting for its
 * next try (the provider is back): 200 with the refund as it is after the try (`success`: the
 * provider took it); 409 when it is made already or a try is under way. `POST /api/ops/refunds/<id>/done`: the money went back another
 * way (a bank transfer): the refund made and the shopper told; 409 when it was made already.
 * 404 for no such refund or operation.
 */
export async function refundStepCall({ app, t }: OpsRequest, idParam: string | undefined, op: string | undefined): Promise<Response> {
  const id = /^[1-9][0-9]{0,9}$/.test(idParam ?? "") ? Number(idParam) : 0;
  if (!id || (op !== "retry" && op !== "done")) apiError(404, t(id ? "server:api.unknownOperation" : "ops:errors.refundNotFound"));
  if (op === "done") {
    const marked = await refundMadeByHand(app.env, id);
    if (!marked) apiError(404, t("ops:errors.refundNotFound"));
    if (!marked.made) apiError(409, t("ops:errors.refundMade"), undefined, undefined, { refund: marked.refund });
    return Response.json({ success: true, refund: marked.refund });
  }
  const tried = await retryRefundNow(app.env, id, app.dispatch);
  if (!tried) apiError(404, t("ops:errors.refundNotFound"));
  if (tried.outcome === "skipped") apiError(409, t("ops:errors.refundNotDue"), undefined, undefined, { refund: tried.refund });
  return Response.json({ success: tried.outcome !== "failed", refund: tried.refund });
}
