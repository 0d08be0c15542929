import type { Route } from "./+types/account";
import { getSession } from "~/server/request.server";
import { phoneChangeApiSchema, SIZE_FIELDS } from "~/account/index";
import { getAccount, runAccountApi } from "~/account/index.server";
import { requireApiUser } from "~/auth/index.server";
import { errorList, parseForm, payloadForm, refused } from "~/forms/parse.server";
import { apiContext, apiError, apiFailure, readPayload } from "~/server/api.server";
import { startSession } from "~/server/session.server";
import { requiredCaptcha } from "~/server/turnstile.server";

/** GET /api/account: details with phones, kids and socials (docs/api.md). */
export async function loader({ context }: Route.LoaderArgs) {
  const { app, t } = apiContext(context);
  const userId = await requireApiUser(context, t);
  const account = await getAccount(app.env.DB, userId);
  if (!account) apiError(404, t("account:errors.notFound"));
  return Response.json(account);
}

/**
 * The account's JSON calls (docs/api.md), by path: PUT save-details, POST change-email,
 * POST change-phone (+ /bpm/validate-contact; with the captcha's token when the shop has one),
 * POST verify-sms (+ /bpm/validate-sms).
 * The pending new phone is kept in the session between the two phone calls.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context);
  const userId = await requireApiUser(context, t);
  const payload = await readPayload(request, t, { lists: SIZE_FIELDS });
  const op = params.op ?? "";
  const session = await getSession(context);
  const run = (fields: Record<string, string>) => runAccountApi({ app, request, userId, lang, t }, fields);

  switch (op) {
    case "save-details": {
      const result = await run({ ...payload, intent: "save-details" });
      if (!result.ok) apiFailure(t, result);
      return Response.json({ success: true, saved: true });
    }
    case "change-email": {
      const result = await run({ ...payload, intent: "email-change" });
      if (!result.ok) {
        const message = errorList(result.reply.error, (key) => t(key))[0]?.message;
        return Response.json(
          { status: false, error: true, message: message ?? t("account:api.wrong") },
          refused(result.status === 400 ? 422 : result.status, result.retryAfter),
        );
      }
      return Response.json({ status: true, message: t("account:notices.emailSent") });
    }
    case "change-phone":
    case "validate-contact": {
      // The fields first: a captcha token is spent once read, so a mistyped phone must not cost one.
      const asked = parseForm(payloadForm(payload), phoneChangeApiSchema);
      if (asked.status !== "success") apiFailure(t, { status: 400, reply: asked.reply() }, { data: { success: false } });
      const captcha = await requiredCaptcha(app, request, asked.value.token);
      if (captcha === "unavailable") apiError(503, t("reviews:errors.captchaUnavailable"), undefined, undefined, { data: { success: false } });
      if (captcha === "rejected") {
        // The older client shows `tokenError` and asks again with the interactive challenge (v2).
        const message = t("account:api.tokenError");
        apiError(422, message, [{ field: "token", message }], undefined, { data: { success: false }, tokenError: message, captcha: "interactive" });
      }
      const result = await run({ phone: asked.value.phone, intent: "phone-start" });
      // Existing clients read data.success (then the message, or the first of the list).
      if (!result.ok) apiFailure(t, result, { data: { success: false } });
      (session ?? startSession(request)).set("pendingPhone", result.query!.phone!);
      return Response.json({ data: { success: true } });
    }
    case "verify-sms":
    case "validate-sms": {
      const phone = session?.get("pendingPhone");
      if (!phone) apiError(409, t("account:api.noPendingPhone"), undefined, undefined, { data: { success: false } });
      const result = await run({ phone, sms: payload.sms ?? "", intent: "phone-verify" });
      if (!result.ok) apiFailure(t, result, { data: { success: false } });
      session!.unset("pendingPhone");
      return Response.json({ data: { success: true, phone } });
    }
    default:
      apiError(404, t("server:api.unknownOperation"));
  }
}
