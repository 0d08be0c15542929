import { data, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/reset-password";
import { startUserSession } from "~/auth/index.server";
import { resetPassword } from "~/auth/index.server";
import { fieldErrors, signupSchema, type FieldErrors } from "~/auth/index";
import { getApp } from "~/server/context.server";
import { readForm } from "~/forms/read-form.server";
import { getI18n, requireLang } from "~/i18n/middleware.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { localizePath } from "~/i18n/url";
import { useI18n } from "~/i18n/use-i18n";
import { FormError } from "~/forms/form-error";
import { LiveForm } from "~/forms/live-form";
import { PasswordRow } from "~/forms/password-row";

const schema = z.object({ email: z.string().max(254), token: z.string().max(64), password: signupSchema.shape.password });

export function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const url = new URL(request.url);
  return {
    i18n: texts(lang, ["auth"]),
    title: getI18n(context).t("auth:reset.title"),
    email: (url.searchParams.get("email") ?? "").slice(0, 254),
    token: (url.searchParams.get("token") ?? "").slice(0, 64),
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const form = await readForm(request);
  const parsed = schema.safeParse(form);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) as FieldErrors }, { status: 400 });
  const userId = await resetPassword(app.env.DB, parsed.data.email.toLowerCase(), parsed.data.token, parsed.data.password);
  if (!userId) return data({ errors: { form: "errors.linkInvalid" } as FieldErrors }, { status: 400 });
  return startUserSession(app.env, request, userId, localizePath("/account", lang, app.defaultLang));
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(matches, { title: loaderData?.title ?? "", path: "/auth/reset-password", noindex: true });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  return (
    <section className="auth">
      <h1>{t("auth:reset.title")}</h1>
      <FormError ns="auth" error={errors.form} />
      <LiveForm schema={schema} method="post" className="form">
        <input type="hidden" name="email" value={loaderData.email} />
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordRow
          ns="auth"
          name="password"
          label={t("auth:fields.newPassword", { min: 8 })}
          autoComplete="new-password"
          minLength={8}
          error={errors.password}
        />
        <button type="submit" className="button" disabled={busy}>
          {t("auth:reset.submit")}
        </button>
      </LiveForm>
    </section>
  );
}
