import { useEffect, useState } from "react";
import { Form, useSubmit } from "react-router";
import { type EcommerceItem, firstTime, pushEcommerce, SummaryTable } from "~/cart/index";
import { ConformForm } from "~/forms/conform-form";
import { useField } from "@conform-to/react";
import { FieldError, FormRow } from "~/forms/form-row";
import type { FormReply } from "~/forms/parse";
import { PhoneRow } from "~/forms/phone-row";
import { SelectRow } from "~/forms/select-row";
import { TextareaRow } from "~/forms/textarea-row";
import { useConformForm } from "~/forms/use-conform-form";
import { useI18n } from "~/i18n/use-i18n";
import { useHydrated } from "~/ui/hydrated";
import { LineList } from "~/ui/line-list";
import { Tooltip } from "~/ui/tooltip";
import { COMMENT_MAX, PAYMENT_METHODS } from "~/orders/index";
import type { CheckoutData, Step } from "./flow.server";
import { citySchema, contactsSchema, deliveryStepSchema, paymentStepSchema } from "./schema";

export type CheckoutFailure = {
  step: Step;
  reply?: FormReply;
  refusal?: { code: string; error?: string; lines?: { name: string; size: string; stock: number }[] };
} | null;

type Props = { data: CheckoutData; failure: CheckoutFailure };

const replyFor = (failure: CheckoutFailure, step: Step) => (failure?.step === step ? (failure.reply ?? null) : null);

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

/**
 * A guest may sign in right here (spec §4 "Checkout login"): the login form
 * posts to `/login?return_url=checkout`, which brings the shopper back with the
 * guest's cart and draft joined to the account's. A refused login shows on the
 * login page, with the way back kept.
 */
function SignIn() {
  const { t, href } = useI18n();
  // A plain form (the login route validates it with its schema): no conform state on this page for a form it does not handle.
  return (
    <details className="checkout-login" data-testid="checkout-login">
      <summary>
        {t("orders:checkout.haveAccount")} {t("orders:checkout.signIn")}
      </summary>
      <form method="post" action={href("/login?return_url=checkout")} className="form">
        <input type="hidden" name="returnUrl" value="checkout" />
        <div className="row">
          <label htmlFor="checkout-login">{t("auth:fields.login")}</label>
          <input id="checkout-login" name="login" autoComplete="username" required maxLength={254} />
        </div>
        <div className="row">
          <label htmlFor="checkout-password">{t("auth:fields.password")}</label>
          <input id="checkout-password" name="password" type="password" autoComplete="current-password" required maxLength={32} />
        </div>
        <button type="submit" className="button">
          {t("auth:login.submit")}
        </button>
        <a href={href("/login/sms?return_url=checkout")} rel="nofollow">
          {t("auth:sms.byCode")}
        </a>
      </form>
    </details>
  );
}

function Contacts({ data, failure }: Props) {
  const { t } = useI18n();
  const { draft, account } = data;
  const form = useConformForm(contactsSchema, {
    lastResult: replyFor(failure, "contacts"),
    defaultValue: { name: draft.name || account?.name, phone: draft.phone || account?.phone, email: draft.email || account?.email },
  });
  return (
    <ConformForm form={form} className="form" data-testid="contacts-form">
      <FormRow name="name" label={t("orders:checkout.name")} autoComplete="name" required maxLength={60} />
      <PhoneRow name="phone" label={t("auth:fields.phone")} />
      <FormRow name="email" type="email" label={t("orders:checkout.email")} autoComplete="email" maxLength={254} />
      <button type="submit" name="intent" value="contacts" className="button">
        {t("orders:checkout.continue")}
      </button>
    </ConformForm>
  );
}

/** The select's texts, from the page's namespace (the shared combobox has none of its own). */
function useSelectTexts() {
  const { t } = useI18n();
  return {
    loading: t("orders:select.loading"),
    noResults: t("orders:select.noResults"),
    close: t("orders:select.close"),
    shortcuts: t("orders:select.shortcuts"),
  };
}

/** The most asked-for cities (the first of the list's order), one tap away in the city select. */
const FAST_CITIES = 3;

