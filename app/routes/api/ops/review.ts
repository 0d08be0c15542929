import type { Route } from "./+types/review";
import { decideReview, opsCall, SCOPE } from "~/ops/index.server";

/** POST /api/ops/reviews/<id>: publish or reject (with a reason) a review. Any method reaches the call: the key is checked before the method (see opsCall). */
const handle = ({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.reviews, methods: ["POST"] }, (call) => decideReview(call, params.id));

export const loader = handle;
export const action = handle;
