import type { Route } from "./+types/api.moderation";
import { isModerator, pendingReviews } from "~/reviews/index.server";
import { apiContext, apiError } from "~/server/api.server";

/**
 * `GET /api/moderation/reviews` (Authorization: Bearer <REVIEWS_MODERATION_KEY>): the
 * reviews held for moderation, oldest first. 404 while no key is configured.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { app, t } = apiContext(context, request);
  const moderator = isModerator(app.env, request);
  if (moderator === "off") apiError(404, t("server:api.unknownOperation"));
  if (!moderator) apiError(401, t("reviews:errors.moderationKey"));
  return Response.json({ reviews: await pendingReviews(app.env.DB) });
}
