import type { Route } from "./+types/profile";
import { SIZE_FIELDS } from "~/account/index";
import { runAccountApi } from "~/account/index.server";
import { requireApiUser } from "~/auth/index.server";
import { apiContext, apiError, apiFailure, readPayload, textFields } from "~/server/api.server";

/** PUT/POST /api/profile with a `details` object (or the fields at top level). */
export async function action({ context, request }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context);
  const userId = await requireApiUser(context, t);
  const payload = await readPayload(request, t, { lists: SIZE_FIELDS, objects: ["details"] });
  let fields: Record<string, string> = payload;
  if (payload.details) {
    let details: unknown;
    try {
      details = JSON.parse(payload.details);
    } catch {
      apiError(400, t("server:api.detailsObject"));
    }
    fields = textFields(details as Record<string, unknown>, t, { lists: SIZE_FIELDS });
  }
  const result = await runAccountApi({ app, request, userId, lang, t }, { ...fields, intent: "save-details" });
  if (!result.ok) apiFailure(t, result);
  return Response.json({ success: true });
}
