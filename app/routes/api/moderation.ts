import type { Route } from "./+types/moderation";
import { pendingReviews, requireModerator } from "~/reviews/index.server";
import { apiContext } from "~/server/api.server";

/**
 * `GET /api/moderation/reviews` (Authorization: Bearer <REVIEWS_MODERATION_KEY>): the
 * reviews held for moderation, oldest first, each with the version a decision names.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { app, t } = apiContext(context, request);
  await requireModerator(app.env, request, t);
  return Response.json({ reviews: await pendingReviews(app.env.DB) });
}
