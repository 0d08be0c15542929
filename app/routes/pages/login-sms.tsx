import { data, Link, redirect, useNavigation } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/login-sms";
import { callSendSchema, callVerifySchema, smsSendSchema, smsVerifySchema } from "~/auth/index";
import { safeReturnUrl } from "~/i18n/return-url";
import { guestReturnUrl, sendCallCode, sendLoginCode, startUserSession, verifyLoginCode } from "~/auth/index.server";
import { ConformForm, useReplyForm } from "~/forms/conform-form";
import { useConformForm } from "~/forms/use-conform-form";
import { FormError } from "~/forms/form-error";
import { FormRow } from "~/forms/form-row";
import { type FormReply, parseForm, readFormData, refused } from "~/forms/parse.server";
import { formatPhone, normalizePhone } from "~/forms/phone";
import { PhoneRow } from "~/forms/phone-row";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { getApp } from "~/server/context.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const returnUrl = await guestReturnUrl(context);
  // The verify step is named by the URL (?phone=…, and by=call after "call me instead"), so a reload or the back button keeps it.
  const query = new URL(request.url).searchParams;
  const phone = normalizePhone(query.get("phone") ?? "");
  return {
    i18n: texts(lang, ["auth"]),
    title: getI18n(context).t("auth:sms.title"),
    returnUrl,
    phone,
    by: query.get("by") === "call" ? ("call" as const) : ("sms" as const),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const formData = await readFormData(request);

  const intent = formData.get("intent");
  if (intent === "verify" || intent === "verify-call") {
    // A code that failed is not typed in again.
    const byCall = intent === "verify-call";
    const submission = parseForm(formData, byCall ? callVerifySchema : smsVerifySchema);
    if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), refused(400));
    const { phone, code, returnUrl } = submission.value;
    const result = await verifyLoginCode(app.env, request, phone, code, byCall ? "login-call" : "login-sms");
    if (!result.ok) {
      const reply = submission.reply({ fieldErrors: { code: [`auth:errors.code_${result.reason}`] }, hideFields: ["code"] });
      return data(reply, refused(result.reason === "tooManyAttempts" ? 429 : 400, result.retryAfter));
    }
    return startUserSession(context, result.userId, safeReturnUrl(returnUrl, lang, app.defaultLang));
  }

  // "send" (an SMS) or "call" (a flash call: "call me instead"); one budget of codes for both.
  const byCall = intent === "call";
  const submission = parseForm(formData, byCall ? callSendSchema : smsSendSchema);
  if (submission.status !== "success") return data(submission.reply(), refused(400));
  const { phone, returnUrl } = submission.value;
  const t = getI18n(context).t;
  const sent = byCall
    ? await sendCallCode(app.env, request, phone, "login-call")
    : await sendLoginCode(app.env, request, phone, (code) => t("auth:sms.text", { code }));
  if (!sent.sent) return data(submission.reply({ fieldErrors: { phone: ["auth:errors.tooManyCodes"] } }), refused(429, sent.retryAfter));
  const query = new URLSearchParams({ phone });
  if (byCall) query.set("by", "call");
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

/** A button that asks for a code again, by SMS or by a call, for the phone of the code step. */
function AskAgain({ intent, phone, returnUrl, reply, label, testId }: StepProps & { intent: "send" | "call"; phone: string; label: string; testId: string }) {
  const form = useReplyForm({ lastResult: reply, id: `ask-${intent}` });
  return (
    <ConformForm form={form}>
      {/* A refused resend (too many codes) has no phone row here to show its error under. */}
      <FormError name="phone" />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="phone" value={phone} />
      <input type="hidden" name="returnUrl" value={returnUrl} />
      <button type="submit" className="button button--ghost" data-testid={testId}>
        {label}
      </button>
    </ConformForm>
  );
}

function CodeStep({
  phone,
  by,
  returnUrl,
  reply,
  resendReply,
}: StepProps & { phone: string; by: "sms" | "call"; resendReply: { intent: string; reply: FormReply } | null }) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  const byCall = by === "call";
  const form = useConformForm(byCall ? callVerifySchema : smsVerifySchema, { lastResult: reply, id: `verify-${by}` });
  const again = (intent: "send" | "call") => (resendReply?.intent === intent ? resendReply.reply : null);
  return (
    <>
      <p className="alert alert--success" data-testid={byCall ? "call-placed" : "code-sent"}>
        {byCall ? t("auth:call.calling", { phone: formatPhone(phone) }) : t("auth:sms.sentTo", { phone: formatPhone(phone) })}
      </p>
      <ConformForm form={form} className="form">
        <input type="hidden" name="intent" value={byCall ? "verify-call" : "verify"} />
        <input type="hidden" name="phone" value={phone} />
        <input type="hidden" name="returnUrl" value={returnUrl} />
        {byCall ? (
          <FormRow name="code" label={t("auth:call.code")} inputMode="numeric" autoComplete="off" pattern="\d{4}" maxLength={4} required />
        ) : (
          <FormRow name="code" label={t("auth:fields.code")} inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required />
        )}
        <button type="submit" className="button" disabled={busy}>
          {t("auth:login.submit")}
        </button>
      </ConformForm>
      {/* Either way the other one is offered: "call me instead" once an SMS was asked for, an SMS once a call was. */}
      <AskAgain
        intent={byCall ? "call" : "send"}
        phone={phone}
        returnUrl={returnUrl}
        reply={again(byCall ? "call" : "send")}
        label={t(byCall ? "auth:call.again" : "auth:sms.resend")}
        testId="ask-again"
      />
      <AskAgain
        intent={byCall ? "send" : "call"}
        phone={phone}
        returnUrl={returnUrl}
        reply={again(byCall ? "send" : "call")}
        label={t(byCall ? "auth:call.smsInstead" : "auth:call.instead")}
        testId={byCall ? "sms-instead" : "call-instead"}
      />
    </>
  );
}

export default function LoginSms({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { returnUrl } = loaderData;
  const reply = actionData ?? null;
  // A refused code keeps the shopper on the code step for the phone it was sent to, and the way it came.
  const intent = String(reply?.initialValue?.intent ?? "");
  const verifying = intent === "verify" || intent === "verify-call";
  const by = verifying ? (intent === "verify-call" ? "call" : "sms") : loaderData.by;
  const phone = (verifying ? normalizePhone(String(reply?.initialValue?.phone ?? "")) : null) ?? loaderData.phone;
  return (
    <section className="auth">
      <h1>{t("auth:sms.title")}</h1>
      {phone ? (
        <CodeStep
          phone={phone}
          by={by}
          returnUrl={returnUrl}
          reply={verifying ? reply : null}
          resendReply={!verifying && reply ? { intent: intent || "send", reply } : null}
        />
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
