import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/account";
import { getUser, requireUserId } from "~/auth/auth.server";
import { sendEmailConfirmation } from "~/auth/email-links.server";
import { getApp } from "~/context.server";
import { getI18n, requireLang } from "~/i18n/middleware.server";
import { seo } from "~/i18n/seo";
import { localizePath } from "~/i18n/url";
import { useI18n } from "~/i18n/use-i18n";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const userId = await requireUserId(app.env, request, localizePath("/login", lang, app.defaultLang));
  const user = await getUser(app.env.DB, userId);
  if (!user) throw data(null, { status: 404 });
  // Outcome of an e-mailed link or of a resend, named by the URL so it survives the redirect.
  const notice = new URL(request.url).searchParams.get("email");
  return { user, notice: notice === "confirmed" || notice === "link-invalid" || notice === "resent" ? notice : null, title: getI18n(context).t("auth:account.title") };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const accountPath = localizePath("/account", lang, app.defaultLang);
  const userId = await requireUserId(app.env, request, localizePath("/login", lang, app.defaultLang));
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") !== "resend-confirm") throw data(null, { status: 400 });
  const user = await getUser(app.env.DB, userId);
  if (!user?.email || user.emailConfirmed) return redirect(accountPath, 303);
  const sent = await sendEmailConfirmation(app.env, userId, user.email, { origin: app.origin, lang, defaultLang: app.defaultLang, t: getI18n(context).t });
  if (!sent) throw data(null, { status: 429 });
  return redirect(`${accountPath}?email=resent`, 303);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo(matches, { title: loaderData?.title ?? "", path: "/account", noindex: true }),
];

export default function Account({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { user } = loaderData;
  return (
    <section className="auth">
      <h1>{t("auth:account.title")}</h1>
      <p data-testid="greeting">{t("auth:account.greeting", { name: user.firstName })}</p>
      {loaderData.notice ? (
        <p className={loaderData.notice === "link-invalid" ? "alert alert--error" : "alert alert--success"} role="status" data-testid="email-notice">
          {t(loaderData.notice === "confirmed" ? "auth:account.emailConfirmed" : loaderData.notice === "resent" ? "auth:account.confirmResent" : "auth:account.emailLinkInvalid")}
        </p>
      ) : null}
      <dl className="details">
        {user.email ? (
          <>
            <dt>{t("auth:fields.email")}</dt>
            <dd>
              {user.email}
              {user.emailConfirmed ? null : (
                <Form method="post" className="inline-form">
                  <span>{t("auth:account.emailNotConfirmed")}</span>{" "}
                  <button type="submit" name="intent" value="resend-confirm" className="button button--small button--ghost">
                    {t("auth:account.resendConfirm")}
                  </button>
                </Form>
              )}
            </dd>
          </>
        ) : null}
      </dl>
      <Form method="post" action={href("/logout")}>
        <button type="submit" className="button button--ghost" data-testid="logout">
          {t("auth:account.logout")}
        </button>
      </Form>
    </section>
  );
}
