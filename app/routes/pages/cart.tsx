import { data, redirect } from "react-router";
import type { Route } from "./+types/cart";
import { getRequestCartView, runCartAction } from "~/cart/index.server";
import { getLang, getShopper } from "~/server/request.server";
import { ecommerceItem } from "~/cart/index";
import { enabledDeliveryTypes } from "~/delivery/index.server";
import { CartPage } from "~/cart/index";
import { CartPopup, MiniCart } from "~/cart/index";
import { checkoutMaxItems } from "~/cart/index";
import { setFlash } from "~/server/session.server";
import { safeReturnUrl } from "~/i18n/return-url";
import { getApp } from "~/server/context.server";
import { readFormData, refused } from "~/forms/parse.server";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";

/** The popup and mini-cart load with this route's client module, where the layout finds them (app/cart/popup-host.tsx). */
export const handle = { cartUi: { CartPopup, MiniCart } };

const NOTICES = [
  "updated",
  "removed",
  "movedToFavourites",
  "promoApplied",
  "promoRemoved",
  "bonusesApplied",
  "bonusesRemoved",
  "deliveryUpdated",
  "deliveryTypeNotInCity",
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  // The cart's id is found by the session's id, with the session's own read; the delivery
  // types (a small table, needed before a city is chosen) go with them, and wait for nothing.
  const types = enabledDeliveryTypes(app.env.DB, lang);
  types.catch(() => undefined);
  const [shopper, view] = await Promise.all([getShopper(context), getRequestCartView(context, lang)]);
  const url = new URL(request.url);
  const notice = url.searchParams.get("notice");
  return {
    i18n: texts(lang, ["cart", "info"], { info: ["delivery", "checkoutLimit", "close"] }),
    view,
    // Before a city is chosen the types are offered by name, so one submission (no JavaScript) chooses both.
    deliveryTypes: view.lines.length > 0 && view.cityId === null ? await types : [],
    analytics: view.lines.map((l, i) =>
      ecommerceItem({ id: l.skuId, name: l.name, price: l.salePrice, brand: l.brand, category: l.category, variant: l.color, quantity: l.quantity }, i),
    ),
    maxItems: checkoutMaxItems(app.env),
    // Set by the checkout when it refuses a cart over the limit (no JavaScript).
    limitRefused: url.searchParams.get("checkout") === "limit",
    notice: notice && NOTICES.includes(notice) ? notice : null,
    signedIn: shopper.owner.userId !== null,
    title: getI18n(context).t("cart:title"),
  };
}

/**
 * Every cart form posts here (`intent`). The cart page's forms get a 303 back
 * to the cart with a notice (with JavaScript React Router follows it), or on
 * refusal the page again with the error and what was typed (4xx). The
 * product page's add form posts here only without JavaScript (with it, it
 * calls /api/cart): it carries `redirectTo`, and the answer is a 303 back
 * with the popup as a one-time flash.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const form = await readFormData(request);
  const result = await runCartAction(form, { context, env: app.env, request, lang, fromForm: true });
  const back = form.get("redirectTo");
  const redirectTo = result.intent === "add" && typeof back === "string" && back ? safeReturnUrl(back, lang, app.defaultLang) : null;
  if (redirectTo && result.popup) setFlash(request, result.popup);
  if (redirectTo) return redirect(redirectTo, { status: 303 });
  if (result.ok && result.intent !== "add") return redirect(`${localized(context, "/cart")}?notice=${result.notice}`, { status: 303 });
  if (!result.ok) {
    const { status, ...failure } = result;
    return data({ result: failure }, refused(status, failure.retryAfter));
  }
  return data({ result });
}

/** Retry-After of a 429 reaches the document response too (the entry makes every cart answer private). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...seo(matches, { title: loaderData?.title ?? "", path: "/cart", noindex: true })];

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  return <CartPage {...loaderData} failure={actionData && !actionData.result.ok ? actionData.result : null} />;
}
