import type { Route } from "./+types/moderation-review";
import { decideReview, opsCall, SCOPE } from "~/ops/index.server";

/**
 * `POST /api/moderation/reviews/<id>`: the first clients' address of `POST /api/ops/reviews/<id>`,
 * with the same scoped keys (`reviews:moderate`; docs/decisions/019-moderation-on-scoped-keys.md).
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  return opsCall({ context, request }, { scope: SCOPE.reviews, methods: ["POST"] }, (call) => decideReview(call, params.id));
}
