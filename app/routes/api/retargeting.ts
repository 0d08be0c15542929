import type { Route } from "./+types/retargeting";
import { getCartId, getCartView, getShopper } from "~/cart/index.server";
import { favouritesOwner, type RetargetingItem, wishlistRetargeting } from "~/favourites/index.server";
import { apiContext, apiError } from "~/server/api.server";

const ID = /^[1-9][0-9]{0,9}$/;

/**
 * `GET /api/retargeting/wishlist/<productId>` and `/cart/<productId>` (docs/api.md): after a
 * product joins the favourites or the cart, what a retargeting tag needs of that list
 * (product ids, prices in UZS, quantities, the total) and whether the product is in it.
 * Always the asking shopper's own list (from the session, empty without one): no id
 * reads another's. The shop inserts no third-party script; a tag manager, when one is
 * configured, calls this.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { app, lang, t } = apiContext(context, request);
  if (params.list !== "wishlist" && params.list !== "cart") apiError(404, t("server:api.unknownOperation"));
  if (!ID.test(params.id)) apiError(400, t("server:api.badProductId"));
  const id = Number(params.id);
  const shopper = await getShopper(context);
  let items: RetargetingItem[] = [];
  if (shopper.session && params.list === "wishlist") items = await wishlistRetargeting(app.env.DB, favouritesOwner(shopper.owner.userId, shopper.session));
  if (shopper.session && params.list === "cart") {
    const cart = await getCartView(app.env, lang, await getCartId(context));
    items = cart.lines.map((l) => ({ id: l.productId, price: l.salePrice, quantity: l.quantity }));
  }
  return Response.json({
    list: params.list,
    id,
    inList: items.some((i) => i.id === id),
    currency: "UZS",
    value: items.reduce((sum, i) => sum + i.price * i.quantity, 0),
    items,
  });
}
