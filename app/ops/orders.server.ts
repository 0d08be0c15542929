import { parseForm, payloadForm } from "~/forms/parse.server";
import { advanceOrder, latestOrderChange, localizeOrders, orderJson, ordersChangedSince } from "~/orders/index.server";
import { apiError, apiFailure, readPayload } from "~/server/api.server";
import type { OpsRequest } from "./call.server";
import { ackSchema, feedQuerySchema, orderStepSchema } from "./schema";

const FEED_LIMIT = 50;

/**
 * `GET /api/ops/orders?since=<cursor>&limit=<n>`: orders placed or changed after the
 * cursor (without `since`: after the cursor this client acknowledged), each as it is now
 * with its `version` (its latest change), and the `cursor` to acknowledge once stored.
 */
export async function orderFeed({ app, lang, t, client, request }: OpsRequest): Promise<Response> {
  const query = Object.fromEntries([...new URL(request.url).searchParams].filter(([k]) => k === "since" || k === "limit"));
  const submission = parseForm(payloadForm(query), feedQuerySchema);
  if (submission.status !== "success") apiFailure(t, { status: 422, reply: submission.reply() });
  const since = submission.value.since ?? client.ordersCursor;
  const feed = await ordersChangedSince(app.env.DB, since, submission.value.limit ?? FEED_LIMIT);
  const shown = await localizeOrders(app.env.DB, lang, feed.orders);
  return Response.json({
    since,
    cursor: feed.cursor,
    more: feed.more,
    orders: shown.map((o, i) => ({ ...orderJson(o), version: feed.versions[i] })),
  });
}

/**
 * `POST /api/ops/orders/ack {cursor}`: the client stored everything up to `cursor`; the
 * feed without `since` starts after it. Never moves back (a late, repeated ack changes
 * nothing), never past what the feed has handed out.
 */
export async function acknowledgeOrders({ app, t, client, request }: OpsRequest): Promise<Response> {
  const submission = parseForm(payloadForm(await readPayload(request, t)), ackSchema);
  if (submission.status !== "success") apiFailure(t, { status: 422, reply: submission.reply() });
  const { cursor } = submission.value;
  if (cursor > (await latestOrderChange(app.env.DB))) apiError(422, t("ops:errors.cursorAhead"), [{ field: "cursor", message: t("ops:errors.cursorAhead") }]);
  const row = await app.env.DB.prepare("UPDATE ops_clients SET orders_cursor = MAX(orders_cursor, ?2) WHERE id = ?1 RETURNING orders_cursor AS cursor")
    .bind(client.id, cursor)
    .first<{ cursor: number }>();
  return Response.json({ success: true, cursor: row?.cursor ?? cursor });
}

/**
 * `POST /api/ops/orders/<id>/status {status, tracking?}`: the shop's next step. 200 with
 * the order (`changed: false` when it was there already: a retry), 409 when that step
 * cannot follow where the order is, 404 when there is no such order.
 */
export async function setOrderStatus({ app, lang, t, request }: OpsRequest, idParam: string | undefined): Promise<Response> {
  const submission = parseForm(payloadForm(await readPayload(request, t)), orderStepSchema);
  if (submission.status !== "success") apiFailure(t, { status: 422, reply: submission.reply() });
  const id = /^[1-9][0-9]{0,9}$/.test(idParam ?? "") ? Number(idParam) : 0;
  const { status, tracking } = submission.value;
  const result = id ? await advanceOrder(app.env, id, status, status === "shipped" ? (tracking ?? null) : null, app.dispatch) : { outcome: "missing" as const };
  if (result.outcome === "missing") apiError(404, t("ops:errors.orderNotFound"));
  const [shown] = await localizeOrders(app.env.DB, lang, [result.order]);
  const order = orderJson(shown!);
  if (result.outcome === "conflict")
    apiError(409, t("ops:errors.transition", { state: result.order.state, status }), undefined, undefined, { state: result.order.state, order });
  return Response.json({ success: true, changed: result.outcome === "done", order });
}