function CityForm({ data, failure }: Props) {
  const { t, lang, href } = useI18n();
  const submit = useSubmit();
  const texts = useSelectTexts();
  const form = useConformForm(citySchema, { lastResult: failure?.step === "delivery" && failure.reply?.error?.cityId ? failure.reply : null });
  const current = data.view.cities.find((c) => c.id === data.view.cityId) ?? null;
  const native = (
    <select
      id="checkout-city"
      name="cityId"
      defaultValue={data.view.cityId ?? ""}
      key={data.view.cityId ?? "none"}
      data-testid="checkout-city"
      onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
    >
      <option value="" disabled>
        {t("cart:chooseCity")}
      </option>
      {data.view.cities.map((c) => (
        <option key={c.id} value={c.id}>
          {c.title}
        </option>
      ))}
    </select>
  );
  return (
    <ConformForm form={form} className="form form--inline" data-testid="city-form" preventScrollReset>
      {/* In the form, not on the button: with JavaScript the select submits the form itself. */}
      <input type="hidden" name="intent" value="city" />
      <div className="row">
        <label htmlFor="checkout-city">{t("cart:city")}</label>
        <SelectRow
          key={data.view.cityId ?? "none"}
          native={native}
          id="checkout-city"
          name="cityId"
          endpoint={`/api/delivery/cities?lang=${lang}`}
          initial={current ? { id: current.id, title: current.title } : null}
          shortcuts={data.view.cities.slice(0, FAST_CITIES).map((c) => ({ id: c.id, title: c.title }))}
          onChoose={(city) => submit({ intent: "city", cityId: String(city.id) }, { method: "post", action: href("/checkout"), preventScrollReset: true })}
          texts={texts}
          testId="city-combobox"
          perPage={10}
        />
        <FieldError name="cityId" />
      </div>
      {/* Without JavaScript the types of the chosen city come with this button. */}
      <button type="submit" className="button button--ghost button--small" data-testid="city-apply">
        {t("orders:checkout.showTypes")}
      </button>
    </ConformForm>
  );
}

/**
 * The street of a courier address: a text field with the city's known streets
 * as suggestions (a datalist, no JavaScript needed); with JavaScript the
 * combobox searches them and a picked street's post code is filled in from
 * the house number.
 */
function StreetRow({ data, cityId, typeId }: { data: CheckoutData; cityId: number; typeId: number }) {
  const { t, lang } = useI18n();
  const texts = useSelectTexts();
  const [field] = useField<string>("street");
  const invalid = Boolean(field.errors?.length);
  const typed = typeof field.initialValue === "string" ? field.initialValue : "";
  const native = (
    <>
      <input
        key={field.key}
        id="checkout-street"
        name="street"
        defaultValue={typed}
        list={data.streets.length ? "checkout-streets" : undefined}
        autoComplete="address-line1"
        maxLength={120}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
      />
      {data.streets.length ? (
        <datalist id="checkout-streets">
          {data.streets.map((x) => (
            <option key={x.id} value={x.title} />
          ))}
        </datalist>
      ) : null}
    </>
  );
  return (
    <div className={invalid ? "row row--error" : "row"}>
      <label htmlFor="checkout-street">{t("orders:checkout.street")}</label>
      <SelectRow
        native={native}
        id="checkout-street"
        name="streetId"
        textName="street"
        freeText
        endpoint={`/api/delivery/streets?city_ref_id=${cityId}&delivery_type_id=${typeId}&lang=${lang}`}
        initial={null}
        initialText={typed}
        autoComplete="address-line1"
        texts={texts}
        testId="street-combobox"
        invalid={invalid}
        describedBy={invalid ? field.errorId : undefined}
      />
      <FieldError name="street" />
    </div>
  );
}

/** With JavaScript: a picked street and a house number fill an empty post code (the server fills it too, on save). */
function fillPostCode(form: HTMLFormElement | null) {
  if (!form) return;
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value.trim() ?? "";
  const streetId = value("streetId");
  const house = value("house");
  const postCode = form.elements.namedItem("postCode") as HTMLInputElement | null;
  if (!streetId || !house || !postCode || postCode.value) return;
  const url = `/api/delivery/up-post-codes?street_id=${encodeURIComponent(streetId)}&house=${encodeURIComponent(house)}`;
  void fetch(url, { headers: { Accept: "application/json" } })
    .then((r) => r.json() as Promise<{ items?: { post_code: string }[] }>)
    .then((body) => {
      const code = body.items?.[0]?.post_code;
      if (code && !postCode.value) postCode.value = code;
    })
    .catch(() => {});
}

