import { data, Form } from "react-router";
import type { Route } from "./+types/account";
import { getUser, requireUserId } from "~/auth/auth.server";
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
  return { user, title: getI18n(context).t("auth:account.title") };
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
      <dl className="details">
        {user.email ? (
          <>
            <dt>{t("auth:fields.email")}</dt>
            <dd>{user.email}</dd>
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
