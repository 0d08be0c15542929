import { Form } from "react-router";
import { formatTime } from "~/i18n/format";
import { useI18n } from "~/i18n/use-i18n";
import type { PaymentView } from "./payment.server";

type Props = {
  view: PaymentView;
  /** Why switching to payment on delivery was refused (a text key), after a try. */
  refused?: string | null;
};

/**
 * An online order's payment: paid; being confirmed; or not gone through, with
 * a link to pay again (a plain link) and a form to pay on delivery instead
 * (a plain form): both work without JavaScript.
 */
export function PaymentState({ view, refused }: Props) {
  const { t } = useI18n();
  if (view.state === "paid")
    return (
      <p className="alert alert--success" data-testid="payment-state" data-paid="true" data-state="paid">
        {t("orders:payment.paid")}. {t("orders:done.paidNext")}
      </p>
    );
  if (view.state === "paying")
    return (
      <p className="alert" data-testid="payment-state" data-paid="false" data-state="paying">
        <strong>{t("orders:payment.awaiting")}.</strong> {t("orders:payment.confirming")}
      </p>
    );
  if (view.state !== "failed") return null;
  return (
    <div className="alert alert--error" data-testid="payment-state" data-paid="false" data-state="failed">
      <p>
        <strong>{t("orders:payment.declined")}</strong> {t("orders:done.payWithin", { minutes: view.minutes })}{" "}
        <span data-testid="pay-until">{t("orders:done.payUntil", { time: formatTime(view.holdsUntil) })}</span>
      </p>
      {view.payUrl ? (
        <p>
          <a className="button" href={view.payUrl} data-testid="pay-now">
            {t("orders:payment.payAgain")}
          </a>
        </p>
      ) : null}
      <Form method="post" className="form" data-testid="pay-on-delivery">
        <fieldset className="row">
          <legend>{t("orders:payment.orOnDelivery")}</legend>
          {view.onDelivery.map((m, i) => (
            <label key={m} className="choice">
              <input type="radio" name="paymentMethod" value={m} defaultChecked={i === 0} data-testid={`switch-${m}`} /> {t(`orders:payment.${m}`)}
            </label>
          ))}
        </fieldset>
        {refused ? (
          <p className="alert alert--error" role="alert" data-testid="switch-refused">
            {t(refused)}
          </p>
        ) : null}
        <button type="submit" name="intent" value="pay-on-delivery" className="button button--ghost" data-testid="switch-submit">
          {t("orders:payment.switch")}
        </button>
      </Form>
    </div>
  );
}
