import { redirect } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/confirm-email-change";
import { confirmEmailChange } from "~/account/index.server";
import { emailLinkSchema } from "~/auth/index";
import { parseForm } from "~/forms/parse.server";
import { localized } from "~/i18n/translator.server";
import { getApp } from "~/server/context.server";

/** The link sent to a new e-mail address: the address changes only now. */
export async function loader({ context, request }: Route.LoaderArgs) {
  getLang(context);
  const app = getApp(context);
  const link = parseForm(new URL(request.url).searchParams, emailLinkSchema);
  const result = link.status === "success" ? await confirmEmailChange(app.env.DB, link.value.email, link.value.token) : "invalid";
  const notice = result === "ok" ? "changed" : "link-invalid";
  throw redirect(`${localized(context, "/account")}?email=${notice}#email`);
}
