import type { Route } from "./+types/refund-step";
import { opsCall, refundStepCall, SCOPE } from "~/ops/index.server";

/**
 * POST /api/ops/refunds/<id>/retry (a refund still owed tried now) and …/done (made by hand).
 * Any method reaches the call: the key is checked before the method (see opsCall).
 */
const handle = ({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.orders, methods: ["POST"] }, (call) => refundStepCall(call, params.id, params.op));

export const loader = handle;
export const action = handle;
