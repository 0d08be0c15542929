import type { Route } from "./+types/api.auth";
import { runAccountAction } from "~/account/index.server";
import { apiContext, apiError, apiFailure, readPayload } from "~/server/api.server";
import { beginUserSession, requireApiUser } from "~/auth/index.server";
import { fieldErrors, phone as phoneSchema } from "~/auth/index";
import { sendLoginCode, verifyLoginCode } from "~/auth/index.server";

/**
 * The spec's auth calls as JSON, sharing the pages' server modules:
 * POST /auth/send-login-code-on-phone {phone}, POST /auth/login-by-phone {phone, code},
 * POST /auth/resend-confirm-email (signed in).
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  if (request.method !== "POST") apiError(405, "method not allowed");
  const { app, lang, t } = apiContext(context, request);
  const payload = await readPayload(request);
  switch (params.op) {
    case "send-login-code-on-phone": {
      const phone = phoneSchema.safeParse(payload.phone ?? "");
      if (!phone.success) apiFailure(t, { status: 400, errors: { phone: fieldErrors(phone.error).form ?? "errors.phoneInvalid" } });
      const sent = await sendLoginCode(app.env, request, phone.data, (code) => t("auth:sms.text", { code }));
      if (!sent.sent) apiError(429, t("auth:errors.tooManyCodes"));
      return Response.json({ success: true });
    }
    case "login-by-phone": {
      const phone = phoneSchema.safeParse(payload.phone ?? "");
      const code = (payload.code ?? payload.sms ?? "").trim();
      if (!phone.success) apiFailure(t, { status: 400, errors: { phone: "errors.phoneInvalid" } });
      if (!/^\d{6}$/.test(code)) apiFailure(t, { status: 400, errors: { code: "errors.codeFormat" } });
      const result = await verifyLoginCode(app.env, request, phone.data, code);
      if (!result.ok) apiFailure(t, { status: result.reason === "tooManyAttempts" ? 429 : 400, errors: { code: `errors.code_${result.reason}` } });
      return Response.json({ success: true }, { headers: { "Set-Cookie": await beginUserSession(app.env, request, result.userId) } });
    }
    case "resend-confirm-email": {
      const userId = await requireApiUser(app, request, t);
      const result = await runAccountAction(
        { intent: "resend-confirm" },
        { env: app.env, request, userId, t, origin: app.origin, lang, defaultLang: app.defaultLang },
      );
      if (!result.ok) apiFailure(t, result);
      return Response.json({ success: true, message: t("account:notices.confirmResent") });
    }
    default:
      apiError(404, "unknown operation");
  }
}
