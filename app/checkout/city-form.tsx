import { useSubmit } from "react-router";
import { ConformForm } from "~/forms/conform-form";
import { FieldError } from "~/forms/form-row";
import { SelectRow } from "~/forms/select-row";
import { useConformForm } from "~/forms/use-conform-form";
import { useI18n } from "~/i18n/use-i18n";
import { useHydrated } from "~/ui/hydrated";
import { citySchema } from "./schema";
import { type StepProps, useSelectTexts } from "./step";

/** The most asked-for cities (the first of the list's order), one tap away in the city select. */
const FAST_CITIES = 3;

/** The delivery step's city: a searchable select with JavaScript; without it a plain select and a button. */
export function CityForm({ data, failure }: StepProps) {
  const { t, lang, href } = useI18n();
  const submit = useSubmit();
  const hydrated = useHydrated();
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
      {/* Without JavaScript the types of the chosen city come with this button; with it, choosing brings them. */}
      <button type="submit" className="button button--ghost button--small" data-testid="city-apply" hidden={hydrated}>
        {t("orders:checkout.showTypes")}
      </button>
    </ConformForm>
  );
}
