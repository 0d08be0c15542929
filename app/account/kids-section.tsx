import { ConformForm } from "~/forms/conform-form";
import { useConformForm } from "~/forms/use-conform-form";
import { FieldError, FormRow } from "~/forms/form-row";
import { useI18n } from "~/i18n/use-i18n";
import type { Kid } from "./account.server";
import { kidSchema } from "./schema";
import { type Failure, replyFor, SectionStatus, type SectionProps } from "./section";

function KidForm({ kid, failure }: { kid?: Kid; failure: Failure }) {
  const { t } = useI18n();
  const key = kid ? `kid-${kid.id}` : "kid-new";
  const form = useConformForm(kidSchema, {
    lastResult: replyFor(failure, key),
    defaultValue: kid ? { gender: String(kid.gender), birthday: kid.birthday } : undefined,
  });
  const gender = form.getFieldset().gender.initialValue;
  return (
    <ConformForm form={form} className="form form--inline" preventScrollReset data-testid={key}>
      {kid ? <input type="hidden" name="id" value={kid.id} /> : null}
      <fieldset className="row row--inline">
        <legend>{t("account:personal.gender")}</legend>
        <label className="choice">
          <input type="radio" name="gender" value="0" defaultChecked={gender === "0"} required /> {t("account:kids.gender0")}
        </label>
        <label className="choice">
          <input type="radio" name="gender" value="1" defaultChecked={gender === "1"} /> {t("account:kids.gender1")}
        </label>
        <FieldError name="gender" />
      </fieldset>
      <FormRow name="birthday" type="date" label={t("account:kids.birthday")} required />
      <button type="submit" name="intent" value={kid ? "kid-save" : "kid-add"} className="button button--small">
        {t(kid ? "account:save" : "account:kids.add")}
      </button>
      {kid ? (
        <button type="submit" name="intent" value="kid-delete" className="button button--small button--ghost" formNoValidate>
          {t("account:delete")}
        </button>
      ) : null}
    </ConformForm>
  );
}

export function Kids({ account, notice, failure }: SectionProps) {
  const { t } = useI18n();
  return (
    <section id="kids" className="account-section" aria-labelledby="kids-h">
      <h2 id="kids-h">{t("account:kids.title")}</h2>
      <SectionStatus section="kids" notice={notice} failure={failure} />
      {account.kids.map((kid) => (
        <KidForm key={kid.id} kid={kid} failure={failure} />
      ))}
      <h3>{t("account:kids.add")}</h3>
      {/* As the new address's form: empty again once a kid is saved, kept when refused. */}
      <KidForm key={account.kids.map((k) => k.id).join()} failure={failure} />
    </section>
  );
}
