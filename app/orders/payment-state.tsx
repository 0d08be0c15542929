import { useI18n } from "~/i18n/use-i18n";

type Props = {
  order: { status: string; payment: { method: string; paid: boolean } };
  /** The provider's page while the order waits for its online payment; else null. */
  payUrl: string | null;
  /** How long an unpaid online order holds its stock (UNPAID_ORDER_MINUTES). */
  minutes: number;
};

/** An online order's payment: paid, or waiting with a link to pay (a plain link: it works without JavaScript). */
export function PaymentState({ order, payUrl, minutes }: Props) {
  const { t } = useI18n();
  if (order.payment.method !== "online" || order.status === "cancelled") return null;
  if (order.payment.paid)
    return (
      <p className="alert alert--success" data-testid="payment-state" data-paid="true">
        {t("orders:payment.paid")}. {t("orders:done.paidNext")}
      </p>
    );
  if (!payUrl) return null;
  return (
    <div className="alert" data-testid="payment-state" data-paid="false">
      <p>
        <strong>{t("orders:payment.awaiting")}.</strong> {t("orders:done.payWithin", { minutes })}
      </p>
      <a className="button" href={payUrl} data-testid="pay-now">
        {t("orders:payment.payNow")}
      </a>
    </div>
  );
}
