import type { Route } from "./+types/unknown";
import { opsCall } from "~/ops/index.server";
import { apiError } from "~/server/api.server";

/** Any other path under /api/ops: a caller without a valid key gets 401 here too, one with a key 404. */
const handle = ({ context, request }: Route.LoaderArgs | Route.ActionArgs) =>
  opsCall({ context, request }, { scope: null, methods: ["GET", "POST", "PUT", "PATCH", "DELETE"] }, async ({ t }) =>
    apiError(404, t("server:api.unknownOperation")),
  );

export const loader = handle;
export const action = handle;
