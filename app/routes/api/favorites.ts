import type { Route } from "./+types/favorites";
import { getShopper, guestSessionForWrite } from "~/cart/index.server";
import { parseForm, payloadForm } from "~/forms/parse.server";
import { formatUzs } from "~/i18n/format";
import { FAVOURITES_PAGE_SIZE, favouriteApiSchema, favouritesQuerySchema } from "~/favourites/index";
import { favouriteJson, favouriteOf, favouritesOwner, favouritesPage, favouriteTarget, writeFavourite } from "~/favourites/index.server";
import { apiContext, apiError, apiFailure, readPayload, paginationHeaders } from "~/server/api.server";

const ID = /^[1-9][0-9]{0,9}$/;

/**
 * The favourites API (docs/api.md), for guests (the session's list) and accounts
 * (D1), each seeing only their own: `GET /api/favorites` (`page`, `per-page`
 * up to 2000, `only-sale`, `active-product`, `group-by-category`; X-Pagination-*
 * headers), `GET /api/favorites/products/<productId>`
 * whether and with which size a product is a favourite.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { app, lang, t } = apiContext(context, request);
  const shopper = await getShopper(context);
  const owner = favouritesOwner(shopper.owner.userId, shopper.session);
  if (params.productId !== undefined) {
    if (!ID.test(params.productId)) apiError(400, t("favourites:errors.unknownProduct"));
    const found = await favouriteOf(app.env.DB, owner, Number(params.productId));
    return Response.json({ productId: Number(params.productId), favourite: found !== null, skuId: found?.skuId ?? null });
  }
  const query = favouritesQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const perPage = query["per-page"] ?? FAVOURITES_PAGE_SIZE;
  const filters = { onlySale: query["only-sale"], activeOnly: query["active-product"], groupByCategory: query["group-by-category"] };
  const { items, total } = await favouritesPage(app.env.DB, lang, owner, filters, query.page, perPage);
  const label = (amount: number) => formatUzs(amount, lang);
  return Response.json(
    items.map((i) => favouriteJson(i, label)),
    {
      headers: paginationHeaders(total, query.page, perPage),
    },
  );
}

/** `POST /api/favorites` (form-encoded `item_id`, optional `sku_id`): 201 when added, 200 when it already was; `DELETE /api/favorites/<id>` (the product's id): 204. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { app, t } = apiContext(context, request);
  const shopper = await getShopper(context);
  const writer = { userId: shopper.owner.userId, guestSession: () => guestSessionForWrite(app.env, request, shopper) };
  let status: number;
  if (request.method === "DELETE") {
    if (!params.id || !ID.test(params.id)) apiError(400, t("favourites:errors.unknownProduct"));
    // Idempotent: a product that is not (or no longer) the shopper's favourite answers 204 too; an unknown product 404.
    if ((await favouriteTarget(app.env.DB, Number(params.id), null)) !== "ok") apiError(404, t("favourites:errors.unknownProduct"));
    await writeFavourite(app.env.DB, writer, "remove", Number(params.id), null);
    status = 204;
  } else {
    if (params.id) apiError(405, t("server:api.methodNotAllowed"));
    const submission = parseForm(payloadForm(await readPayload(request, t)), favouriteApiSchema);
    if (submission.status !== "success") apiFailure(t, { status: 400, reply: submission.reply() });
    const { item_id, sku_id } = submission.value;
    const added = await writeFavourite(app.env.DB, writer, "add", item_id, sku_id ?? null);
    if (!added.ok) {
      if (added.status === 429) apiError(429, t(added.error), undefined, added.retryAfter);
      apiError(added.status, t(added.error), [{ field: added.field === "productId" ? "item_id" : "sku_id", message: t(added.error) }]);
    }
    status = added.changed ? 201 : 200;
  }
  return status === 204 ? new Response(null, { status }) : Response.json({ success: true }, { status });
}
