import { useI18n } from "~/i18n/use-i18n";
import { DayDate } from "~/ui/date";
import type { ShownOrder } from "./order-view.server";
import type { OnlinePaymentState } from "./payment.server";

/** Where the order goes: city and delivery type, then the store or post office (with its hours), or the address. */
function Place({ delivery }: { delivery: ShownOrder["delivery"] }) {
  const { point } = delivery;
  return (
    <>
      <span className="order-place__line">{[delivery.city, delivery.type].filter(Boolean).join(" · ")}</span>
      {point ? (
        <>
          <span className="order-place__line">
            <strong>{point.title}</strong>
            {point.label ? ` — ${point.label}` : ""}
          </span>
          <span className="order-place__line">{point.address}</span>
          {point.phone ? <span className="order-place__line">{point.phone}</span> : null}
          {point.schedule ? <span className="order-place__line">{point.schedule}</span> : null}
        </>
      ) : (
        <span className="order-place__line">{delivery.address}</span>
      )}
    </>
  );
}

/** An order's date, delivery, payment and total: the confirmation and the account's order page show the same. */
export function OrderDetails({ order, payment }: { order: ShownOrder; payment: OnlinePaymentState | null }) {
  const { t, price } = useI18n();
  const online = order.payment.method === "online";
  const state = payment === "paid" ? "paid" : payment === "failed" ? "failed" : "awaiting";
  const refund = order.payment.refund;
  return (
    <dl className="summary">
      <div className="summary__row">
        <dt>{t("orders:done.date")}</dt>
        <dd>
          <DayDate seconds={order.createdAt} testId="order-date" />
        </dd>
      </div>
      <div className="summary__row">
        <dt>{t("orders:done.delivery")}</dt>
        <dd className="order-place" data-testid="order-address">
          <Place delivery={order.delivery} />
        </dd>
      </div>
      <div className="summary__row">
        <dt>{t("orders:done.deliveryCost")}</dt>
        <dd>{order.delivery.cost === 0 ? t("orders:done.free") : price(order.delivery.cost)}</dd>
      </div>
      <div className="summary__row">
        <dt>{t("orders:done.payment")}</dt>
        <dd data-testid="order-payment">
          {t(`orders:payment.${online ? (order.payment.provider ?? "online") : order.payment.method}`)}
          {online && order.status !== "cancelled" ? ` · ${t(`orders:payment.${state}`)}` : null}
        </dd>
      </div>
      {refund ? (
        <div className="summary__row">
          <dt>{t("orders:refund.title")}</dt>
          <dd data-testid="order-refund" data-state={refund.state}>
            {refund.state === "refunded" && refund.at !== null ? (
              <>
                {t("orders:refund.refunded", { amount: price(refund.amount) })} <DayDate seconds={refund.at} testId="order-refund-date" />
              </>
            ) : (
              t(refund.state === "failed" ? "orders:refund.failed" : "orders:refund.pending", { amount: price(refund.amount) })
            )}
          </dd>
        </div>
      ) : null}
      <div className="summary__row summary__row--total">
        <dt>{t("orders:done.total")}</dt>
        <dd data-testid="order-total">{price(order.totals.total)}</dd>
      </div>
    </dl>
  );
}
