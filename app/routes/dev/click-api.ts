import { data } from "react-router";
import type { Route } from "./+types/click-api";
import { clickApiStandIn } from "~/orders/index.server";
import { getApp } from "~/server/context.server";

/** Development and tests only (DEV_PAYMENTS=1): the stand-in of Click's Merchant API (reversal, status, fiscal data). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const app = getApp(context);
  if (app.env.DEV_PAYMENTS !== "1") throw data(null, { status: 404 });
  return clickApiStandIn(app.env, request, params["*"] ?? "");
}

/** Its GET calls: a payment's status, and whether it holds the payment's receipt. */
export async function loader(args: Route.LoaderArgs) {
  return action(args);
}
