import type { Route } from "./+types/moderation";
import { opsCall, reviewQueue, SCOPE } from "~/ops/index.server";

/**
 * `GET /api/moderation/reviews`: the first clients' address of `GET /api/ops/reviews`, with
 * the same scoped keys (`reviews:moderate`; docs/decisions/019-moderation-on-scoped-keys.md).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return opsCall({ context, request }, { scope: SCOPE.reviews, methods: ["GET"] }, reviewQueue);
}
