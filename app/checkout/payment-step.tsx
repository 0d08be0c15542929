import { ConformForm } from "~/forms/conform-form";
import { FieldError } from "~/forms/form-row";
import { TextareaRow } from "~/forms/textarea-row";
import { useConformForm } from "~/forms/use-conform-form";
import { useI18n } from "~/i18n/use-i18n";
import { COMMENT_MAX, PAYMENT_METHODS } from "~/orders/index";
import { paymentStepSchema } from "./schema";
import { replyFor, type StepProps } from "./step";

/** How the order is paid, and the shopper's comment. */
export function PaymentStep({ data, failure }: StepProps) {
  const { t } = useI18n();
  const option = data.view.deliveryOptions.find((o) => o.id === data.view.deliveryTypeId);
  const form = useConformForm(paymentStepSchema, {
    lastResult: replyFor(failure, "payment"),
    defaultValue: { paymentMethod: data.draft.paymentMethod ?? undefined, comment: data.draft.comment },
  });
  // A draft saved as "online" (the older clients' name) is the first provider's.
  const saved = form.getFieldset().paymentMethod.initialValue;
  const chosen = saved === "online" ? data.providers[0] : saved;
  // Cash and card on delivery, then each provider the shop has; online only when every line can go on a receipt.
  const methods = [...PAYMENT_METHODS.filter((m) => m === "cash" || m === "card"), ...(data.receiptReady ? data.providers : [])];
  return (
    <ConformForm form={form} className="form" data-testid="payment-form">
      <fieldset className="row">
        <legend>{t("orders:done.payment")}</legend>
        {/* Card shown but disabled where the type takes no payment on delivery. */}
        {methods.map((m) => {
          const unavailable = m === "card" && !option?.needPayment;
          return (
            <label key={m} className={unavailable ? "choice choice--disabled" : "choice"}>
              <input
                type="radio"
                name="paymentMethod"
                value={m}
                defaultChecked={chosen === m && !unavailable}
                disabled={unavailable}
                data-testid={`payment-${m}`}
              />{" "}
              {t(`orders:payment.${m}`)}
              {unavailable ? <span className="choice__note"> — {t("orders:payment.cardUnavailable", { type: option?.title ?? "" })}</span> : null}
            </label>
          );
        })}
        {data.providers.length && !data.receiptReady ? (
          <p className="choice__note" data-testid="payment-online-unavailable">
            {t("orders:errors.notPayableOnline")}
          </p>
        ) : null}
        <FieldError name="paymentMethod" />
      </fieldset>
      <TextareaRow
        name="comment"
        label={t("orders:checkout.comment")}
        maxLength={COMMENT_MAX}
        counter={(count) => t("orders:checkout.charactersLeft", { count })}
      />
      <button type="submit" name="intent" value="payment" className="button">
        {t("orders:checkout.continue")}
      </button>
    </ConformForm>
  );
}
