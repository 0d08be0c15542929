import type { Route } from "./+types/auth";
import { runAccountApi } from "~/account/index.server";
import { data } from "react-router";
import { callSendSchema, callVerifySchema, forgotByPhoneSchema, forgotSchema, loginSchema, smsSendSchema, smsVerifySchema } from "~/auth/index";
import { safeReturnUrl } from "~/i18n/return-url";
import { beginUserSession, passwordLogin, requireApiUser, sendCallCode, sendLoginCode, sendPasswordReset, verifyLoginCode } from "~/auth/index.server";
import { parseForm, payloadForm, refused } from "~/forms/parse.server";
import { formatPhone } from "~/forms/phone";
import { apiContext, apiError, apiFailure, readPayload } from "~/server/api.server";

/**
 * The sign-in calls as JSON (docs/api.md), sharing the pages' schemas and server modules:
 * POST /auth/send-login-code-on-phone {phone}, POST /auth/login-by-phone {phone, code},
 * the same by a flash call (POST /auth/sign-in-send-call or /auth/sign-up-send-call {phone}, then
 * POST /auth/login-by-call or /auth/verify-call {phone, code}: the calling number's last four digits),
 * POST /auth/password-reset-request {email} or {phone}, POST /auth/resend-confirm-email (signed in), and the JSON login (POST /auth/login-by-password, or
 * POST /login asking for JSON).
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context);
  const payload = await readPayload(request, t);
  switch (params.op) {
    case "login-by-password": {
      // The JSON login, `POST /login?return_url=…` asking for JSON (the entry brings it here):
      // refusals as {"loginform-<field>": [messages]}, success as the session cookie and where to go.
      const submission = parseForm(
        payloadForm({ ...payload, returnUrl: payload.returnUrl || (new URL(request.url).searchParams.get("return_url") ?? "") }),
        loginSchema,
      );
      const refusal = (errors: Record<string, string[] | null> | null | undefined, status: number, retryAfter?: number): never => {
        const body = Object.fromEntries(
          Object.entries(errors ?? {}).map(([field, keys]) => [`loginform-${field || "password"}`, (keys ?? []).map((k) => t(k))]),
        );
        throw data(body, refused(status, retryAfter));
      };
      if (submission.status !== "success") throw refusal(submission.error, 422);
      const { login, password, returnUrl } = submission.value;
      const result = await passwordLogin(app.env.DB, request, login, password);
      if (!result.ok) throw refusal({ password: [`auth:errors.${result.reason}`] }, result.reason === "tooManyAttempts" ? 429 : 422, result.retryAfter);
      await beginUserSession(context, result.userId);
      return Response.json({ success: true, redirect: safeReturnUrl(returnUrl, lang, app.defaultLang) });
    }
    case "send-login-code-on-phone": {
      const submission = parseForm(payloadForm({ phone: payload.phone ?? "" }), smsSendSchema);
      if (submission.status !== "success") apiFailure(t, { status: 400, reply: submission.reply() });
      const sent = await sendLoginCode(app.env, request, submission.value.phone, (code) => t("auth:sms.text", { code }));
      if (!sent.sent) apiError(429, t("auth:errors.tooManyCodes"), undefined, sent.retryAfter);
      return Response.json({ success: true });
    }
    case "login-by-phone": {
      // Existing clients name the code "code" or "sms".
      const submission = parseForm(payloadForm({ phone: payload.phone ?? "", code: payload.code ?? payload.sms ?? "" }), smsVerifySchema);
      if (submission.status !== "success") apiFailure(t, { status: 400, reply: submission.reply() });
      const result = await verifyLoginCode(app.env, request, submission.value.phone, submission.value.code);
      if (!result.ok) {
        const reply = submission.reply({ fieldErrors: { code: [`auth:errors.code_${result.reason}`] } });
        apiFailure(t, { status: result.reason === "tooManyAttempts" ? 429 : 400, reply, retryAfter: result.retryAfter });
      }
      await beginUserSession(context, result.userId);
      return Response.json({ success: true });
    }
    case "sign-in-send-call":
    case "sign-up-send-call": {
      const submission = parseForm(payloadForm({ phone: payload.phone ?? "" }), callSendSchema);
      if (submission.status !== "success") apiFailure(t, { status: 400, reply: submission.reply() });
      const purpose = params.op === "sign-up-send-call" ? "signup-call" : "login-call";
      const sent = await sendCallCode(app.env, request, submission.value.phone, purpose);
      if (!sent.sent) apiError(429, t("auth:errors.tooManyCodes"), undefined, sent.retryAfter);
      return Response.json({ success: true, message: t("auth:call.calling", { phone: formatPhone(submission.value.phone) }) });
    }
    case "login-by-call":
    case "verify-call": {
      const submission = parseForm(payloadForm({ phone: payload.phone ?? "", code: payload.code ?? "" }), callVerifySchema);
      if (submission.status !== "success") apiFailure(t, { status: 400, reply: submission.reply() });
      const purpose = params.op === "verify-call" ? "signup-call" : "login-call";
      const result = await verifyLoginCode(app.env, request, submission.value.phone, submission.value.code, purpose);
      if (!result.ok) {
        const reply = submission.reply({ fieldErrors: { code: [`auth:errors.code_${result.reason}`] } });
        apiFailure(t, { status: result.reason === "tooManyAttempts" ? 429 : 400, reply, retryAfter: result.retryAfter });
      }
      await beginUserSession(context, result.userId);
      return Response.json({ success: true });
    }
    case "password-reset-request": {
      // {email}, or {phone} (then the link goes by SMS); the same answer whether an account has it or not.
      const mail = { origin: app.origin, lang, defaultLang: app.defaultLang, t };
      const byPhone = !payload.email && payload.phone !== undefined;
      let to: string | { phone: string };
      if (byPhone) {
        const submission = parseForm(payloadForm({ phone: payload.phone ?? "" }), forgotByPhoneSchema);
        if (submission.status !== "success") apiFailure(t, { status: 400, reply: submission.reply() });
        to = { phone: submission.value.phone };
      } else {
        const submission = parseForm(payloadForm({ email: payload.email ?? "" }), forgotSchema);
        if (submission.status !== "success") apiFailure(t, { status: 400, reply: submission.reply() });
        to = submission.value.email;
      }
      const result = await sendPasswordReset(app.env, request, to, mail);
      if (result.limited) apiError(429, t("auth:errors.tooManyAttempts"), undefined, result.retryAfter);
      return Response.json({ success: true, message: t(byPhone ? "auth:forgot.sentPhone" : "auth:forgot.sent") });
    }
    case "resend-confirm-email": {
      const userId = await requireApiUser(context, t);
      const result = await runAccountApi({ app, request, userId, lang, t }, { intent: "resend-confirm" });
      if (!result.ok) apiFailure(t, result);
      return Response.json({ success: true, message: t("account:notices.confirmResent") });
    }
    default:
      apiError(404, t("server:api.unknownOperation"));
  }
}
