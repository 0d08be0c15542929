import { data, Link, useNavigation } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/signup";
import { PASSWORD_MIN, signupSchema } from "~/auth/index";
import { safeReturnUrl } from "~/i18n/return-url";
import { guestReturnUrl, signUp, startUserSession } from "~/auth/index.server";
import { ConformForm } from "~/forms/conform-form";
import { useConformForm } from "~/forms/use-conform-form";
import { FormError } from "~/forms/form-error";
import { FormRow } from "~/forms/form-row";
import { parseForm, readFormData, refused } from "~/forms/parse.server";
import { PasswordRow } from "~/forms/password-row";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { getApp } from "~/server/context.server";

export async function loader({ context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const returnUrl = await guestReturnUrl(context);
  return { i18n: texts(lang, ["auth"]), title: getI18n(context).t("auth:signup.title"), returnUrl };
}

export async function action({ context, request }: Route.ActionArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const submission = parseForm(await readFormData(request), signupSchema);
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), refused(400));
  const mail = { origin: app.origin, lang, defaultLang: app.defaultLang, t: getI18n(context).t };
  const result = await signUp(app.env, request, submission.value, mail);
  if (!result.ok && result.reason === "tooManyAttempts") {
    return data(submission.reply({ formErrors: ["auth:errors.tooManyAttempts"], hideFields: ["password"] }), refused(429, result.retryAfter));
  }
  if (!result.ok) return data(submission.reply({ fieldErrors: { email: ["auth:errors.emailTaken"] }, hideFields: ["password"] }), refused(400));
  // Somewhere to go back to (the checkout, a review): there, signed in. Otherwise the account page says welcome.
  const next = submission.value.returnUrl ? safeReturnUrl(submission.value.returnUrl, lang, app.defaultLang) : `${localized(context, "/account")}?welcome=1`;
  return startUserSession(context, result.userId, next);
}

/** Retry-After of a 429 reaches the document response too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...seo(matches, { title: loaderData?.title ?? "", path: "/signup", noindex: true })];

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const busy = useNavigation().state === "submitting";
  const form = useConformForm(signupSchema, { lastResult: actionData });
  return (
    <section className="auth">
      <h1>{t("auth:signup.title")}</h1>
      <ConformForm form={form} className="form">
        <FormError />
        <input type="hidden" name="returnUrl" value={loaderData.returnUrl} />
        <FormRow name="firstName" label={t("auth:fields.firstName")} autoComplete="given-name" required maxLength={60} />
        <FormRow name="email" type="email" label={t("auth:fields.email")} autoComplete="email" required maxLength={254} />
        <PasswordRow name="password" label={t("auth:fields.newPassword", { min: PASSWORD_MIN })} autoComplete="new-password" minLength={PASSWORD_MIN} />
        <button type="submit" className="button" disabled={busy}>
          {t("auth:signup.submit")}
        </button>
      </ConformForm>
      <p>
        {t("auth:signup.haveAccount")} <Link to={href("/login")}>{t("auth:login.title")}</Link>
      </p>
    </section>
  );
}
