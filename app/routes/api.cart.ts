import type { Route } from "./+types/api.cart";
import { apiContext, apiError, readPayload } from "~/api.server";
import { runCartAction } from "~/cart/actions.server";
import { cartInfoJson, lineJson, summaryHeaders } from "~/cart/api.server";
import { getCartView } from "~/cart/cart.server";
import { commitShopperSession, existingCartId, shopperOf } from "~/cart/owner.server";
import { apiCartSchema } from "~/cart/schema";
import { formatUzs } from "~/i18n/format";
import { localizePath } from "~/i18n/url";

/** GET /api/cart: the lines as a list, the summary in headers (spec §7 "Cart"; README lists them). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { app, lang, t } = apiContext(context, request);
  const shopper = await shopperOf(app.env, request);
  const view = await getCartView(app.env.DB, lang, await existingCartId(app.env, shopper));
  const path = (slug: string) => localizePath(`/product/${slug}`, lang, app.defaultLang);
  return Response.json(
    view.lines.map((l) => lineJson(l, t, app.origin, path)),
    { headers: { ...summaryHeaders(view), "Cache-Control": "private, no-store" } },
  );
}

/**
 * POST /api/cart, form-encoded primaryId, purchasableId, quantity: a positive
 * quantity adds, −1 removes one. The answer is the cart info of spec §3, or
 * `{ status: false, code, message }` (codes as spec §8: is_out_of_stock …);
 * either way `popup` carries what the cart popup shows (adds only).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context, request);
  if (request.method !== "POST") apiError(405, "method not allowed");
  const payload = await readPayload(request);
  const parsed = apiCartSchema.safeParse(payload);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    const code = message === "errors.sizeRequired" ? "size_required" : message === "errors.unknownProduct" ? "unknown_product" : "quantity";
    return Response.json({ status: false, code, message: t(code === "quantity" ? "cart:errors.quantity" : `cartPopup.${code}`) }, { status: 422 });
  }
  const { primaryId, purchasableId, quantity } = parsed.data;
  const shopper = await shopperOf(app.env, request);
  const form: Record<string, string> =
    quantity === -1
      ? { intent: "decrement", purchasableId: String(purchasableId) }
      : { intent: "add", purchasableId: String(purchasableId), quantity: String(quantity), ...(primaryId ? { primaryId: String(primaryId) } : {}) };
  const result = await runCartAction(form, { env: app.env, request, lang, shopper });
  const cookie = await commitShopperSession(app.env, request, shopper);
  const headers: Record<string, string> = cookie ? { "Set-Cookie": cookie } : {};
  if (!result.ok) {
    const message = result.error.startsWith("cartPopup.") ? t(result.error, result.popup?.vars) : t(`cart:${result.error}`);
    return Response.json({ status: false, code: result.code, message, popup: result.popup ?? null }, { status: result.status === 400 ? 422 : result.status, headers });
  }
  const view = await getCartView(app.env.DB, lang, await existingCartId(app.env, shopper));
  const path = (slug: string) => localizePath(`/product/${slug}`, lang, app.defaultLang);
  const price = (n: number) => formatUzs(n, lang);
  return Response.json(
    { status: true, ...cartInfoJson(view, t, price, view.lines.map((l) => lineJson(l, t, app.origin, path))), popup: result.popup ?? null },
    { status: quantity === -1 ? 200 : 201, headers: { ...headers, ...summaryHeaders(view) } },
  );
}
