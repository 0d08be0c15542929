import type { Route } from "./+types/search-misses";
import { opsCall, SCOPE, searchMissesCall } from "~/ops/index.server";

/** GET /api/ops/search/misses: the week's searches that found nothing or were corrected. Any method reaches the call: the key is checked before the method (see opsCall). */
const handle = ({ context, request }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.catalogue, methods: ["GET"] }, (call) => searchMissesCall(call));

export const loader = handle;
export const action = handle;
