import type { Route } from "./+types/reconciliation";
import { opsCall, reconciliationCall, SCOPE } from "~/ops/index.server";

/** GET /api/ops/reconciliation: the ledger's mismatches with the providers'. Any method reaches the call: the key is checked before the method (see opsCall). */
const handle = ({ context, request }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.orders, methods: ["GET"] }, (call) => reconciliationCall(call));

export const loader = handle;
export const action = handle;
