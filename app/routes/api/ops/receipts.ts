import type { Route } from "./+types/receipts";
import { opsCall, receiptsCall, SCOPE } from "~/ops/index.server";

/** GET /api/ops/receipts: fiscal receipts that need an operator, and those on their way. Any method reaches the call: the key is checked before the method (see opsCall). */
const handle = ({ context, request }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.orders, methods: ["GET"] }, (call) => receiptsCall(call));

export const loader = handle;
export const action = handle;
