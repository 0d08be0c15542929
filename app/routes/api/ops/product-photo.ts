import type { Route } from "./+types/product-photo";
import { opsCall, SCOPE, uploadPhoto } from "~/ops/index.server";

/** PUT /api/ops/products/<slug>/photos/<position>: the body is the photo. Any method reaches the call: the key is checked before the method (see opsCall). */
const handle = ({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: SCOPE.catalogue, methods: ["PUT"] }, (call) => uploadPhoto(call, params));

export const loader = handle;
export const action = handle;
