import type { Route } from "./+types/api.profile";
import { runAccountAction } from "~/account/index.server";
import { requireApiUser } from "~/auth/index.server";
import { payloadForm } from "~/forms/parse.server";
import { apiContext, apiError, apiFailure, readPayload } from "~/server/api.server";

/** PUT/POST /api/profile with a `details` object (or the fields at top level). */
export async function action({ context, request }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context, request);
  const userId = await requireApiUser(app, request, t);
  const payload = await readPayload(request, t);
  let fields: Record<string, string> = payload;
  if (payload.details) {
    try {
      const details = JSON.parse(payload.details) as Record<string, unknown>;
      fields = Object.fromEntries(
        Object.entries(details)
          .filter(([, v]) => v !== null && v !== undefined)
          .map(([k, v]) => [k, typeof v === "string" ? v : typeof v === "object" ? JSON.stringify(v) : String(v)]),
      );
    } catch {
      apiError(400, t("common:api.detailsObject"));
    }
  }
  const result = await runAccountAction(payloadForm({ ...fields, intent: "save-details" }), {
    env: app.env,
    request,
    userId,
    t,
    origin: app.origin,
    lang,
    defaultLang: app.defaultLang,
  });
  if (!result.ok) apiFailure(t, result);
  return Response.json({ success: true });
}
