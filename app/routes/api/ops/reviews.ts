import type { Route } from "./+types/reviews";
import { reviewQueue, opsCall, SCOPE } from "~/ops/index.server";

/** GET /api/ops/reviews: the reviews waiting for a decision. Any method reaches the call: the key is checked before the method (see opsCall). */
const handle = ({ context, request }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.reviews, methods: ["GET"] }, (call) => reviewQueue(call));

export const loader = handle;
export const action = handle;
