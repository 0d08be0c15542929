import { redirect } from "react-router";
import type { Route } from "./+types/checkout";
import { getCartView } from "~/cart/index.server";
import { checkoutAllowed, checkoutMaxItems } from "~/cart/index";
import { existingCartId, shopperOf } from "~/cart/index.server";
import { getApp } from "~/server/context.server";
import { getI18n, requireLang } from "~/i18n/middleware.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { localizePath } from "~/i18n/url";
import { useI18n } from "~/i18n/use-i18n";

/**
 * The checkout's entry: an empty cart or one over CHECKOUT_MAX_ITEMS goes back
 * to the cart (a direct URL cannot bypass the limit). The order form itself
 * (contacts, delivery address, payment) is the checkout issue's; this page
 * shows what will be ordered.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const shopper = await shopperOf(app.env, request);
  const view = await getCartView(app.env, lang, await existingCartId(app.env, shopper));
  const cartPath = localizePath("/cart", lang, app.defaultLang);
  if (view.lines.length === 0) throw redirect(cartPath, 303);
  if (!checkoutAllowed(view.summary.items, checkoutMaxItems(app.env))) throw redirect(`${cartPath}?checkout=limit`, 303);
  return { i18n: texts(lang, ["cart"]), view, title: getI18n(context).t("cart:checkoutTitle") };
}

/** A shopper's own cart: never stored by shared caches. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...seo(matches, { title: loaderData?.title ?? "", path: "/checkout", noindex: true })];

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t, href, price } = useI18n();
  const { lines, summary } = loaderData.view;
  return (
    <div className="checkout" data-testid="checkout">
      <h1>{t("cart:checkoutTitle")}</h1>
      <ul className="checkout__lines">
        {lines.map((l) => (
          <li key={l.skuId} data-testid="checkout-line">
            {l.brand} {l.name}, {l.size} × {l.quantity} — {price(l.salePrice * l.quantity)}
          </li>
        ))}
      </ul>
      <p data-testid="checkout-total">
        {t("cart:total")}: <strong>{price(summary.total)}</strong>
      </p>
      <a className="button button--ghost" href={href("/cart")}>
        {t("cart:backToCart")}
      </a>
    </div>
  );
}
