import { data, redirect } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/product-gift-hint";
import { PRODUCT_SLUG, productSizesOf } from "~/catalogue/index.server";
import { parseForm, readFormData, refused } from "~/forms/parse.server";
import { GiftHintPopup, giftHintSchema, giftHintTokenSchema } from "~/gifts/index";
import { giftHintOwner, openGiftHint, sendGiftHint } from "~/gifts/index.server";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { getApp } from "~/server/context.server";

/**
 * "Hint a gift", a URL of its own under the product (its code loads only when opened): the
 * sizes, the friend's phone or e-mail and the shopper's name; after sending, the thank-you.
 * `?size=` chooses a size at first. The friend's link is this URL with `?token=`: the hint is
 * no longer open, and the product opens with the size chosen (303); a link of no hint says so
 * (400) above the form. (No route of its own: every page carries every route's manifest entry.)
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  if (!PRODUCT_SLUG.test(params.slug)) throw data(null, { status: 404 });
  const product = await productSizesOf(app.env.DB, lang, { slug: params.slug });
  if (!product) throw data(null, { status: 404 });
  const search = new URL(request.url).searchParams;
  const path = localized(context, `/product/${product.slug}`);
  let invalidLink = false;
  if (search.has("token")) {
    const token = giftHintTokenSchema.safeParse(search.get("token"));
    const hint = token.success ? await openGiftHint(app.env.DB, token.data, product.id) : null;
    if (hint) {
      const size = product.sizes.find((s) => s.id === hint.skuId && s.stock > 0);
      throw redirect(size ? `${path}?size=${size.id}` : path, 303);
    }
    invalidLink = true;
  }
  const asked = Number(search.get("size"));
  const chosen = product.sizes.find((s) => s.id === asked)?.id ?? product.sizes.find((s) => s.stock > 0)?.id ?? null;
  return data(
    {
      i18n: texts(lang, ["gifts"], { gifts: ["form", "errors", "open"] }),
      product: { name: product.name, path, sizes: product.sizes },
      chosen,
      sent: search.get("sent") === "1",
      invalidLink,
    },
    { status: invalidLink ? 400 : 200 },
  );
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  if (!PRODUCT_SLUG.test(params.slug)) throw data(null, { status: 404 });
  const product = await productSizesOf(app.env.DB, lang, { slug: params.slug });
  if (!product) throw data(null, { status: 404 });
  const submission = parseForm(await readFormData(request), giftHintSchema);
  if (submission.status !== "success") return data({ reply: submission.reply() }, refused(400));
  const who = await giftHintOwner(context);
  if ("limited" in who) return data({ reply: submission.reply({ formErrors: ["gifts:errors.rateLimited"] }) }, refused(429, who.retryAfter));
  const result = await sendGiftHint(app.env, request, who.owner, product, submission.value, {
    origin: app.origin,
    lang,
    defaultLang: app.defaultLang,
    t: getI18n(context).t,
  });
  if (result === "sent") return redirect(`${localized(context, `/product/${product.slug}`)}/gift-hint?sent=1#gift-hint`, { status: 303 });
  if ("limited" in result) return data({ reply: submission.reply({ formErrors: ["gifts:errors.rateLimited"] }) }, refused(429, result.retryAfter));
  if (result.refused === "size") return data({ reply: submission.reply({ fieldErrors: { size: ["gifts:errors.size"] } }) }, refused(400));
  return data({ reply: submission.reply({ formErrors: ["gifts:errors.tooMany"] }) }, refused(409));
}

/** Retry-After of a 429 reaches the document response too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

// seo() takes the unprefixed path (it writes each language's own).
export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  seo(matches, { title: loaderData?.product.name ?? "", path: `/product/${params.slug}/gift-hint`, noindex: true });

export default function ProductGiftHint({ loaderData, actionData }: Route.ComponentProps) {
  return <GiftHintPopup {...loaderData} actionData={actionData} />;
}
