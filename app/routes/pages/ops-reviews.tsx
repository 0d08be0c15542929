import type { Route } from "./+types/ops-reviews";
import { ConsoleShell, consoleHeaders, consoleMeta, ReviewsView, replyOf } from "~/ops/index";
import { texts } from "~/i18n/resources.server";
import { consoleAction, consolePage, reviewsSection } from "~/ops/index.server";

/** /ops/reviews: the reviews awaiting moderation (app/ops). */
export const loader = ({ context, request }: Route.LoaderArgs) =>
  consolePage({ context, request }, "reviews", reviewsSection, (lang) => texts(lang, ["ops", "reviews"]));
export const action = ({ context, request }: Route.ActionArgs) => consoleAction({ context, request }, "reviews");
export const headers: Route.HeadersFunction = consoleHeaders;
export const meta: Route.MetaFunction = consoleMeta;

export default function OpsReviews({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <ConsoleShell page={d} actionData={actionData}>
      {d.allowed ? <ReviewsView reviews={d.reviews} replyOf={replyOf(actionData)} /> : null}
    </ConsoleShell>
  );
}
