import { data, redirect } from "react-router";
import { getLang, getUserId } from "~/server/request.server";
import type { Route } from "./+types/product-review";
import { PRODUCT_SLUG } from "~/catalogue/index.server";
import { parseForm, readFormData, refused } from "~/forms/parse.server";
import { localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { ReviewPopup, reviewFormSchema } from "~/reviews/index";
import { customerOf, publishReview, reviewFormOf } from "~/reviews/index.server";
import { getApp } from "~/server/context.server";
import { turnstileConfig } from "~/server/turnstile.server";

const SENT = new Set(["published", "pending"]);

/** The guest's ways from the popup to sign in or up (app/routes/pages/product-review-from.ts), which come back to it. */
const fromPopup = (context: Route.LoaderArgs["context"], to: "login-from-popup" | "signup-from-popup", slug: string) =>
  `${localized(context, `/product-review/${to}`)}?product=${slug}`;

/**
 * The add-review popup, a URL of its own under the product: a guest gets the
 * prompt to sign in or sign up (and comes back here after); a signed-in shopper the form
 * with the captcha; after sending, the thank-you (or the failure) with a way back.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  if (!PRODUCT_SLUG.test(params.slug)) throw data(null, { status: 404 });
  const form = await reviewFormOf(app.env.DB, lang, params.slug);
  if (!form) throw data(null, { status: 404 });
  const userId = await getUserId(context);
  const customer = userId ? await customerOf(app.env.DB, userId) : null;
  const sent = new URL(request.url).searchParams.get("sent");
  return {
    i18n: texts(lang, ["reviews"]),
    product: { name: form.name, path: localized(context, `/product/${params.slug}`) },
    parameters: form.parameters,
    customer: customer ? { name: `${customer.firstName} ${customer.lastName}`.trim() } : null,
    captcha: turnstileConfig(app.env),
    sent: sent && SENT.has(sent) ? sent : null,
    links: {
      login: fromPopup(context, "login-from-popup", params.slug),
      signup: fromPopup(context, "signup-from-popup", params.slug),
    },
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  if (!PRODUCT_SLUG.test(params.slug)) throw data(null, { status: 404 });
  const userId = await getUserId(context);
  if (!userId) throw redirect(fromPopup(context, "login-from-popup", params.slug), 303);
  const product = await reviewFormOf(app.env.DB, lang, params.slug);
  if (!product) throw data(null, { status: 404 });
  const submission = parseForm(await readFormData(request), reviewFormSchema);
  if (submission.status !== "success") return data({ reply: submission.reply(), captcha: null, failed: false }, refused(400));
  const valueIds = Object.values(submission.value.match ?? {});
  const result = await publishReview(app, request, { id: userId }, product.productId, lang, submission.value, valueIds, { tokenRequired: false });
  if (result.ok) return redirect(`${localized(context, `/product/${params.slug}`)}/review?sent=${result.status}#add-review`, 303);
  if (result.error === "captcha")
    // The invisible check was refused: the form comes back (values kept) with the interactive widget (docs/decisions/006-turnstile-for-reviews.md).
    return data(
      { reply: submission.reply({ fieldErrors: { token: ["reviews:form.captcha"] } }), captcha: "interactive" as const, failed: false },
      refused(422),
    );
  if (result.error === "limited")
    return data({ reply: submission.reply({ formErrors: ["reviews:errors.rateLimited"] }), captcha: null, failed: false }, refused(429, result.retryAfter));
  return data({ reply: submission.reply(), captcha: null, failed: true }, refused(result.error === "no_product" ? 404 : 503));
}

/** Retry-After of a 429 reaches the document response too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

// seo() takes the unprefixed path (it writes each language's own).
export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  seo(matches, { title: loaderData?.product.name ?? "", path: `/product/${params.slug}/review`, noindex: true });

export default function ProductReview({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewPopup {...loaderData} actionData={actionData} />;
}
