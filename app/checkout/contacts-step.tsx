import { ConformForm } from "~/forms/conform-form";
import { FormRow } from "~/forms/form-row";
import { PhoneRow } from "~/forms/phone-row";
import { useConformForm } from "~/forms/use-conform-form";
import { useI18n } from "~/i18n/use-i18n";
import { contactsSchema } from "./schema";
import { replyFor, type StepProps } from "./step";

/** Who the order is for: the draft's contacts, else the account's. */
export function ContactsStep({ data, failure }: StepProps) {
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
