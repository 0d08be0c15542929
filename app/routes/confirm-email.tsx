import { redirect } from "react-router";
import type { Route } from "./+types/confirm-email";
import { confirmEmail } from "~/auth/index.server";
import { getApp } from "~/server/context.server";
import { requireLang } from "~/i18n/middleware.server";
import { localizePath } from "~/i18n/url";

/** The link from the sign-up e-mail: confirms and shows the account (or says the link is spent). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const url = new URL(request.url);
  const ok = await confirmEmail(
    app.env.DB,
    (url.searchParams.get("email") ?? "").toLowerCase().slice(0, 254),
    (url.searchParams.get("token") ?? "").slice(0, 64),
  );
  throw redirect(`${localizePath("/account", lang, app.defaultLang)}?email=${ok ? "confirmed" : "link-invalid"}`);
}
