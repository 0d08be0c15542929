import { redirect } from "react-router";
import type { Route } from "./+types/confirm-email";
import { emailLinkSchema } from "~/auth/index";
import { confirmEmail } from "~/auth/index.server";
import { parseForm } from "~/forms/parse.server";
import { localized, requireLang } from "~/i18n/middleware.server";
import { getApp } from "~/server/context.server";

/** The link from the sign-up e-mail: confirms and shows the account (or says the link is spent). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireLang(params, context);
  const app = getApp(context);
  const link = parseForm(new URL(request.url).searchParams, emailLinkSchema);
  const ok = link.status === "success" && (await confirmEmail(app.env.DB, link.value.email, link.value.token));
  throw redirect(`${localized(context, "/account")}?email=${ok ? "confirmed" : "link-invalid"}`);
}
