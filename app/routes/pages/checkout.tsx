import { data, redirect } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/checkout";
import { getAccount } from "~/account/index.server";
import { loginByForm } from "~/auth/index.server";
import { ecommerceItem } from "~/cart/index";
import { readFormData, refused } from "~/forms/parse.server";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { CheckoutPage } from "~/checkout/index";
import { checkoutContext, checkoutData, placeFromCheckout, runCheckoutAction } from "~/checkout/index.server";
import { orderPayUrl } from "~/orders/index.server";
import { getApp } from "~/server/context.server";

/** The orders texts the checkout shows (the stand-in's and the history's stay out). */
const ORDERS_GROUPS = ["done", "payment", "errors", "checkout", "select", "status"];

/**
 * The checkout: an empty cart or one over CHECKOUT_MAX_ITEMS goes
 * back to the cart (a direct URL cannot bypass the limit); otherwise the steps,
 * with what was chosen kept per cart.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const t = getI18n(context).t;
  const cartPath = localized(context, "/cart");
  const result = await checkoutData(context, lang, new URL(request.url).searchParams.get("step"), (owner) => getAccount(app.env.DB, owner));
  if (result === "none" || result === "empty") throw redirect(cartPath, 303);
  if (result === "limit") throw redirect(`${cartPath}?checkout=limit`, 303);
  const analytics = result.view.lines.map((l, i) =>
    ecommerceItem({ id: l.skuId, name: l.name, price: l.salePrice, brand: l.brand, category: l.category, variant: l.color, quantity: l.quantity }, i),
  );
  // Of the sign-in texts, the contact fields' labels and errors and the sign-in form's; none of the stand-in's.
  const i18n = texts(lang, ["cart", "orders", "auth"], { auth: ["fields", "errors", "login", "sms"], orders: ORDERS_GROUPS });
  return { i18n, checkout: result, analytics, title: t("cart:checkoutTitle") };
}

/** Every checkout form posts here (`intent`); a saved step goes on with a 303, a refused one shows again with what was typed. */
export async function action({ context, request }: Route.ActionArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const checkoutPath = localized(context, "/checkout");
  const form = await readFormData(request);
  // Placing reads who the shopper is with what the order needs (one round trip before its write).
  const placing = form.get("intent") === "place";
  const checkout = placing ? null : await checkoutContext(context, lang, getI18n(context).t);
  const placed = placing ? await placeFromCheckout(context, form, lang, getI18n(context).t) : null;
  if (placing ? placed === null : checkout === null) throw redirect(localized(context, "/cart"), 303);
  if (checkout && form.get("intent") === "sign-in") {
    // The checkout's own sign-in: back here signed in (the guest's cart and draft join the account), or the refusal by its password field.
    form.set("returnUrl", "checkout");
    const signedIn = await loginByForm(context, form, { lang, defaultLang: app.defaultLang, errorAt: "password" });
    if (signedIn.ok) return signedIn.response;
    return data({ step: "sign-in" as const, reply: signedIn.reply }, signedIn.init);
  }
  const answer = placed ?? (await runCheckoutAction(form, checkout!));
  if (answer.ok) {
    // An order to pay online goes on to the provider's page, which brings the shopper back to the order.
    const pay = answer.order ? orderPayUrl(app.env, answer.order, lang, app.defaultLang, app.origin) : null;
    if (pay) throw redirect(pay, 303);
    const [where, step] = answer.next.startsWith("done/") ? [`${checkoutPath}/${answer.next}`, ""] : [checkoutPath, answer.next];
    throw redirect(step ? `${where}?step=${step}#${step}` : where, 303);
  }
  const { status, ok: _, ...failure } = answer;
  return data(failure, refused(status, failure.refusal && "retryAfter" in failure.refusal ? failure.refusal.retryAfter : undefined));
}

/** A refused step can still change what the page shows (a saved delivery type brings its stores): always reload the data. */
export const shouldRevalidate = () => true;

/** A refused placement's Retry-After (too many orders) reaches the page's answer. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...seo(matches, { title: loaderData?.title ?? "", path: "/checkout", noindex: true })];

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData.checkout} analytics={loaderData.analytics} failure={actionData ?? null} />;
}
