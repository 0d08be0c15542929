import { useField } from "@conform-to/react";
import { FieldError, FormRow } from "~/forms/form-row";
import { SelectRow } from "~/forms/select-row";
import { useI18n } from "~/i18n/use-i18n";
import type { CheckoutData } from "./flow.server";
import { useSelectTexts } from "./step";

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
        // Another street: a code the lookup gave belonged to the last one; the house may ask again.
        onChoose={() => {
          const form = (document.getElementById("checkout-street") as HTMLInputElement | null)?.form ?? null;
          void postCode().then((m) => m.streetChosen(form));
        }}
        invalid={invalid}
        describedBy={invalid ? field.errorId : undefined}
      />
      <FieldError name="street" />
    </div>
  );
}

/**
 * The post code's lookup (./post-code.ts) loads when the address is first edited: the checkout's
 * first screen does not carry it.
 */
const postCode = () => import("./post-code");

/** A courier's address: a saved one of the account, or a new one (street, house, flat, post code). */
export function DeliveryAddress({ data, typeId }: { data: CheckoutData; typeId: number }) {
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
        <FormRow
          name="house"
          label={t("orders:checkout.house")}
          maxLength={20}
          onChange={(e) => {
            const form = e.currentTarget.form;
            void postCode().then((m) => m.forgetPostCode(form));
          }}
          onBlur={(e) => {
            const form = e.currentTarget.form;
            void postCode().then((m) => m.fillPostCode(form));
          }}
        />
        <FormRow name="flat" label={t("orders:checkout.flat")} maxLength={20} />
        <FormRow
          name="postCode"
          label={t("orders:checkout.postCode")}
          inputMode="numeric"
          pattern="\d{6}"
          maxLength={6}
          autoComplete="postal-code"
          // Typed by the shopper: theirs, kept whatever the house (./post-code.ts).
          onInput={(e) => delete e.currentTarget.dataset.fromResponse}
        />
      </div>
    </>
  );
}
