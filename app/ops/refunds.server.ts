import { parseForm, payloadForm } from "~/forms/parse.server";
import { listFindings, listReceipts, listRefunds, receiptDoneByHand, refundMadeByHand, retryRefundNow } from "~/orders/index.server";
import { apiError, apiFailure } from "~/server/api.server";
import type { OpsRequest } from "./call.server";
import { findingsQuerySchema, receiptsQuerySchema, refundsQuerySchema } from "./schema";

const LIST_LIMIT = 50;

/** The query's own fields, parsed with `schema` (422 with the field's message in the request's language). */
function queryOf<S extends Parameters<typeof parseForm>[1]>({ t, request }: OpsRequest, schema: S, fields: string[]) {
  const query = Object.fromEntries([...new URL(request.url).searchParams].filter(([k]) => fields.includes(k)));
  const submission = parseForm(payloadForm(query), schema);
  if (submission.status !== "success") apiFailure(t, { status: 422, reply: submission.reply() });
  return submission.value;
}

/** The id in a path (a positive integer), or 0. */
const idOf = (param: string | undefined) => (/^[1-9][0-9]{0,9}$/.test(param ?? "") ? Number(param) : 0);

/**
 * `GET /api/ops/refunds?state=<open|pending|requested|failed|refunded|all>&limit=<n>`: money owed
 * back to shoppers (`open` by default: owed, asked of the provider, or failed and waiting for an
 * operator), failed first, then the oldest, with their attempts, the provider's last answer, the
 * deadline and the operator's task; then the latest made.
 */
export async function refundsCall(call: OpsRequest): Promise<Response> {
  const { state, limit } = queryOf(call, refundsQuerySchema, ["state", "limit"]);
  return Response.json({ refunds: await listRefunds(call.app.env.DB, state ?? "open", limit ?? LIST_LIMIT) });
}

/**
 * `POST /api/ops/refunds/<id>/retry`: tries a refund still owed now, without waiting for its next
 * try (the provider is back): 200 with the refund as it is after the try (`success`: made or
 * asked); 409 when it is made, failed, or a try is under way. `POST /api/ops/refunds/<id>/done`:
 * the money went back another way (a bank transfer): the refund made by hand and the shopper told;
 * 409, changing nothing, while the provider may still send it (a try under way or unanswered, or
 * Payme's confirmation awaited) or once it was made. 404 for no such refund or operation.
 */
export async function refundStepCall({ app, t }: OpsRequest, idParam: string | undefined, op: string | undefined): Promise<Response> {
  const id = idOf(idParam);
  if (!id || (op !== "retry" && op !== "done")) apiError(404, t(id ? "server:api.unknownOperation" : "ops:errors.refundNotFound"));
  if (op === "done") {
    const marked = await refundMadeByHand(app.env, id);
    if (!marked) apiError(404, t("ops:errors.refundNotFound"));
    if (!marked.made)
      apiError(409, t(marked.refund.state === "refunded" ? "ops:errors.refundMade" : "ops:errors.refundInFlight"), undefined, undefined, {
        refund: marked.refund,
      });
    return Response.json({ success: true, refund: marked.refund });
  }
  const tried = await retryRefundNow(app.env, id, app.dispatch);
  if (!tried) apiError(404, t("ops:errors.refundNotFound"));
  if (tried.outcome === "skipped") apiError(409, t("ops:errors.refundNotDue"), undefined, undefined, { refund: tried.refund });
  return Response.json({ success: tried.outcome === "refunded" || tried.outcome === "requested", refund: tried.refund });
}

/**
 * `GET /api/ops/receipts?state=<open|all>&limit=<n>`: fiscal receipts sent to Click, those that
 * need an operator first (refused, with Click's answer; a return to make by hand), then those on
 * their way, then (with `all`) the accepted.
 */
export async function receiptsCall(call: OpsRequest): Promise<Response> {
  const { state, limit } = queryOf(call, receiptsQuerySchema, ["state", "limit"]);
  return Response.json({ receipts: await listReceipts(call.app.env.DB, state !== "all", limit ?? LIST_LIMIT) });
}

/** `POST /api/ops/receipts/<id>/done`: a return receipt made by hand (in Click's cabinet). 409 when it is not an operator's task. */
export async function receiptStepCall({ app, t }: OpsRequest, idParam: string | undefined, op: string | undefined): Promise<Response> {
  const id = idOf(idParam);
  if (!id || op !== "done") apiError(404, t(id ? "server:api.unknownOperation" : "ops:errors.receiptNotFound"));
  const done = await receiptDoneByHand(app.env.DB, id);
  if (!done) apiError(404, t("ops:errors.receiptNotFound"));
  if (!done.done) apiError(409, t("ops:errors.receiptNotTask"), undefined, undefined, { receipt: done.receipt });
  return Response.json({ success: true, receipt: done.receipt });
}

/** `GET /api/ops/reconciliation?state=<open|all>&limit=<n>`: the daily reconciliation's findings, open first. */
export async function reconciliationCall(call: OpsRequest): Promise<Response> {
  const { state, limit } = queryOf(call, findingsQuerySchema, ["state", "limit"]);
  return Response.json({ findings: await listFindings(call.app.env.DB, state === "all", limit ?? LIST_LIMIT) });
}