function Delivery({ data, failure }: Props) {
  const { t, price } = useI18n();
  const { view, draft } = data;
  const form = useConformForm(deliveryStepSchema, {
    lastResult: failure?.step === "delivery" && !failure.reply?.error?.cityId ? replyFor(failure, "delivery") : null,
    defaultValue: {
      deliveryTypeId: view.deliveryTypeId === null ? undefined : String(view.deliveryTypeId),
      addressId: draft.addressId === null ? undefined : String(draft.addressId),
      street: draft.street,
      house: draft.house,
      flat: draft.flat,
      postCode: draft.postCode,
    },
  });
  const typeField = form.getFieldset().deliveryTypeId;
  const chosenType = typeField.initialValue;
  // The type now checked (with JavaScript conform follows the radios; without it, the type just submitted).
  const checkedType = typeField.value ?? chosenType;
  return (
    <>
      <CityForm data={data} failure={failure} />
      {view.cityId ? (
        <ConformForm form={form} className="form" data-testid="delivery-form">
          <input type="hidden" name="cityId" value={view.cityId} />
          <fieldset className="row">
            <legend>{t("cart:deliveryTitle")}</legend>
            {view.deliveryOptions.length === 0 ? <p>{t("cart:noDelivery")}</p> : null}
            {view.deliveryOptions.map((o) => (
              <div key={o.id} className="choice-row">
                <label className="choice">
                  <input type="radio" name="deliveryTypeId" value={o.id} defaultChecked={chosenType === String(o.id)} data-testid={`checkout-type-${o.uuid}`} />{" "}
                  {o.title} — {o.price === 0 ? t("cart:free") : price(o.price)} · {o.estimated}
                </label>
                {o.info.length ? (
                  <Tooltip label={t("orders:checkout.typeInfo", { type: o.title })} testId={`type-info-${o.uuid}`}>
                    <ul>
                      {o.info.map((note) => (
                        <li key={note}>{note}</li>
                      ))}
                    </ul>
                  </Tooltip>
                ) : null}
                {/* The type's own row: shown while its radio is checked (CSS :has, no JavaScript needed). */}
                <div className="choice-row__detail">
                  {o.type === "courier" ? (
                    <Address data={data} typeId={o.id} />
                  ) : (
                    <Points data={data} typeId={o.id} uuid={o.uuid} showError={checkedType === String(o.id)} />
                  )}
                </div>
              </div>
            ))}
            <FieldError name="deliveryTypeId" />
          </fieldset>
          <button type="submit" name="intent" value="delivery" className="button">
            {t("orders:checkout.continue")}
          </button>
        </ConformForm>
      ) : null}
    </>
  );
}

/** A courier's address: a saved one of the account, or a new one (street, house, flat, post code). */
function Address({ data, typeId }: { data: CheckoutData; typeId: number }) {
  const { t } = useI18n();
  const { view, account } = data;
  const [addressField] = useField<string>("addressId");
  const chosenAddress = addressField.initialValue;
  return (
    <>
      {account?.addresses.length ? (
        <fieldset className="row">
          <legend>{t("orders:checkout.savedAddress")}</legend>
          {account.addresses.map((a) => (
            <label key={a.id} className="choice">
              <input type="radio" name="addressId" value={a.id} defaultChecked={chosenAddress === String(a.id)} /> {a.label}
            </label>
          ))}
          <label className="choice">
            <input type="radio" name="addressId" value="" defaultChecked={!chosenAddress} /> {t("orders:checkout.newAddress")}
          </label>
        </fieldset>
      ) : null}
      {view.cityId ? <StreetRow data={data} cityId={view.cityId} typeId={typeId} /> : null}
      <div className="row row--inline">
        <FormRow name="house" label={t("orders:checkout.house")} maxLength={20} onBlur={(e) => fillPostCode(e.currentTarget.form)} />
        <FormRow name="flat" label={t("orders:checkout.flat")} maxLength={20} />
        <FormRow name="postCode" label={t("orders:checkout.postCode")} inputMode="numeric" pattern="\d{6}" maxLength={6} autoComplete="postal-code" />
      </div>
    </>
  );
}

