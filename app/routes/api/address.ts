import type { Route } from "./+types/address";
import { getAccount, runAccountApi } from "~/account/index.server";
import { requireApiUser } from "~/auth/index.server";
import { apiContext, apiError, apiFailure, readPayload } from "~/server/api.server";

/** GET /api/address: the shopper's addresses, main first. */
export async function loader({ context }: Route.LoaderArgs) {
  const { app, t } = apiContext(context);
  const userId = await requireApiUser(context, t);
  const account = await getAccount(app.env.DB, userId);
  return Response.json({ items: account?.addresses ?? [] });
}

/** POST /api/address (create), PUT /api/address/{id} (edit), DELETE /api/address/{id}, POST /api/address/{id}/main. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context);
  const userId = await requireApiUser(context, t);
  const m = request.method;
  const intent = params.main
    ? m === "POST" && params.main === "main"
      ? "address-main"
      : null
    : !params.id && m === "POST"
      ? "address-add"
      : params.id && m === "PUT"
        ? "address-save"
        : params.id && m === "DELETE"
          ? "address-delete"
          : null;
  if (!intent) apiError(404, t("server:api.unknownOperation"));
  const payload = intent === "address-add" || intent === "address-save" ? await readPayload(request, t) : {};
  const result = await runAccountApi({ app, request, userId, lang, t }, { ...payload, id: params.id ?? "", intent });
  if (!result.ok) apiFailure(t, result);
  if (!result.created) return Response.json({ success: true });
  // 201 with what was made, so the client can edit it next.
  const item = (await getAccount(app.env.DB, userId))?.addresses.find((x) => x.id === result.created);
  return Response.json({ success: true, item }, { status: 201 });
}
