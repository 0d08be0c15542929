import type { Route } from "./+types/receipt-step";
import { opsCall, receiptStepCall, SCOPE } from "~/ops/index.server";

/** POST /api/ops/receipts/<id>/done: a return receipt made by hand. Any method reaches the call: the key is checked before the method (see opsCall). */
const handle = ({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.orders, methods: ["POST"] }, (call) => receiptStepCall(call, params.id, params.op));

export const loader = handle;
export const action = handle;
