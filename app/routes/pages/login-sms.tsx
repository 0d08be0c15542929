import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login-sms";
import { safeReturnUrl, smsSendSchema, smsVerifySchema } from "~/auth/index";
import { guestReturnUrl, sendLoginCode, startUserSession, verifyLoginCode } from "~/auth/index.server";
import { ConformForm } from "~/forms/conform-form";
import { useConformForm } from "~/forms/use-conform-form";
import { FormError } from "~/forms/form-error";
import { FormRow } from "~/forms/form-row";
import { type FormReply, parseForm, readFormData, refused } from "~/forms/parse.server";
import { formatPhone, normalizePhone } from "~/forms/phone";
import { PhoneRow } from "~/forms/phone-row";
import { getI18n, localized, requireLang } from "~/i18n/middleware.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { getApp } from "~/server/context.server";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const returnUrl = await guestReturnUrl(app.env, request, lang, app.defaultLang);
  // The verify step is named by the URL (?phone=…), so a reload or the back button keeps it.
  const phone = normalizePhone(new URL(request.url).searchParams.get("phone") ?? "");
  return {
    i18n: texts(lang, ["auth"]),
    title: getI18n(context).t("auth:sms.title"),
    returnUrl,
    phone,
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const formData = await readFormData(request);

  if (formData.get("intent") === "verify") {
    // A code that failed is not typed in again.
    const submission = parseForm(formData, smsVerifySchema);
    if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), refused(400));
    const { phone, code, returnUrl } = submission.value;
    const result = await verifyLoginCode(app.env, request, phone, code);
    if (!result.ok) {
      const reply = submission.reply({ fieldErrors: { code: [`auth:errors.code_${result.reason}`] }, hideFields: ["code"] });
      return data(reply, refused(result.reason === "tooManyAttempts" ? 429 : 400, result.retryAfter));
    }
    return startUserSession(app.env, request, result.userId, safeReturnUrl(returnUrl, lang, app.defaultLang));
  }

  const submission = parseForm(formData, smsSendSchema);
  if (submission.status !== "success") return data(submission.reply(), refused(400));
  const { phone, returnUrl } = submission.value;
  const t = getI18n(context).t;
  const sent = await sendLoginCode(app.env, request, phone, (code) => t("auth:sms.text", { code }));
  if (!sent.sent) return data(submission.reply({ fieldErrors: { phone: ["auth:errors.tooManyCodes"] } }), refused(429, sent.retryAfter));
  const query = new URLSearchParams({ phone });
  if (returnUrl) query.set("return_url", returnUrl);
  return redirect(`${localized(context, "/login/sms")}?${query}`, 303);
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...seo(matches, { title: loaderData?.title ?? "", path: "/login/sms", noindex: true })];

type StepProps = { returnUrl: string; reply: FormReply | null };

function PhoneStep({ returnUrl, reply }: StepProps) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  const form = useConformForm(smsSendSchema, { lastResult: reply });
  return (
    <ConformForm form={form} className="form">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="returnUrl" value={returnUrl} />
      <PhoneRow name="phone" label={t("auth:fields.phone")} />
      <button type="submit" className="button" disabled={busy}>
        {t("auth:sms.send")}
      </button>
    </ConformForm>
  );
}

function CodeStep({ phone, returnUrl, reply, resendReply }: StepProps & { phone: string; resendReply: FormReply | null }) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  const form = useConformForm(smsVerifySchema, { lastResult: reply });
  const resend = useConformForm(smsSendSchema, { lastResult: resendReply });
  return (
    <>
      <p className="alert alert--success" data-testid="code-sent">
        {t("auth:sms.sentTo", { phone: formatPhone(phone) })}
      </p>
      <ConformForm form={form} className="form">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="phone" value={phone} />
        <input type="hidden" name="returnUrl" value={returnUrl} />
        <FormRow name="code" label={t("auth:fields.code")} inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required />
        <button type="submit" className="button" disabled={busy}>
          {t("auth:login.submit")}
        </button>
      </ConformForm>
      <ConformForm form={resend}>
        {/* A refused resend (too many codes) has no phone row here to show its error under. */}
        <FormError name="phone" />
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="phone" value={phone} />
        <input type="hidden" name="returnUrl" value={returnUrl} />
        <button type="submit" className="button button--ghost">
          {t("auth:sms.resend")}
        </button>
      </ConformForm>
    </>
  );
}

export default function LoginSms({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { returnUrl } = loaderData;
  const reply = actionData ?? null;
  // A refused code keeps the shopper on the code step for the phone it was sent to.
  const verifying = reply?.initialValue?.intent === "verify";
  const phone = (verifying ? normalizePhone(String(reply?.initialValue?.phone ?? "")) : null) ?? loaderData.phone;
  return (
    <section className="auth">
      <h1>{t("auth:sms.title")}</h1>
      {phone ? (
        <CodeStep phone={phone} returnUrl={returnUrl} reply={verifying ? reply : null} resendReply={verifying ? null : reply} />
      ) : (
        <PhoneStep returnUrl={returnUrl} reply={reply} />
      )}
      <p>
        <Link to={href(`/login${returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : ""}`)} rel="nofollow">
          {t("auth:sms.withPassword")}
        </Link>
      </p>
    </section>
  );
}
