import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/signup";
import { createAccount, getUserId, startUserSession } from "~/auth/index.server";
import { sendEmailConfirmation } from "~/auth/index.server";
import { safeReturnUrl } from "~/auth/index";
import { fieldErrors, type FieldErrors, PASSWORD_MIN, signupSchema } from "~/auth/index";
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
    title: getI18n(context).t("auth:signup.title"),
    returnUrl: returnUrl ?? "",
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const form = await readForm(request);
  const text = (v: string | undefined, max: number) => (v ?? "").slice(0, max);
  const values = { firstName: text(form.firstName, 60), email: text(form.email, 254) };
  const parsed = signupSchema.safeParse(form);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) as FieldErrors, values }, { status: 400 });
  const limit = await hit(app.env.DB, `signup:ip:${clientAddress(request)}`, 10, 3600);
  if (!limit.allowed)
    return data({ errors: { form: "errors.tooManyAttempts" } as FieldErrors, values }, { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  const userId = await createAccount(app.env.DB, parsed.data);
  if (!userId) return data({ errors: { email: "errors.emailTaken" } as FieldErrors, values }, { status: 400 });
  await sendEmailConfirmation(app.env, userId, parsed.data.email, { origin: app.origin, lang, defaultLang: app.defaultLang, t: getI18n(context).t });
  return startUserSession(app.env, request, userId, safeReturnUrl(parsed.data.returnUrl, lang, app.defaultLang));
}

/** Retry-After of a 429 reaches the document response too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...seo(matches, { title: loaderData?.title ?? "", path: "/signup", noindex: true })];

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  return (
    <section className="auth">
      <h1>{t("auth:signup.title")}</h1>
      <FormError ns="auth" error={errors.form} />
      <LiveForm schema={signupSchema} method="post" className="form">
        <input type="hidden" name="returnUrl" value={loaderData.returnUrl} />
        <FormRow
          ns="auth"
          name="firstName"
          label={t("auth:fields.firstName")}
          autoComplete="given-name"
          required
          maxLength={60}
          defaultValue={actionData?.values.firstName}
          error={errors.firstName}
        />
        <FormRow
          ns="auth"
          name="email"
          type="email"
          label={t("auth:fields.email")}
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={actionData?.values.email}
          error={errors.email}
        />
        <PasswordRow
          ns="auth"
          name="password"
          label={t("auth:fields.newPassword", { min: PASSWORD_MIN })}
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          error={errors.password}
        />
        <button type="submit" className="button" disabled={busy}>
          {t("auth:signup.submit")}
        </button>
      </LiveForm>
      <p>
        {t("auth:signup.haveAccount")} <Link to={href("/login")}>{t("auth:login.title")}</Link>
      </p>
    </section>
  );
}