/**
 * The stores (pickup) or post offices (post) of the city for one type, and the
 * chosen one's address and hours as soon as it is chosen: with JavaScript as
 * the select changes; without it, its "show" button saves the choice and the
 * step comes back open with them.
 */
function Points({ data, typeId, uuid, showError }: { data: CheckoutData; typeId: number; uuid: string; showError: boolean }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [field] = useField<string>("pointId");
  // The error belongs to the type it was refused for (one element with its id).
  const invalid = showError && Boolean(field.errors?.length);
  const points = data.pointsByType[typeId] ?? [];
  const saved = data.view.deliveryTypeId === typeId ? points.find((p) => p.id === data.draft.pointId) : undefined;
  const [chosenId, setChosenId] = useState(saved?.id ?? null);
  const chosen = points.find((p) => p.id === chosenId);
  const id = `checkout-point-${uuid}`;
  return (
    <div className="row">
      <label htmlFor={id}>{t("orders:checkout.point")}</label>
      <div className="point-choice">
        <select
          id={id}
          name={`point-${typeId}`}
          defaultValue={saved?.id ?? ""}
          data-testid={id}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? field.errorId : undefined}
          onChange={(e) => setChosenId(Number(e.currentTarget.value) || null)}
        >
          <option value="" disabled>
            {t("orders:checkout.choosePoint")}
          </option>
          {points.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
              {p.label ? ` — ${p.label}` : ""}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button type="submit" name="intent" value="point" className="button button--ghost button--small" data-testid={`show-point-${uuid}`}>
            {t("orders:checkout.showPoint")}
          </button>
        )}
      </div>
      {showError ? <FieldError name="pointId" /> : null}
      <div aria-live="polite">
        {chosen ? (
          <div className="selected-point" data-testid={`point-details-${uuid}`}>
            <p>
              <strong>{chosen.title}</strong>
              {chosen.label ? ` · ${chosen.label}` : ""}
            </p>
            <p>{chosen.address}</p>
            {chosen.phone ? <p>{chosen.phone}</p> : null}
            {chosen.schedule ? <p>{chosen.schedule}</p> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

function Payment({ data, failure }: Props) {
  const { t } = useI18n();
  const option = data.view.deliveryOptions.find((o) => o.id === data.view.deliveryTypeId);
  const form = useConformForm(paymentStepSchema, {
    lastResult: replyFor(failure, "payment"),
    defaultValue: { paymentMethod: data.draft.paymentMethod ?? undefined, comment: data.draft.comment },
  });
  const chosen = form.getFieldset().paymentMethod.initialValue;
  return (
    <ConformForm form={form} className="form" data-testid="payment-form">
      <fieldset className="row">
        <legend>{t("orders:done.payment")}</legend>
        {/* Online only where a provider is configured; card shown but disabled where the type takes no payment on delivery. */}
        {PAYMENT_METHODS.filter((m) => m !== "online" || data.onlinePayment).map((m) => {
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

function Review({ data, failure }: Props) {
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
        {t(data.draft.paymentMethod === "online" ? "orders:checkout.placeAndPay" : "orders:checkout.place")}
      </button>
    </Form>
  );
}

/** The checkout (issue #12): contacts → delivery → payment → review, one open step at a time, each a form that works without JavaScript. */
export function CheckoutPage({ data, failure, analytics }: Props & { analytics: EcommerceItem[] }) {
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
    contacts: <Contacts data={data} failure={failure} />,
    delivery: <Delivery data={data} failure={failure} />,
    payment: <Payment data={data} failure={failure} />,
    review: <Review data={data} failure={failure} />,
  };
  return (
    <div className="checkout" data-testid="checkout">
      <h1>{t("cart:checkoutTitle")}</h1>
      <LineList lines={view.lines} testId="checkout-line" />
      {data.account ? null : <SignIn />}
      <ol className="checkout__steps">
        {/* The list numbers the steps (its markers); their titles do not again. */}
        {(["contacts", "delivery", "payment", "review"] as const).map((step) => (
          <li key={step} id={step} className="checkout-step" data-testid={`step-${step}`} aria-current={open === step ? "step" : undefined}>
            <h2>{titles[step]}</h2>
            {open === step ? body[step] : step !== "review" && done[step] ? <Done step={step}>{summaries[step]}</Done> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
