import { redirect } from "react-router";
import type { Route } from "./+types/confirm-email-change";
import { confirmEmailChange } from "~/account/index.server";
import { emailLinkSchema } from "~/auth/index";
import { parseForm } from "~/forms/parse.server";
import { requireLang } from "~/i18n/middleware.server";
import { localizePath } from "~/i18n/url";
import { getApp } from "~/server/context.server";

/** The link sent to a new e-mail address: the address changes only now. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const link = parseForm(new URL(request.url).searchParams, emailLinkSchema);
  const result = link.status === "success" ? await confirmEmailChange(app.env.DB, link.value.email, link.value.token) : "invalid";
  const notice = result === "ok" ? "changed" : "link-invalid";
  throw redirect(`${localizePath("/account", lang, app.defaultLang)}?email=${notice}#email`);
}
