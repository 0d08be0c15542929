import type { Route } from "./+types/cart";
import { apiContext, readPayload } from "~/server/api.server";
import { addParseFailure, getRequestCartView, runCartAction } from "~/cart/index.server";
import { getCartId } from "~/server/request.server";
import { cartInfoJson, failureMessage, itemsJson, jsonContext, popupJson, summaryHeaders } from "~/cart/index.server";
import { getCartView } from "~/cart/index.server";
import { apiCartSchema } from "~/cart/index";
import { firstError, parseForm, payloadForm, refused } from "~/forms/parse.server";

/** GET /api/cart: the lines as a list, the summary in headers (docs/api.md lists them). */
export async function loader({ context }: Route.LoaderArgs) {
  const { app, lang, t } = apiContext(context);
  const view = await getRequestCartView(context, lang);
  return Response.json(itemsJson(view, jsonContext(app, lang, t)), { headers: summaryHeaders(view) });
}

/**
 * POST /api/cart, form-encoded primaryId, purchasableId, quantity: a positive
 * quantity adds, −1 removes one. The answer is the cart info, or
 * `{ status: false, code, message }` (codes as docs/api.md lists them: is_out_of_stock …);
 * either way `popup` carries what the cart popup shows (adds only).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context);
  const payload = await readPayload(request, t);
  const parsed = parseForm(payloadForm(payload), apiCartSchema);
  if (parsed.status !== "success") {
    const { code } = addParseFailure(firstError(parsed.error).message);
    // The API also takes −1, so its quantity message says so.
    return Response.json({ status: false, code, message: t(code === "quantity" ? "cart:errors.quantity" : `cartPopup.${code}`) }, { status: 422 });
  }
  const { primaryId, purchasableId, quantity } = parsed.value;
  const form =
    quantity === -1
      ? { intent: "decrement", purchasableId: String(purchasableId) }
      : { intent: "add", purchasableId: String(purchasableId), quantity: String(quantity), ...(primaryId ? { primaryId: String(primaryId) } : {}) };
  const result = await runCartAction(payloadForm(form), { context, env: app.env, request, lang });
  if (!result.ok) {
    return Response.json(
      { status: false, code: result.code, message: failureMessage(t, result), popup: popupJson(t, result.popup) },
      refused(result.status === 400 ? 422 : result.status, result.retryAfter),
    );
  }
  // An add answers with the view it read back; a step down reads it now.
  const view = result.view ?? (await getCartView(app.env, lang, await getCartId(context)));
  return Response.json(
    { status: true, ...cartInfoJson(view, jsonContext(app, lang, t)), popup: popupJson(t, result.popup) },
    { status: quantity === -1 ? 200 : 201, headers: summaryHeaders(view) },
  );
}
