import { redirect } from "react-router";
import type { Route } from "./+types/confirm-email-change";
import { confirmEmailChange } from "~/account/index.server";
import { getApp } from "~/server/context.server";
import { requireLang } from "~/i18n/middleware.server";
import { localizePath } from "~/i18n/url";

/** The link sent to a new e-mail address: the address changes only now. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const url = new URL(request.url);
  const result = await confirmEmailChange(
    app.env.DB,
    (url.searchParams.get("email") ?? "").toLowerCase().slice(0, 254),
    (url.searchParams.get("token") ?? "").slice(0, 64),
  );
  const notice = result === "ok" ? "changed" : "link-invalid";
  throw redirect(`${localizePath("/account", lang, app.defaultLang)}?email=${notice}#email`);
}
