import { data, useNavigation } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/reset-password";
import { PASSWORD_MIN, resetSchema } from "~/auth/index";
import { resetPassword, startUserSession } from "~/auth/index.server";
import { ConformForm } from "~/forms/conform-form";
import { useConformForm } from "~/forms/use-conform-form";
import { FormError } from "~/forms/form-error";
import { parseForm, readFormData, refused } from "~/forms/parse.server";
import { PasswordRow } from "~/forms/password-row";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { getApp } from "~/server/context.server";

export function loader({ context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const url = new URL(request.url);
  return {
    i18n: texts(lang, ["auth"]),
    title: getI18n(context).t("auth:reset.title"),
    email: (url.searchParams.get("email") ?? "").slice(0, 254),
    token: (url.searchParams.get("token") ?? "").slice(0, 64),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  getLang(context);
  const app = getApp(context);
  const submission = parseForm(await readFormData(request), resetSchema);
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), refused(400));
  const { email, token, password } = submission.value;
  const userId = await resetPassword(app.env.DB, email, token, password);
  if (!userId) return data(submission.reply({ formErrors: ["auth:errors.linkInvalid"], hideFields: ["password"] }), refused(400));
  return startUserSession(context, userId, localized(context, "/account"));
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(matches, { title: loaderData?.title ?? "", path: "/auth/reset-password", noindex: true });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  const form = useConformForm(resetSchema, { lastResult: actionData });
  return (
    <section className="auth">
      <h1>{t("auth:reset.title")}</h1>
      <ConformForm form={form} className="form">
        <FormError />
        <input type="hidden" name="email" value={loaderData.email} />
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordRow name="password" label={t("auth:fields.newPassword", { min: PASSWORD_MIN })} autoComplete="new-password" minLength={PASSWORD_MIN} />
        <button type="submit" className="button" disabled={busy}>
          {t("auth:reset.submit")}
        </button>
      </ConformForm>
    </section>
  );
}
