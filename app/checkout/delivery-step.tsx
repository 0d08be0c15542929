import { ConformForm } from "~/forms/conform-form";
import { FieldError } from "~/forms/form-row";
import { useConformForm } from "~/forms/use-conform-form";
import { useI18n } from "~/i18n/use-i18n";
import { Tooltip } from "~/ui/tooltip";
import { CityForm } from "./city-form";
import { DeliveryAddress } from "./delivery-address";
import { DeliveryPoints } from "./delivery-points";
import { deliveryStepSchema } from "./schema";
import { replyFor, type StepProps } from "./step";

/** The city, then the delivery types it has, each with its own row: the courier's address, or a store or post office. */
export function DeliveryStep({ data, failure }: StepProps) {
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
                    <DeliveryAddress data={data} typeId={o.id} />
                  ) : (
                    <DeliveryPoints data={data} typeId={o.id} uuid={o.uuid} showError={checkedType === String(o.id)} />
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
