import { data, Link, useNavigation } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/login";
import { loginSchema } from "~/auth/index";
import { guestReturnUrl, loginByForm } from "~/auth/index.server";
import { ConformForm } from "~/forms/conform-form";
import { useConformForm } from "~/forms/use-conform-form";
import { FormError } from "~/forms/form-error";
import { FormRow } from "~/forms/form-row";
import { readFormData } from "~/forms/parse.server";
import { PasswordRow } from "~/forms/password-row";
import { getI18n } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { getApp } from "~/server/context.server";

export async function loader({ context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const returnUrl = await guestReturnUrl(context);
  return { i18n: texts(lang, ["auth"]), title: getI18n(context).t("auth:login.title"), returnUrl };
}

export async function action({ context, request }: Route.ActionArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const result = await loginByForm(context, await readFormData(request), { lang, defaultLang: app.defaultLang, errorAt: "form" });
  return result.ok ? result.response : data(result.reply, result.init);
}

/** Retry-After of a 429 reaches the document response too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...seo(matches, { title: loaderData?.title ?? "", path: "/login", noindex: true })];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const busy = useNavigation().state === "submitting";
  const form = useConformForm(loginSchema, { lastResult: actionData });
  const returnQuery = loaderData.returnUrl ? `?return_url=${encodeURIComponent(loaderData.returnUrl)}` : "";
  return (
    <section className="auth">
      <h1>{t("auth:login.title")}</h1>
      <ConformForm form={form} className="form">
        <FormError />
        <input type="hidden" name="returnUrl" value={loaderData.returnUrl} />
        <FormRow name="login" label={t("auth:fields.login")} autoComplete="username" required maxLength={254} />
        <PasswordRow name="password" label={t("auth:fields.password")} autoComplete="current-password" />
        <button type="submit" className="button" disabled={busy}>
          {t("auth:login.submit")}
        </button>
      </ConformForm>
      <p>
        <Link to={href("/auth/forgot-pass-form")} data-testid="forgot-password">
          {t("auth:forgot.title")}
        </Link>
      </p>
      <p>
        {/* nofollow: the sign-in pages come once per return_url; a crawler gets them without one from the header. */}
        <Link to={href(`/login/sms${returnQuery}`)} rel="nofollow" data-testid="login-by-code">
          {t("auth:sms.byCode")}
        </Link>
      </p>
      <p>
        {t("auth:login.noAccount")}{" "}
        <Link to={href(`/signup${returnQuery}`)} rel="nofollow">
          {t("auth:signup.title")}
        </Link>
      </p>
    </section>
  );
}
