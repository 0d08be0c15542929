import type { Route } from "./+types/ops-item";
import { ConsoleShell, consoleHeaders, consoleMeta, ItemView, replyOf } from "~/ops/index";
import { texts } from "~/i18n/resources.server";
import { consoleAction, consolePage, itemSection } from "~/ops/index.server";

/** /ops/item?q=…: a product's prices and stock (app/ops). */
export const loader = ({ context, request }: Route.LoaderArgs) => consolePage({ context, request }, "item", itemSection, (lang) => texts(lang, ["ops"]));
export const action = ({ context, request }: Route.ActionArgs) => consoleAction({ context, request }, "item");
export const headers: Route.HeadersFunction = consoleHeaders;
export const meta: Route.MetaFunction = consoleMeta;

export default function OpsItem({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <ConsoleShell page={d} actionData={actionData}>
      {d.allowed ? <ItemView item={d.item} query={d.query} queryError={d.queryError} lang={d.lang} replyOf={replyOf(actionData)} /> : null}
    </ConsoleShell>
  );
}
