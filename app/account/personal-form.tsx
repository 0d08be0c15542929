import { ConformForm } from "~/forms/conform-form";
import { useConformForm } from "~/forms/use-conform-form";
import { FieldError, FormRow } from "~/forms/form-row";
import { NumberRow, zeroPad } from "~/forms/number-row";
import { useI18n } from "~/i18n/use-i18n";
import { CLOTHE_SIZES, detailsSchema, SHOE_SIZES } from "./schema";
import { replyFor, SectionStatus, type SectionProps } from "./section";

const text = (v: number | string | null) => (v == null ? undefined : String(v));

export function Personal({ account, notice, failure }: SectionProps) {
  const { t } = useI18n();
  const d = account.details;
  const form = useConformForm(detailsSchema, {
    lastResult: replyFor(failure, "save-details"),
    defaultValue: {
      firstName: d.firstName,
      lastName: d.lastName,
      birthDay: zeroPad(d.birthDay),
      birthMonth: zeroPad(d.birthMonth),
      birthYear: text(d.birthYear),
      gender: text(d.gender),
      shoeSizes: d.shoeSizes,
      clotheSizes: d.clotheSizes,
    },
  });
  const fields = form.getFieldset();
  return (
    <section id="personal" className="account-section" aria-labelledby="personal-h">
      <h2 id="personal-h">{t("account:personal.title")}</h2>
      <SectionStatus section="personal" notice={notice} failure={failure} />
      <ConformForm form={form} className="form" preventScrollReset>
        <FormRow name="firstName" label={t("auth:fields.firstName")} required maxLength={60} autoComplete="given-name" />
        <FormRow name="lastName" label={t("account:personal.lastName")} maxLength={60} autoComplete="family-name" />
        <fieldset className="row row--inline">
          <legend>{t("account:personal.birthday")}</legend>
          <NumberRow name="birthDay" label={t("account:personal.day")} min={1} max={31} />
          <NumberRow name="birthMonth" label={t("account:personal.month")} min={1} max={12} />
          <FormRow name="birthYear" label={t("account:personal.year")} inputMode="numeric" digits pattern="\d{4}" maxLength={4} />
        </fieldset>
        <fieldset className="row row--inline">
          <legend>{t("account:personal.gender")}</legend>
          {(["0", "1"] as const).map((g) => (
            <label key={g} className="choice">
              <input type="radio" name="gender" value={g} defaultChecked={fields.gender.initialValue === g} /> {t(`account:gender.${g}`)}
            </label>
          ))}
          <FieldError name="gender" />
        </fieldset>
        {(
          [
            ["shoeSizes", SHOE_SIZES],
            ["clotheSizes", CLOTHE_SIZES],
          ] as const
        ).map(([name, scale]) => (
          <fieldset key={name} className="row row--inline">
            <legend>{t(`account:personal.${name}`)}</legend>
            {scale.map((size) => (
              <label key={size} className="choice choice--chip">
                <input type="checkbox" name={name} value={size} defaultChecked={fields[name].defaultOptions?.includes(size)} /> {size}
              </label>
            ))}
          </fieldset>
        ))}
        <button type="submit" name="intent" value="save-details" className="button">
          {t("account:save")}
        </button>
      </ConformForm>
    </section>
  );
}
