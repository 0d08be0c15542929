import type { Route } from "./+types/recalculate";
import { apiContext, readPayload } from "~/server/api.server";
import { runCartAction } from "~/cart/index.server";
import { getCartId } from "~/server/request.server";
import { failureMessage, jsonContext, recalculationJson } from "~/cart/index.server";
import { getCartView } from "~/cart/index.server";
import { recalculateSchema } from "~/cart/index";
import { firstError, parseForm, payloadForm, refused } from "~/forms/parse.server";

/**
 * POST /checkout/default/shopping-cart-recalculate {deliveryTypeId, cityId}
 * ("calculate-delivery", docs/api.md): saves the choice and answers the recalculation
 * fields of the cart info with `status: "ok"`.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context);
  const payload = await readPayload(request, t);
  const parsed = parseForm(payloadForm(payload), recalculateSchema);
  if (parsed.status !== "success") return Response.json({ status: "error", message: t(firstError(parsed.error).message) }, { status: 422 });
  const { cityId, deliveryTypeId } = parsed.value;
  const form = { intent: "delivery", cityId: String(cityId), deliveryTypeId: deliveryTypeId ? String(deliveryTypeId) : "" };
  const result = await runCartAction(payloadForm(form), { context, env: app.env, request, lang });
  if (!result.ok)
    return Response.json({ status: "error", message: failureMessage(t, result) }, refused(result.status === 400 ? 422 : result.status, result.retryAfter));
  const view = await getCartView(app.env, lang, await getCartId(context));
  return Response.json(recalculationJson(view, jsonContext(app, lang, t)));
}
