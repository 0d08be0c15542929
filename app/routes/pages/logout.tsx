import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endUserSession } from "~/auth/index.server";
import { getApp } from "~/server/context.server";
import { requireLang } from "~/i18n/middleware.server";
import { localizePath } from "~/i18n/url";

/** Logging out is a POST (a link or prefetch must not end a session). */
export function loader({ params, context }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  throw redirect(localizePath("/", lang, getApp(context).defaultLang));
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  return endUserSession(app.env, request, localizePath("/", lang, app.defaultLang));
}
