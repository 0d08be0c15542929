import type { Route } from "./+types/refunds";
import { opsCall, refundsCall, SCOPE } from "~/ops/index.server";

/** GET /api/ops/refunds: money owed back and made. Any method reaches the call: the key is checked before the method (see opsCall). */
const handle = ({ context, request }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.orders, methods: ["GET"] }, (call) => refundsCall(call));

export const loader = handle;
export const action = handle;
