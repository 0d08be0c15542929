import type { Route } from "./+types/orders";
import { requireApiUser } from "~/auth/index.server";
import { expandedOrderJson, localizeOrder, localizeOrders, ORDER_EXPANDS, ordersOf, ownOrderById } from "~/orders/index.server";
import { apiContext, apiError, expandOf, paginationHeaders } from "~/server/api.server";

const PER_PAGE_MAX = 50;

/**
 * GET /api/orders (docs/api.md): the signed-in shopper's orders, newest first, with
 * X-Pagination-* headers; GET /api/orders/<id> one of them. The bare order, and the
 * parts `expand` names (orderItems, store, user, delivery, payment). `lang` names the
 * delivery's city, type and point.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { app, lang, t } = apiContext(context);
  const userId = await requireApiUser(context, t);
  const url = new URL(request.url);
  const expand = expandOf(url.searchParams.get("expand"), ORDER_EXPANDS, t);
  if (params.id) {
    const order = /^[1-9][0-9]{0,9}$/.test(params.id) ? await ownOrderById(app.env.DB, Number(params.id), userId) : null;
    if (!order) apiError(404, t("orders:errors.notFound"));
    return Response.json(expandedOrderJson(await localizeOrder(app.env.DB, lang, order), expand));
  }
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const perPage = Math.max(1, Math.min(PER_PAGE_MAX, Number.parseInt(url.searchParams.get("per-page") ?? "20", 10) || 20));
  const { items, total } = await ordersOf(app.env.DB, userId, page, perPage);
  // Places (city, type, store or post office) named in the request's language.
  return Response.json(
    (await localizeOrders(app.env.DB, lang, items)).map((o) => expandedOrderJson(o, expand)),
    {
      headers: paginationHeaders(total, page, perPage),
    },
  );
}
