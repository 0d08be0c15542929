import type { Route } from "./+types/orders";
import { orderFeed, opsCall, SCOPE } from "~/ops/index.server";

/** GET /api/ops/orders?since=<cursor>: new and changed orders (docs/api.md, "Operations API"). Any method reaches the call: the key is checked before the method (see opsCall). */
const handle = ({ context, request }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.orders, methods: ["GET"] }, (call) => orderFeed(call));

export const loader = handle;
export const action = handle;
