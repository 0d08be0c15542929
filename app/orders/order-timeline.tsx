import { useI18n } from "~/i18n/use-i18n";
import { DayDate } from "~/ui/date";
import type { ShownOrder } from "./order-view.server";

/** What happened to an order so far, oldest first: placed, paid, the shop's steps (a shipment with its tracking number). */
export function OrderTimeline({ timeline }: { timeline: ShownOrder["timeline"] }) {
  const { t } = useI18n();
  if (!timeline.length) return null;
  return (
    <section className="order-timeline" data-testid="order-timeline">
      <h2>{t("orders:timeline.title")}</h2>
      <ol className="order-timeline__steps">
        {timeline.map((step, i) => (
          <li key={i} data-testid="timeline-step" data-state={step.state}>
            <strong>{t(`orders:status.${step.state}`)}</strong> · <DayDate seconds={step.at} />
            {step.tracking ? ` · ${t("orders:timeline.tracking", { tracking: step.tracking })}` : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
