import { data, redirect, useNavigation } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/forgot-password";
import { forgotSchema } from "~/auth/index";
import { sendPasswordReset } from "~/auth/index.server";
import { ConformForm } from "~/forms/conform-form";
import { useConformForm } from "~/forms/use-conform-form";
import { FormRow } from "~/forms/form-row";
import { parseForm, readFormData, refused } from "~/forms/parse.server";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { getApp } from "~/server/context.server";

export function loader({ context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  return {
    i18n: texts(lang, ["auth"]),
    title: getI18n(context).t("auth:forgot.title"),
    sent: new URL(request.url).searchParams.has("sent"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const submission = parseForm(await readFormData(request), forgotSchema);
  if (submission.status !== "success") return data(submission.reply(), refused(400));
  const mail = { origin: app.origin, lang, defaultLang: app.defaultLang, t: getI18n(context).t };
  const result = await sendPasswordReset(app.env, request, submission.value.email, mail);
  if (result.limited) return data(submission.reply({ fieldErrors: { email: ["auth:errors.tooManyAttempts"] } }), refused(429, result.retryAfter));
  // The same answer whether or not an account has this e-mail.
  return redirect(`${localized(context, "/auth/forgot-pass-form")}?sent=1`, 303);
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(matches, { title: loaderData?.title ?? "", path: "/auth/forgot-pass-form", noindex: true });

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  const form = useConformForm(forgotSchema, { lastResult: actionData });
  return (
    <section className="auth">
      <h1>{t("auth:forgot.title")}</h1>
      {loaderData.sent ? (
        <p className="alert alert--success" data-testid="reset-sent">
          {t("auth:forgot.sent")}
        </p>
      ) : (
        <ConformForm form={form} className="form">
          <p>{t("auth:forgot.lead")}</p>
          <FormRow name="email" type="email" label={t("auth:fields.email")} autoComplete="email" required maxLength={254} />
          <button type="submit" className="button" disabled={busy}>
            {t("auth:forgot.submit")}
          </button>
        </ConformForm>
      )}
    </section>
  );
}
