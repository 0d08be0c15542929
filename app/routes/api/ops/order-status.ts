import type { Route } from "./+types/order-status";
import { setOrderStatus, opsCall, SCOPE } from "~/ops/index.server";

/** POST /api/ops/orders/<id>/status: the shop's next step of an order. Any method reaches the call: the key is checked before the method (see opsCall). */
const handle = ({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.orders, methods: ["POST"] }, (call) => setOrderStatus(call, params.id));

export const loader = handle;
export const action = handle;
