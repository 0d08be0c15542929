import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { normalizePhone } from "~/forms/phone";
import { getUserId, startUserSession, verifyLogin } from "~/auth/index.server";
import { safeReturnUrl } from "~/auth/index";
import { fieldErrors, type FieldErrors, loginSchema } from "~/auth/index";
import { getApp } from "~/server/context.server";
import { readForm } from "~/forms/read-form.server";
import { getI18n, requireLang } from "~/i18n/middleware.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { clientAddress, hit } from "~/server/rate-limit.server";
import { FormError } from "~/forms/form-error";
import { FormRow } from "~/forms/form-row";
import { LiveForm } from "~/forms/live-form";
import { PasswordRow } from "~/forms/password-row";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const returnUrl = new URL(request.url).searchParams.get("return_url");
  if (await getUserId(app.env, request)) throw redirect(safeReturnUrl(returnUrl, lang, app.defaultLang));
  return {
    i18n: texts(lang, ["auth"]),
    title: getI18n(context).t("auth:login.title"),
    returnUrl: returnUrl ?? "",
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const form = await readForm(request);
  const parsed = loginSchema.safeParse(form);
  const values = { login: (form.login ?? "").slice(0, 254) };
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) as FieldErrors, values }, { status: 400 });
  const { login, password, returnUrl } = parsed.data;
  // Per address and per account: guessing passwords of one account, or many accounts from one place.
  const [byAddress, byLogin] = await Promise.all([
    hit(app.env.DB, `login:ip:${clientAddress(request)}`, 30, 600),
    // Keyed by the account, not by how it was typed ("90 123 45 67" and "+998901234567" are one phone).
    hit(app.env.DB, `login:id:${login.includes("@") ? login.toLowerCase() : (normalizePhone(login) ?? login.toLowerCase())}`, 10, 600),
  ]);
  if (!byAddress.allowed || !byLogin.allowed) {
    return data(
      { errors: { form: "errors.tooManyAttempts" } as FieldErrors, values },
      { status: 429, headers: { "Retry-After": String(Math.max(byAddress.retryAfter, byLogin.retryAfter)) } },
    );
  }
  const userId = await verifyLogin(app.env.DB, login, password);
  // One message whether the account is missing or the password wrong.
  if (!userId) return data({ errors: { form: "errors.wrongCredentials" } as FieldErrors, values }, { status: 400 });
  return startUserSession(app.env, request, userId, safeReturnUrl(returnUrl, lang, app.defaultLang));
}

/** Retry-After of a 429 reaches the document response too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...seo(matches, { title: loaderData?.title ?? "", path: "/login", noindex: true })];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  const signup = href(`/signup${loaderData.returnUrl ? `?return_url=${encodeURIComponent(loaderData.returnUrl)}` : ""}`);
  return (
    <section className="auth">
      <h1>{t("auth:login.title")}</h1>
      <FormError ns="auth" error={errors.form} />
      <LiveForm schema={loginSchema} method="post" className="form">
        <input type="hidden" name="returnUrl" value={loaderData.returnUrl} />
        <FormRow
          ns="auth"
          name="login"
          label={t("auth:fields.login")}
          autoComplete="username"
          required
          maxLength={254}
          defaultValue={actionData?.values.login}
          error={errors.login}
        />
        <PasswordRow ns="auth" name="password" label={t("auth:fields.password")} autoComplete="current-password" error={errors.password} />
        <button type="submit" className="button" disabled={busy}>
          {t("auth:login.submit")}
        </button>
      </LiveForm>
      <p>
        <Link to={href("/auth/forgot-pass-form")} data-testid="forgot-password">
          {t("auth:forgot.title")}
        </Link>
      </p>
      <p>
        <Link to={href(`/login/sms${loaderData.returnUrl ? `?return_url=${encodeURIComponent(loaderData.returnUrl)}` : ""}`)} data-testid="login-by-code">
          {t("auth:sms.byCode")}
        </Link>
      </p>
      <p>
        {t("auth:login.noAccount")} <Link to={signup}>{t("auth:signup.title")}</Link>
      </p>
    </section>
  );
}
