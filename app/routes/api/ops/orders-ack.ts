import type { Route } from "./+types/orders-ack";
import { acknowledgeOrders, opsCall, SCOPE } from "~/ops/index.server";

/** POST /api/ops/orders/ack: the client stored the feed up to a cursor. Any method reaches the call: the key is checked before the method (see opsCall). */
const handle = ({ context, request }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.orders, methods: ["POST"] }, (call) => acknowledgeOrders(call));

export const loader = handle;
export const action = handle;
