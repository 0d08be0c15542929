import type { Route } from "./+types/catalogue";
import { importCatalogue, opsCall, SCOPE } from "~/ops/index.server";

/** POST /api/ops/catalogue: a batch of brands, categories, products, prices, pictures and stock. Any method reaches the call: the key is checked before the method (see opsCall). */
const handle = ({ context, request }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.catalogue, methods: ["POST"] }, (call) => importCatalogue(call));

export const loader = handle;
export const action = handle;
