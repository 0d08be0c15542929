import { Form } from "react-router";
import { SummaryTable } from "~/cart/index";
import { useI18n } from "~/i18n/use-i18n";
import { isOnline } from "~/orders/index";
import type { StepProps } from "./step";

/** The last step: what the order costs, row by row, and the button that places it (a refusal shows above). */
export function ReviewStep({ data, failure }: StepProps) {
  const { t, href } = useI18n();
  const refusal = failure?.step === "review" ? failure.refusal : undefined;
  return (
    <Form method="post" action={href("/checkout")} className="form" data-testid="review-form">
      {refusal ? (
        <div className="alert alert--error" role="alert" data-testid="place-error">
          <p>{t(refusal.error ?? "orders:errors.outOfStock")}</p>
          {refusal.lines?.length ? (
            <ul>
              {refusal.lines.map((l) => (
                <li key={`${l.name}-${l.size}`}>
                  {l.name}, {l.size}: {l.stock}
                </li>
              ))}
            </ul>
          ) : null}
          <a href={href("/cart")}>{t("cart:backToCart")}</a>
        </div>
      ) : null}
      {/* What the order will cost, row by row as the cart shows it, before it is placed. */}
      <SummaryTable view={data.view} />
      <input type="hidden" name="idempotencyKey" value={data.draft.idempotencyKey} />
      <button type="submit" name="intent" value="place" className="button button--wide" data-testid="place-order">
        {t(isOnline(data.draft.paymentMethod) ? "orders:checkout.placeAndPay" : "orders:checkout.place")}
      </button>
    </Form>
  );
}
