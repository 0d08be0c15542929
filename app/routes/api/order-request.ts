import type { Route } from "./+types/order-request";
import { getOwnerRef, getShopper } from "~/server/request.server";
import { parseForm, payloadForm, refused } from "~/forms/parse.server";
import { localized } from "~/i18n/translator.server";
import { placeOrderSchema, withPointId } from "~/orders/index";
import { localizeOrder, namedOrder, orderJson, orderPayUrl, placeOrder } from "~/orders/index.server";
import { placeNamesOf, placeNamesStatement } from "~/delivery/index.server";
import { apiContext, apiError, apiFailure, readPayload } from "~/server/api.server";
import { clientAddress } from "~/server/rate-limit.server";

/**
 * POST /order/request (docs/api.md): places the shopper's cart as an order.
 * JSON (or a form-encoded body asking for JSON) answers 201 with the order, 422
 * with the refused fields, 409 with the lines no longer in stock; a plain form
 * post answers 303 to the order's confirmation page.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context);
  const wantsPage = !(request.headers.get("Accept") ?? "").includes("application/json") && !(request.headers.get("Content-Type") ?? "").includes("json");
  const payload = await readPayload(request, t);
  const submission = parseForm(payloadForm(withPointId(payload)), placeOrderSchema);
  if (submission.status !== "success") apiFailure(t, { status: 400, reply: submission.reply() });
  const input = submission.value;
  // A new order's places named in the request's language, read back with it.
  const names = placeNamesStatement(app.env.DB, lang, [{ cityId: input.cityId, deliveryTypeId: input.deliveryTypeId, pointId: input.pointId ?? null }]);
  const result = await placeOrder(
    input,
    // The cart and the shopper are found with the order's reads, by the session's id.
    {
      env: app.env,
      lang,
      t,
      address: clientAddress(request),
      cart: await getOwnerRef(context),
      owner: getShopper(context).then((s) => s.owner),
    },
    { readBack: wantsPage ? [] : [names] },
  );
  if (!result.ok) {
    if ("lines" in result) apiError(409, t("orders:errors.outOfStock"), undefined, undefined, { code: result.code, lines: result.lines });
    const message = t(result.error);
    if ("retryAfter" in result) apiError(429, message, undefined, result.retryAfter, { code: result.code });
    apiError(result.status, message, result.field ? [{ field: result.field, message }] : undefined, undefined, { code: result.code });
  }
  const { order, created } = result;
  // Online: the provider's page to pay at (the form post goes there; JSON clients get it as payment.url).
  const pay = orderPayUrl(app.env, order, lang, app.defaultLang, app.origin);
  if (wantsPage) return new Response(null, { status: 303, headers: { Location: pay ?? localized(context, `/checkout/done/${order.number}`, lang) } });
  const named = result.readBack?.[0] && order.delivery.pointId === (input.pointId ?? null) ? placeNamesOf(result.readBack[0])[0] : undefined;
  const json = orderJson(named ? namedOrder(order, named) : await localizeOrder(app.env.DB, lang, order));
  return Response.json({ success: true, order: { ...json, payment: { ...json.payment, url: pay } } }, refused(created ? 201 : 200));
}
