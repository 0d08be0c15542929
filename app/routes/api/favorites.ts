import type { RouterContextProvider } from "react-router";
import type { Route } from "./+types/favorites";
import { getShopper, guestSessionForWrite, type Shopper } from "~/server/request.server";
import { parseForm, payloadForm } from "~/forms/parse.server";
import { formatUzs } from "~/i18n/format";
import { favouriteApiSchema, favouritesQuerySchema } from "~/favourites/index";
import { favouriteOf, favouritesApiPage, favouritesOwner, favouriteTarget, writeFavourite } from "~/favourites/index.server";
import { apiContext, apiError, apiFailure, readPayload, paginationHeaders } from "~/server/api.server";
import { isCrossSiteRead } from "~/server/security.server";

const ID = /^[1-9][0-9]{0,9}$/;

/**
 * The favourites API (docs/api.md), for guests (the session's list) and accounts
 * (D1), each seeing only their own: `GET /api/favorites` (`page`, `per-page`
 * up to 2000, `only-sale`, `active-product`, `group-by-category`; X-Pagination-*
 * headers), `GET /api/favorites/products/<productId>`
 * whether and with which size a product is a favourite.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { app, lang, t } = apiContext(context);
  const shopper = await getShopper(context);
  // `GET /api/favorites/<id>`: the spec's removal by GET, as DELETE (HEAD changes nothing).
  if (params.id !== undefined) {
    if (request.method === "HEAD") return new Response(null, { status: 204 });
    // A GET that changes the list: only from the shop itself or a client without a browser's headers, as the other writes.
    if (isCrossSiteRead(request)) apiError(403, t("server:api.crossSite"));
    return removeFavourite(app.env, t, writerOf(context, shopper), params.id);
  }
  const owner = favouritesOwner(shopper.owner.userId, shopper.session);
  if (params.productId !== undefined) {
    if (!ID.test(params.productId)) apiError(400, t("favourites:errors.unknownProduct"));
    const found = await favouriteOf(app.env.DB, owner, Number(params.productId));
    return Response.json({ productId: Number(params.productId), favourite: found !== null, skuId: found?.skuId ?? null });
  }
  const query = favouritesQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { items, total, page, perPage } = await favouritesApiPage(app.env.DB, lang, owner, query, (amount) => formatUzs(amount, lang));
  return Response.json(items, { headers: paginationHeaders(total, page, perPage) });
}

/** `POST /api/favorites` (form-encoded `item_id`, optional `sku_id`): 201 when added, 200 when it already was; `DELETE /api/favorites/<id>` (the product's id): 204 (the spec's `GET /api/favorites/<id>` too: the loader). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { app, t } = apiContext(context);
  const shopper = await getShopper(context);
  const writer = writerOf(context, shopper);
  if (request.method === "DELETE") return removeFavourite(app.env, t, writer, params.id);
  if (params.id) apiError(405, t("server:api.methodNotAllowed"));
  const submission = parseForm(payloadForm(await readPayload(request, t)), favouriteApiSchema);
  if (submission.status !== "success") apiFailure(t, { status: 400, reply: submission.reply() });
  const { item_id, sku_id } = submission.value;
  const added = await writeFavourite(app.env.DB, writer, "add", item_id, sku_id ?? null);
  if (!added.ok) {
    if (added.status === 429) apiError(429, t(added.error), undefined, added.retryAfter);
    apiError(added.status, t(added.error), [{ field: added.field === "productId" ? "item_id" : "sku_id", message: t(added.error) }]);
  }
  return Response.json({ success: true }, { status: added.changed ? 201 : 200 });
}

function writerOf(context: Readonly<RouterContextProvider>, shopper: Shopper) {
  return { userId: shopper.owner.userId, guestSession: () => guestSessionForWrite(context, shopper) };
}

/** The removal of one favourite (DELETE, or the spec's GET): idempotent, the owner's own list only. */
async function removeFavourite(env: Env, t: (key: string) => string, writer: ReturnType<typeof writerOf>, id: string | undefined): Promise<Response> {
  if (!id || !ID.test(id)) apiError(400, t("favourites:errors.unknownProduct"));
  // Idempotent: a product that is not (or no longer) the shopper's favourite answers 204 too; an unknown product 404.
  if ((await favouriteTarget(env.DB, Number(id), null)) !== "ok") apiError(404, t("favourites:errors.unknownProduct"));
  await writeFavourite(env.DB, writer, "remove", Number(id), null);
  return new Response(null, { status: 204 });
}
