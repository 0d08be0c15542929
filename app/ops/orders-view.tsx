import { ConformForm, useReplyForm } from "~/forms/conform-form";
import { FormError } from "~/forms/form-error";
import { FormRow } from "~/forms/form-row";
import type { FormReply } from "~/forms/parse";
import { formatUzs } from "~/i18n/format";
import type { Lang } from "~/i18n/languages";
import { useI18n } from "~/i18n/use-i18n";
import type { ConsoleOrder } from "./console";

/** The console's orders page: the newest orders, each with the steps it may take next and its refund. */
export function OrdersView({ orders, lang, replyOf }: { orders: ConsoleOrder[]; lang: Lang; replyOf: (form: string) => FormReply | undefined }) {
  const { t } = useI18n();
  if (!orders.length) return <p data-testid="ops-empty">{t("ops:console.orders.none")}</p>;
  return (
    <ul className="ops__list">
      {orders.map((o) => (
        <li key={o.id} data-testid="ops-order" data-number={o.number}>
          <OrderForm order={o} lang={lang} lastResult={replyOf(String(o.id))} />
        </li>
      ))}
    </ul>
  );
}

function OrderForm({ order, lang, lastResult }: { order: ConsoleOrder; lang: Lang; lastResult?: FormReply }) {
  const { t } = useI18n();
  const form = useReplyForm({ id: `order-${order.id}`, lastResult });
  return (
    <ConformForm form={form} className="form">
      <p>
        <strong>{order.number}</strong> · <span data-testid="ops-order-state">{t(`ops:console.states.${order.state}`)}</span> · {formatUzs(order.total, lang)} ·{" "}
        {t(`ops:console.payments.${order.payment}`)}
        {order.tracking ? ` · ${order.tracking}` : ""}
      </p>
      {order.refund ? (
        <p data-testid="ops-refund" data-state={order.refund.state}>
          {t(`ops:console.refund.${order.refund.state}`, { amount: formatUzs(order.refund.amount, lang), attempts: order.refund.attempts })}
          {order.refund.lastError ? ` · ${order.refund.lastError}` : ""}
        </p>
      ) : null}
      <FormError />
      <input type="hidden" name="id" value={order.id} />
      {order.steps.includes("shipped") ? <FormRow name="tracking" label={t("ops:console.orders.tracking")} maxLength={64} /> : null}
      {order.steps.map((step) => (
        <button key={step} type="submit" name="status" value={step} className="button button--secondary" data-testid={`ops-step-${step}`}>
          {t(`ops:console.steps.${step}`)}
        </button>
      ))}
    </ConformForm>
  );
}
