import type { Route } from "./+types/ops-searches";
import { ConsoleShell, consoleHeaders, consoleMeta, replyOf, SearchesView } from "~/ops/index";
import { texts } from "~/i18n/resources.server";
import { consoleAction, consolePage, searchesSection } from "~/ops/index.server";

/** /ops/searches: this week's searches that found nothing, and the words taught (app/ops). */
export const loader = ({ context, request }: Route.LoaderArgs) =>
  consolePage({ context, request }, "searches", searchesSection, (lang) => texts(lang, ["ops"]));
export const action = ({ context, request }: Route.ActionArgs) => consoleAction({ context, request }, "searches");
export const headers: Route.HeadersFunction = consoleHeaders;
export const meta: Route.MetaFunction = consoleMeta;

export default function OpsSearches({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <ConsoleShell page={d} actionData={actionData}>
      {d.allowed ? <SearchesView misses={d.misses} synonyms={d.synonyms} teach={d.teach} teachLang={d.teachLang} replyOf={replyOf(actionData)} /> : null}
    </ConsoleShell>
  );
}
