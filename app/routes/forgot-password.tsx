import { data, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/forgot-password";
import { sendPasswordReset } from "~/auth/index.server";
import { fieldErrors, signupSchema, type FieldErrors } from "~/auth/index";
import { getApp } from "~/server/context.server";
import { readForm } from "~/forms/read-form.server";
import { getI18n, requireLang } from "~/i18n/middleware.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { localizePath } from "~/i18n/url";
import { useI18n } from "~/i18n/use-i18n";
import { FormRow } from "~/forms/form-row";
import { LiveForm } from "~/forms/live-form";

const schema = z.object({ email: signupSchema.shape.email });

export function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  return {
    i18n: texts(lang, ["auth"]),
    title: getI18n(context).t("auth:forgot.title"),
    sent: new URL(request.url).searchParams.has("sent"),
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const form = await readForm(request);
  const values = { email: (form.email ?? "").slice(0, 254) };
  const parsed = schema.safeParse(form);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) as FieldErrors, values }, { status: 400 });
  const result = await sendPasswordReset(app.env, request, parsed.data.email, {
    origin: app.origin,
    lang,
    defaultLang: app.defaultLang,
    t: getI18n(context).t,
  });
  if (result.limited) {
    return data({ errors: { email: "errors.tooManyAttempts" } as FieldErrors, values }, { status: 429, headers: { "Retry-After": String(result.retryAfter) } });
  }
  // The same answer whether or not an account has this e-mail.
  return redirect(`${localizePath("/auth/forgot-pass-form", lang, app.defaultLang)}?sent=1`, 303);
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(matches, { title: loaderData?.title ?? "", path: "/auth/forgot-pass-form", noindex: true });

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="auth">
      <h1>{t("auth:forgot.title")}</h1>
      {loaderData.sent ? (
        <p className="alert alert--success" data-testid="reset-sent">
          {t("auth:forgot.sent")}
        </p>
      ) : (
        <LiveForm schema={schema} method="post" className="form">
          <p>{t("auth:forgot.lead")}</p>
          <FormRow
            ns="auth"
            name="email"
            type="email"
            label={t("auth:fields.email")}
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={actionData?.values.email}
            error={actionData?.errors.email}
          />
          <button type="submit" className="button" disabled={busy}>
            {t("auth:forgot.submit")}
          </button>
        </LiveForm>
      )}
    </section>
  );
}
