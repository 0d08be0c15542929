import type { Route } from "./+types/ops-money";
import { ConsoleShell, consoleHeaders, consoleMeta, MoneyView, replyOf } from "~/ops/index";
import { texts } from "~/i18n/resources.server";
import { consoleAction, consolePage, moneyPage } from "~/ops/index.server";

/** /ops/money: refunds owed, fiscal receipts that need a person, the reconciliation's findings (app/ops). */
export const loader = ({ context, request }: Route.LoaderArgs) => consolePage({ context, request }, "money", moneyPage, (lang) => texts(lang, ["ops"]));
export const action = ({ context, request }: Route.ActionArgs) => consoleAction({ context, request }, "money");
export const headers: Route.HeadersFunction = consoleHeaders;
export const meta: Route.MetaFunction = consoleMeta;

export default function OpsMoney({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <ConsoleShell page={d} actionData={actionData}>
      {d.allowed ? <MoneyView refunds={d.refunds} receipts={d.receipts} findings={d.findings} lang={d.lang} replyOf={replyOf(actionData)} /> : null}
    </ConsoleShell>
  );
}
