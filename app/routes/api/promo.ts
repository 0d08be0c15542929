import type { Route } from "./+types/promo";
import { apiContext, readPayload } from "~/server/api.server";
import { runCartAction } from "~/cart/index.server";
import { getCartId } from "~/server/request.server";
import { failureMessage } from "~/cart/index.server";
import { getCartView } from "~/cart/index.server";
import { payloadForm, refused } from "~/forms/parse.server";

/**
 * POST /bpm/validate-promo-code {promoCode}: a valid code is applied to the
 * cart and the answer carries the recalculated couponsAmount and total; an
 * invalid one answers 422 with the server's message (the client shows it as the promo error).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context);
  const payload = await readPayload(request, t);
  const result = await runCartAction(payloadForm({ intent: "promo-apply", promoCode: payload.promoCode ?? "" }), { context, env: app.env, request, lang });
  if (!result.ok)
    return Response.json({ success: false, message: failureMessage(t, result) }, refused(result.status === 400 ? 422 : result.status, result.retryAfter));
  const { summary } = await getCartView(app.env, lang, await getCartId(context));
  return Response.json({ success: true, promoCode: summary.promoCode, couponsAmount: summary.couponsAmount, total: summary.total });
}
