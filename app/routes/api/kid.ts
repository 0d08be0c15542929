import type { Route } from "./+types/kid";
import { getAccount, runAccountApi } from "~/account/index.server";
import { requireApiUser } from "~/auth/index.server";
import { apiContext, apiError, apiFailure, readPayload } from "~/server/api.server";

/** POST /api/kid (add), PUT /api/kid/{id}, DELETE /api/kid/{id}. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context);
  const userId = await requireApiUser(context, t);
  const method = request.method;
  const intent =
    !params.id && method === "POST" ? "kid-add" : params.id && method === "PUT" ? "kid-save" : params.id && method === "DELETE" ? "kid-delete" : null;
  if (!intent) apiError(404, t("server:api.unknownOperation"));
  const payload = intent === "kid-delete" ? {} : await readPayload(request, t);
  const result = await runAccountApi({ app, request, userId, lang, t }, { ...payload, id: params.id ?? "", intent });
  if (!result.ok) apiFailure(t, result);
  if (!result.created) return Response.json({ success: true });
  // 201 with what was made, so the client can edit it next.
  const item = (await getAccount(app.env.DB, userId))?.kids.find((x) => x.id === result.created);
  return Response.json({ success: true, item }, { status: 201 });
}
