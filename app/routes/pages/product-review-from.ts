import { data, redirect } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/product-review-from";
import { PRODUCT_SLUG } from "~/catalogue/index.server";
import { localized } from "~/i18n/translator.server";

const TO = { "login-from-popup": "/login", "signup-from-popup": "/signup" } as const;

/**
 * The add-review popup's links for guests: `/product-review/login-from-popup`
 * and `…/signup-from-popup` with `?product=<slug>`. They remember the product in the
 * sign-in's `return_url`, so the shopper comes back to the product with the popup open.
 */
export function loader({ params, context, request }: Route.LoaderArgs) {
  getLang(context);
  const to = TO[params.from as keyof typeof TO];
  const slug = new URL(request.url).searchParams.get("product") ?? "";
  if (!to || !PRODUCT_SLUG.test(slug)) throw data(null, { status: 404 });
  const back = `${localized(context, `/product/${slug}`)}/review`;
  return redirect(`${localized(context, to)}?return_url=${encodeURIComponent(back)}`, 303);
}
