import { redirect } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/confirm-email";
import { emailLinkSchema } from "~/auth/index";
import { confirmEmail } from "~/auth/index.server";
import { parseForm } from "~/forms/parse.server";
import { localized } from "~/i18n/translator.server";
import { getApp } from "~/server/context.server";

/** The link from the sign-up e-mail: confirms and shows the account (or says the link is spent). */
export async function loader({ context, request }: Route.LoaderArgs) {
  getLang(context);
  const app = getApp(context);
  const link = parseForm(new URL(request.url).searchParams, emailLinkSchema);
  const ok = link.status === "success" && (await confirmEmail(app.env.DB, link.value.email, link.value.token));
  throw redirect(`${localized(context, "/account")}?email=${ok ? "confirmed" : "link-invalid"}`);
}
