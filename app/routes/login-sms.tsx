import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/login-sms";
import { formatPhone, normalizePhone } from "~/forms/phone";
import { getUserId, startUserSession } from "~/auth/index.server";
import { safeReturnUrl } from "~/auth/index";
import { fieldErrors, phone as phoneSchema, type FieldErrors } from "~/auth/index";
import { sendLoginCode, verifyLoginCode } from "~/auth/index.server";
import { getApp } from "~/server/context.server";
import { readForm } from "~/forms/read-form.server";
import { getI18n, requireLang } from "~/i18n/middleware.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { localizePath } from "~/i18n/url";
import { useI18n } from "~/i18n/use-i18n";
import { FormRow } from "~/forms/form-row";
import { LiveForm } from "~/forms/live-form";
import { PhoneRow } from "~/forms/phone-row";

const sendSchema = z.object({ intent: z.literal("send"), phone: phoneSchema, returnUrl: z.string().max(2000).optional() });
const verifySchema = z.object({
  intent: z.literal("verify"),
  phone: phoneSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: "errors.codeFormat" }),
  returnUrl: z.string().max(2000).optional(),
});

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const url = new URL(request.url);
  const returnUrl = url.searchParams.get("return_url") ?? "";
  if (await getUserId(app.env, request)) throw redirect(safeReturnUrl(returnUrl, lang, app.defaultLang));
  // The verify step is named by the URL (?phone=…), so a reload or the back button keeps it.
  const phone = normalizePhone(url.searchParams.get("phone") ?? "");
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
  const t = getI18n(context).t;
  const form = await readForm(request);
  const values = { phone: (form.phone ?? "").slice(0, 40) };
  const fail = (errors: FieldErrors, status: number, retryAfter?: number) =>
    data({ errors, values }, { status, headers: retryAfter ? { "Retry-After": String(retryAfter) } : undefined });

  if (form.intent === "verify") {
    const parsed = verifySchema.safeParse(form);
    if (!parsed.success) {
      // Stay on the code step when the phone is fine and only the code is not.
      const verifyPhone = normalizePhone(form.phone ?? "");
      return data({ errors: fieldErrors(parsed.error) as FieldErrors, values, verifyPhone }, { status: 400 });
    }
    const result = await verifyLoginCode(app.env, request, parsed.data.phone, parsed.data.code);
    if (!result.ok) {
      return data(
        { errors: { code: `errors.code_${result.reason}` } as FieldErrors, values, verifyPhone: parsed.data.phone },
        { status: result.reason === "tooManyAttempts" ? 429 : 400, headers: result.retryAfter ? { "Retry-After": String(result.retryAfter) } : undefined },
      );
    }
    return startUserSession(app.env, request, result.userId, safeReturnUrl(parsed.data.returnUrl, lang, app.defaultLang));
  }

  const parsed = sendSchema.safeParse({ ...form, intent: form.intent ?? "send" });
  if (!parsed.success) return fail(fieldErrors(parsed.error), 400);
  const sent = await sendLoginCode(app.env, request, parsed.data.phone, (code) => t("auth:sms.text", { code }));
  if (!sent.sent) return fail({ phone: "errors.tooManyCodes" }, 429, sent.retryAfter);
  const query = new URLSearchParams({ phone: parsed.data.phone });
  if (parsed.data.returnUrl) query.set("return_url", parsed.data.returnUrl);
  return redirect(`${localizePath("/login/sms", lang, app.defaultLang)}?${query}`, 303);
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...seo(matches, { title: loaderData?.title ?? "", path: "/login/sms", noindex: true })];

export default function LoginSms({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  const { returnUrl } = loaderData;
  const fromAction = actionData && "verifyPhone" in actionData ? (actionData.verifyPhone as string | null) : null;
  const phone: string | null = fromAction ?? loaderData.phone;
  return (
    <section className="auth">
      <h1>{t("auth:sms.title")}</h1>
      {phone ? (
        <>
          <p className="alert alert--success" data-testid="code-sent">
            {t("auth:sms.sentTo", { phone: formatPhone(phone) })}
          </p>
          <LiveForm schema={verifySchema} method="post" className="form">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="phone" value={phone} />
            <input type="hidden" name="returnUrl" value={returnUrl} />
            <FormRow
              ns="auth"
              name="code"
              label={t("auth:fields.code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              error={errors.code}
            />
            <button type="submit" className="button" disabled={busy}>
              {t("auth:login.submit")}
            </button>
          </LiveForm>
          <Form method="post">
            <input type="hidden" name="intent" value="send" />
            <input type="hidden" name="phone" value={phone} />
            <input type="hidden" name="returnUrl" value={returnUrl} />
            <button type="submit" className="button button--ghost">
              {t("auth:sms.resend")}
            </button>
          </Form>
        </>
      ) : (
        <LiveForm schema={sendSchema} method="post" className="form">
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="returnUrl" value={returnUrl} />
          <PhoneRow ns="auth" name="phone" label={t("auth:fields.phone")} defaultValue={actionData?.values.phone} error={errors.phone} />
          <button type="submit" className="button" disabled={busy}>
            {t("auth:sms.send")}
          </button>
        </LiveForm>
      )}
      <p>
        <Link to={href(`/login${returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : ""}`)}>{t("auth:sms.withPassword")}</Link>
      </p>
    </section>
  );
}
