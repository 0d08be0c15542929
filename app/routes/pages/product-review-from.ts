import { data, redirect } from "react-router";
import type { Route } from "./+types/product-review-from";
import { PRODUCT_SLUG } from "~/catalogue/index.server";
import { requireLang } from "~/i18n/middleware.server";
import { localizePath } from "~/i18n/url";
import { getApp } from "~/server/context.server";

const TO = { "login-from-popup": "/login", "signup-from-popup": "/signup" } as const;

/**
 * The add-review popup's links for guests (spec §2): `/product-review/login-from-popup`
 * and `…/signup-from-popup` with `?product=<slug>`. They remember the product in the
 * sign-in's `return_url`, so the shopper comes back to the product with the popup open.
 */
export function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const to = TO[params.from as keyof typeof TO];
  const slug = new URL(request.url).searchParams.get("product") ?? "";
  if (!to || !PRODUCT_SLUG.test(slug)) throw data(null, { status: 404 });
  const { defaultLang } = getApp(context);
  const back = `${localizePath(`/product/${slug}`, lang, defaultLang)}/review`;
  return redirect(`${localizePath(to, lang, defaultLang)}?return_url=${encodeURIComponent(back)}`, 303);
}
