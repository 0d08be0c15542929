import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endUserSession } from "~/auth/index.server";
import { getApp } from "~/server/context.server";
import { localized, requireLang } from "~/i18n/middleware.server";

/** Logging out is a POST (a link or prefetch must not end a session). */
export function loader({ params, context }: Route.LoaderArgs) {
  requireLang(params, context);
  throw redirect(localized(context, "/"));
}

export async function action({ params, context, request }: Route.ActionArgs) {
  requireLang(params, context);
  return endUserSession(getApp(context).env, request, localized(context, "/"));
}
