import { redirect } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/logout";
import { endUserSession } from "~/auth/index.server";
import { localized } from "~/i18n/translator.server";

/** Logging out is a POST (a link or prefetch must not end a session). */
export function loader({ context }: Route.LoaderArgs) {
  getLang(context);
  throw redirect(localized(context, "/"));
}

export async function action({ context }: Route.ActionArgs) {
  getLang(context);
  return endUserSession(context, localized(context, "/"));
}
