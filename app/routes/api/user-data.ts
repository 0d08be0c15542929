import type { Route } from "./+types/user-data";
import { getUserId } from "~/server/request.server";
import { customerOf } from "~/reviews/index.server";
import { apiContext, apiError } from "~/server/api.server";

/** `GET /v2/user-data` (docs/api.md): the signed-in customer `{id, firstName, lastName}` (the review form's name), else 401. */
export async function loader({ context }: Route.LoaderArgs) {
  const { app, t } = apiContext(context);
  const userId = await getUserId(context);
  const customer = userId ? await customerOf(app.env.DB, userId) : null;
  if (!customer) apiError(401, t("reviews:errors.signIn"));
  return Response.json({ customer });
}
