import { data, redirect } from "react-router";
import type { Route } from "./+types/cart";
import { runCartAction } from "~/cart/actions.server";
import { getCartView } from "~/cart/cart.server";
import { CartPage } from "~/cart/cart-page";
import { checkoutMaxItems } from "~/cart/checkout-limit";
import { commitShopperSession, ensureSession, existingCartId, shopperOf } from "~/cart/owner.server";
import { safeReturnUrl } from "~/auth/return-url";
import { getApp } from "~/context.server";
import { readForm } from "~/forms/read-form.server";
import { getI18n, requireLang } from "~/i18n/middleware.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { localizePath } from "~/i18n/url";

const NOTICES = ["updated", "removed", "movedToFavourites", "promoApplied", "promoRemoved", "bonusesApplied", "bonusesRemoved", "deliveryUpdated"];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const shopper = await shopperOf(app.env, request);
  const view = await getCartView(app.env.DB, lang, await existingCartId(app.env, shopper));
  const url = new URL(request.url);
  const notice = url.searchParams.get("notice");
  return {
    i18n: texts(lang, ["cart"]),
    view,
    maxItems: checkoutMaxItems(app.env),
    // Set by the checkout when it refuses a cart over the limit (no JavaScript).
    limitRefused: url.searchParams.get("checkout") === "limit",
    notice: notice && NOTICES.includes(notice) ? notice : null,
    signedIn: shopper.owner.userId !== null,
    title: getI18n(context).t("cart:title"),
  };
}

/**
 * Every cart form posts here (`intent`). With JavaScript the forms are fetchers
 * and get the result as data; without it they carry `redirectTo`, and the
 * answer is a 303 back there: an add shows its popup as a section (flash), the
 * cart page its notice. Failures on the cart page render it again (400/4xx)
 * with the error and what was typed.
 */
export async function action({ params, context, request }: Route.ActionArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const form = await readForm(request);
  const shopper = await shopperOf(app.env, request);
  const result = await runCartAction(form, { env: app.env, request, lang, shopper });
  const cartPath = localizePath("/cart", lang, app.defaultLang);
  const redirectTo = form.redirectTo ? safeReturnUrl(form.redirectTo, lang, app.defaultLang) : null;
  const backToCart = redirectTo !== null && new URL(redirectTo, "http://x").pathname === cartPath;
  if (redirectTo && result.intent === "add" && result.popup) {
    (await ensureSession(app.env, request, shopper)).flash("cartPopup", result.popup);
  }
  const cookie = await commitShopperSession(app.env, request, shopper);
  const headers: HeadersInit = cookie ? { "Set-Cookie": cookie } : {};
  if (redirectTo && (result.ok || !backToCart)) {
    const target = result.ok && backToCart ? `${cartPath}?notice=${result.notice}` : redirectTo;
    return redirect(target, { status: 303, headers });
  }
  if (!result.ok) {
    const { status, ...failure } = result;
    return data({ result: failure }, { status, headers });
  }
  return data({ result }, { headers });
}

/** A shopper's own cart: never stored by shared caches. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...seo(matches, { title: loaderData?.title ?? "", path: "/cart", noindex: true })];

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  return <CartPage {...loaderData} failure={actionData && !actionData.result.ok ? actionData.result : null} />;
}
