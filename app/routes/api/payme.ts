import type { Route } from "./+types/payme";
import { paymeCall } from "~/orders/index.server";
import { getApp } from "~/server/context.server";

/**
 * Payme's Merchant API calls (POST /api/payment/payme, JSON-RPC with Basic auth): every
 * answer is HTTP 200, the outcome in the body, as Payme's protocol asks (decision 028).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const app = getApp(context);
  const answer = await paymeCall(app.env, await request.text(), request.headers.get("Authorization"));
  return Response.json(answer, { headers: { "Cache-Control": "private, no-store" } });
}
