import type { Route } from "./+types/retargeting";
import { getCartView } from "~/cart/index.server";
import { getCartId, getShopper } from "~/server/request.server";
import { favouritesOwner, type RetargetingItem, wishlistRetargeting } from "~/favourites/index.server";
import { apiContext, apiError } from "~/server/api.server";
import { isCrossSiteRead } from "~/server/security.server";

const ID = /^[1-9][0-9]{0,9}$/;

/**
 * `GET /api/retargeting/wishlist/<productId>` and `/cart/<productId>` (docs/api.md): after a
 * product joins the favourites or the cart, what a retargeting tag needs of that list
 * (product ids, prices in UZS, quantities, the total) and whether the product is in it.
 * Always the asking shopper's own list (from the session, empty without one): no id
 * reads another's. JSON, or, loaded as a script, a push of the same to `window.dataLayer`
 * (the page inserts the wishlist's after a heart's add).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { app, lang, t } = apiContext(context);
  if (params.list !== "wishlist" && params.list !== "cart") apiError(404, t("server:api.unknownOperation"));
  if (!ID.test(params.id)) apiError(400, t("server:api.badProductId"));
  const id = Number(params.id);
  // A script runs in the page that includes it: another site's page never gets the shopper's list (the cookie's SameSite aside).
  if (wantsScript(request) && isCrossSiteRead(request)) apiError(403, t("server:api.crossSite"));
  const shopper = await getShopper(context);
  let items: RetargetingItem[] = [];
  if (shopper.session && params.list === "wishlist") items = await wishlistRetargeting(app.env.DB, favouritesOwner(shopper.owner.userId, shopper.session));
  if (shopper.session && params.list === "cart") {
    const cart = await getCartView(app.env, lang, await getCartId(context));
    items = cart.lines.map((l) => ({ id: l.productId, price: l.salePrice, quantity: l.quantity }));
  }
  const answer = {
    list: params.list,
    id,
    inList: items.some((i) => i.id === id),
    currency: "UZS",
    value: items.reduce((sum, i) => sum + i.price * i.quantity, 0),
    items,
  };
  if (!wantsScript(request)) return Response.json(answer);
  // The older client's form: a script the page inserts, which hands the list to the tag manager's data layer.
  const push = JSON.stringify({ event: `retargeting_${params.list}`, retargeting: answer });
  return new Response(`(window.dataLayer=window.dataLayer||[]).push(${push});\n`, { headers: { "Content-Type": "text/javascript; charset=utf-8" } });
}

/** Loaded by a script element (the browser says so), or asked for as one (`?format=script`). */
function wantsScript(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Dest") === "script" || new URL(request.url).searchParams.get("format") === "script";
}
