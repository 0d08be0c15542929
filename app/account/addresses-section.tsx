import { ConformForm } from "~/forms/conform-form";
import { useConformForm } from "~/forms/use-conform-form";
import { FormRow } from "~/forms/form-row";
import { useI18n } from "~/i18n/use-i18n";
import type { Address } from "./account.server";
import { addressSchema } from "./schema";
import { type Failure, replyFor, SectionStatus, type SectionProps } from "./section";

const FIELDS = ["city", "street", "house", "apartment", "comment"] as const;

function AddressForm({ address, failure }: { address?: Address; failure: Failure }) {
  const { t } = useI18n();
  const key = address ? `address-${address.id}` : "address-new";
  const form = useConformForm(addressSchema, { lastResult: replyFor(failure, key), defaultValue: address });
  return (
    <ConformForm form={form} className="form form--grid" preventScrollReset data-testid={key}>
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      {FIELDS.map((name) => (
        <FormRow
          key={name}
          name={name}
          label={t(`account:addresses.${name}`)}
          required={name === "city" || name === "street" || name === "house"}
          maxLength={name === "comment" ? 300 : name === "street" ? 120 : 80}
        />
      ))}
      <div className="form__actions">
        <button type="submit" name="intent" value={address ? "address-save" : "address-add"} className="button button--small">
          {t(address ? "account:save" : "account:addresses.add")}
        </button>
        {address && !address.isMain ? (
          <button type="submit" name="intent" value="address-main" className="button button--small button--ghost" formNoValidate>
            {t("account:addresses.makeMain")}
          </button>
        ) : null}
        {address ? (
          <button type="submit" name="intent" value="address-delete" className="button button--small button--ghost" formNoValidate>
            {t("account:delete")}
          </button>
        ) : null}
      </div>
    </ConformForm>
  );
}

export function Addresses({ account, notice, failure }: SectionProps) {
  const { t } = useI18n();
  return (
    <section id="addresses" className="account-section" aria-labelledby="addresses-h">
      <h2 id="addresses-h">{t("account:addresses.title")}</h2>
      <SectionStatus section="addresses" notice={notice} failure={failure} />
      {account.addresses.map((a) => (
        <div key={a.id} className="address">
          {a.isMain ? <p className="badge badge--main">{t("account:addresses.main")}</p> : null}
          <AddressForm address={a} failure={failure} />
        </div>
      ))}
      <h3>{t("account:addresses.add")}</h3>
      {/* A new key once the list changes: a saved address leaves the form empty (with JavaScript the page is not reloaded); a refused one keeps it. */}
      <AddressForm key={account.addresses.map((a) => a.id).join()} failure={failure} />
    </section>
  );
}
