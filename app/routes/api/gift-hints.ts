import type { Route } from "./+types/gift-hints";
import { productSizesOf } from "~/catalogue/index.server";
import { parseForm, payloadForm } from "~/forms/parse.server";
import { GIFT_HINTS_OPEN_MAX, giftHintApiSchema } from "~/gifts/index";
import { giftHintOwner, sendGiftHint } from "~/gifts/index.server";
import { apiContext, apiError, apiFailure, readPayload } from "~/server/api.server";

/**
 * `POST /gift-hints/create` (docs/api.md) `{product_id, size, contact, name}`, JSON or
 * form-encoded: the product page's "hint a gift" for apps. The same rules as the page's form;
 * 201 when the hint is on its way, 409 at the open hints' cap, 429 past the rate limits.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context);
  const submission = parseForm(payloadForm(await readPayload(request, t)), giftHintApiSchema);
  if (submission.status !== "success") apiFailure(t, { status: 400, reply: submission.reply() });
  const { product_id: productId, ...input } = submission.value;
  const product = await productSizesOf(app.env.DB, lang, { id: productId });
  if (!product) apiError(422, t("gifts:errors.product"), [{ field: "product_id", message: t("gifts:errors.product") }]);
  const who = await giftHintOwner(context);
  if ("limited" in who) apiError(429, t("gifts:errors.rateLimited"), undefined, who.retryAfter);
  const result = await sendGiftHint(app.env, request, who.owner, product, input, { origin: app.origin, lang, defaultLang: app.defaultLang, t });
  if (result === "sent") return Response.json({ success: true, message: t("gifts:form.sent") }, { status: 201 });
  if ("limited" in result) apiError(429, t("gifts:errors.rateLimited"), undefined, result.retryAfter);
  if (result.refused === "size") apiError(422, t("gifts:errors.size"), [{ field: "size", message: t("gifts:errors.size") }]);
  apiError(409, t("gifts:errors.tooMany"), undefined, undefined, { code: "max_gift_hints", max: GIFT_HINTS_OPEN_MAX });
}
