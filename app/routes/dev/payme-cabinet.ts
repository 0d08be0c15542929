import { data } from "react-router";
import type { Route } from "./+types/payme-cabinet";
import { paymeCabinetStandIn, paymeConfig } from "~/orders/index.server";
import { getApp } from "~/server/context.server";

/** Development and tests only (DEV_PAYMENTS=1): the stand-in of Payme's business cabinet, where an operator gives money back. */
export async function action({ context, request }: Route.ActionArgs) {
  const app = getApp(context);
  if (app.env.DEV_PAYMENTS !== "1" || !paymeConfig(app.env)) throw data(null, { status: 404 });
  return paymeCabinetStandIn(app.env, app.origin, app.dispatch, request);
}
