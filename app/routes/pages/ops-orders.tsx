import type { Route } from "./+types/ops-orders";
import { ConsoleShell, consoleHeaders, consoleMeta, OrdersView, replyOf } from "~/ops/index";
import { texts } from "~/i18n/resources.server";
import { consoleAction, consolePage, ordersSection } from "~/ops/index.server";

/** /ops/orders: the newest orders and their next steps (app/ops). */
export const loader = ({ context, request }: Route.LoaderArgs) => consolePage({ context, request }, "orders", ordersSection, (lang) => texts(lang, ["ops"]));
export const action = ({ context, request }: Route.ActionArgs) => consoleAction({ context, request }, "orders");
export const headers: Route.HeadersFunction = consoleHeaders;
export const meta: Route.MetaFunction = consoleMeta;

export default function OpsOrders({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <ConsoleShell page={d} actionData={actionData}>
      {d.allowed ? <OrdersView orders={d.orders} lang={d.lang} replyOf={replyOf(actionData)} /> : null}
    </ConsoleShell>
  );
}
