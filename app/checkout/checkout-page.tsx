import { useEffect } from "react";
import { type EcommerceItem, firstTime, pushEcommerce } from "~/cart/index";
import { useI18n } from "~/i18n/use-i18n";
import { LineList } from "~/ui/line-list";
import { ContactsStep } from "./contacts-step";
import { DeliveryStep } from "./delivery-step";
import type { Step } from "./flow.server";
import { PaymentStep } from "./payment-step";
import { ReviewStep } from "./review-step";
import { SignIn } from "./sign-in";
import type { StepProps } from "./step";

/** A finished step: what was chosen, and a link that opens it again. */
function Done({ step, children }: { step: Step; children: React.ReactNode }) {
  const { t, href } = useI18n();
  return (
    <div className="checkout-step__done" data-testid={`step-${step}-done`}>
      <div>{children}</div>
      <a href={href(`/checkout?step=${step}#${step}`)} data-testid={`change-${step}`}>
        {t("orders:checkout.change")}
      </a>
    </div>
  );
}

/** The checkout: contacts → delivery → payment → review, one open step at a time, each a form that works without JavaScript. */
export function CheckoutPage({ data, failure, analytics }: StepProps & { analytics: EcommerceItem[] }) {
  const { t } = useI18n();
  const { view, draft, done, open } = data;
  const option = view.deliveryOptions.find((o) => o.id === view.deliveryTypeId);
  // GA4's checkout events, once each per draft (its key) and choice.
  const key = draft.idempotencyKey;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the events follow the steps' state, not the items' identity
  useEffect(() => {
    if (firstTime(`begin_checkout:${key}`)) pushEcommerce("begin_checkout", analytics);
    if (done.delivery && option && firstTime(`add_shipping_info:${key}:${option.uuid}`))
      pushEcommerce("add_shipping_info", analytics, { shipping_tier: option.uuid });
    if (done.payment && draft.paymentMethod && firstTime(`add_payment_info:${key}:${draft.paymentMethod}`))
      pushEcommerce("add_payment_info", analytics, { payment_type: draft.paymentMethod });
  }, [key, done.delivery, done.payment, option?.uuid, draft.paymentMethod]);
  const city = view.cities.find((c) => c.id === view.cityId);
  const titles: Record<Step, string> = {
    contacts: t("orders:checkout.contacts"),
    delivery: t("cart:deliveryTitle"),
    payment: t("orders:done.payment"),
    review: t("orders:checkout.review"),
  };
  const summaries: Record<Exclude<Step, "review">, React.ReactNode> = {
    contacts: `${draft.name}, ${draft.phone}${draft.email ? `, ${draft.email}` : ""}`,
    delivery: `${city?.title ?? ""}, ${option?.title ?? ""}: ${
      data.points.find((p) => p.id === draft.pointId)?.title ??
      ([draft.street, draft.house, draft.flat, draft.postCode].filter(Boolean).join(", ") || t("orders:checkout.savedAddress"))
    }`,
    payment: draft.paymentMethod ? t(`orders:payment.${draft.paymentMethod}`) : "",
  };
  const body: Record<Step, React.ReactNode> = {
    contacts: <ContactsStep data={data} failure={failure} />,
    delivery: <DeliveryStep data={data} failure={failure} />,
    payment: <PaymentStep data={data} failure={failure} />,
    review: <ReviewStep data={data} failure={failure} />,
  };
  return (
    <div className="checkout" data-testid="checkout">
      <h1>{t("cart:checkoutTitle")}</h1>
      <LineList lines={view.lines} testId="checkout-line" />
      {data.account ? null : <SignIn reply={failure?.step === "sign-in" ? (failure.reply ?? null) : null} />}
      <ol className="checkout__steps">
        {/* In the titles' order. The list numbers the steps (its markers); their titles do not again. */}
        {(Object.keys(titles) as Step[]).map((step) => (
          <li key={step} id={step} className="checkout-step" data-testid={`step-${step}`} aria-current={open === step ? "step" : undefined}>
            <h2>{titles[step]}</h2>
            {open === step ? body[step] : step !== "review" && done[step] ? <Done step={step}>{summaries[step]}</Done> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
