import type { Route } from "./+types/refund-retry";
import { opsCall, retryRefundCall, SCOPE } from "~/ops/index.server";

/** POST /api/ops/refunds/<id>/retry: a refund still owed tried now. Any method reaches the call: the key is checked before the method (see opsCall). */
const handle = ({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.orders, methods: ["POST"] }, (call) => retryRefundCall(call, params.id));

export const loader = handle;
export const action = handle;
