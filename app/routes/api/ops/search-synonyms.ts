import type { Route } from "./+types/search-synonyms";
import { opsCall, SCOPE, searchSynonymsCall } from "~/ops/index.server";

/** GET /api/ops/search/synonyms: the words taught; POST: teach one. Any method reaches the call: the key is checked before the method (see opsCall). */
const handle = ({ context, request }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.catalogue, methods: ["GET", "POST"] }, (call) => searchSynonymsCall(call));

export const loader = handle;
export const action = handle;
