import { Form } from "react-router";
import { ConformForm } from "~/forms/conform-form";
import { useConformForm } from "~/forms/use-conform-form";
import { FormRow } from "~/forms/form-row";
import { formatPhone, normalizePhone } from "~/forms/phone";
import { PhoneRow } from "~/forms/phone-row";
import { useI18n } from "~/i18n/use-i18n";
import { emailChangeSchema, phoneChangeSchema, phoneVerifySchema } from "./schema";
import { type Failure, replyFor, SectionStatus, type SectionProps } from "./section";

function NewPhoneForm({ failure }: { failure: Failure }) {
  const { t } = useI18n();
  const form = useConformForm(phoneChangeSchema, { lastResult: replyFor(failure, "phone-start") });
  return (
    <ConformForm form={form} className="form" preventScrollReset>
      <PhoneRow name="phone" label={t("account:phone.new")} />
      <button type="submit" name="intent" value="phone-start" className="button">
        {t("auth:sms.send")}
      </button>
    </ConformForm>
  );
}

function SmsCodeForm({ phone, failure }: { phone: string; failure: Failure }) {
  const { t } = useI18n();
  const form = useConformForm(phoneVerifySchema, { lastResult: replyFor(failure, "phone-verify") });
  return (
    <ConformForm form={form} className="form" preventScrollReset>
      <p>{t("auth:sms.sentTo", { phone: formatPhone(phone) })}</p>
      <input type="hidden" name="phone" value={phone} />
      <FormRow name="sms" label={t("auth:fields.code")} inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required />
      <button type="submit" name="intent" value="phone-verify" className="button">
        {t("account:phone.verify")}
      </button>
    </ConformForm>
  );
}

export function Phone({ account, notice, failure, pendingPhone }: SectionProps) {
  const { t } = useI18n();
  // A refused code keeps the shopper on the code step for the phone it was sent to.
  const typed = failure?.form === "phone-verify" ? normalizePhone(String(failure.reply.initialValue?.phone ?? "")) : null;
  const pending = typed ?? pendingPhone;
  return (
    <section id="phone" className="account-section" aria-labelledby="phone-h">
      <h2 id="phone-h">{t("account:phone.title")}</h2>
      <SectionStatus section="phone" notice={notice} failure={failure} />
      <p data-testid="current-phone">{account.details.phone ? formatPhone(account.details.phone) : t("account:phone.none")}</p>
      {pending ? <SmsCodeForm phone={pending} failure={failure} /> : <NewPhoneForm failure={failure} />}
    </section>
  );
}

export function Email({ account, notice, failure }: SectionProps) {
  const { t } = useI18n();
  const form = useConformForm(emailChangeSchema, { lastResult: replyFor(failure, "email-change") });
  const d = account.details;
  return (
    <section id="email" className="account-section" aria-labelledby="email-h">
      <h2 id="email-h">{t("account:email.title")}</h2>
      <SectionStatus section="email" notice={notice} failure={failure} />
      {d.email ? (
        <div data-testid="current-email">
          {d.email}{" "}
          {d.emailConfirmed ? null : (
            <Form method="post" className="inline-form" preventScrollReset>
              <span>{t("auth:account.emailNotConfirmed")}</span>{" "}
              <button type="submit" name="intent" value="resend-confirm" className="button button--small button--ghost">
                {t("auth:account.resendConfirm")}
              </button>
            </Form>
          )}
        </div>
      ) : null}
      <ConformForm form={form} className="form" preventScrollReset>
        <FormRow name="email" type="email" label={t("account:email.new")} autoComplete="email" maxLength={254} required />
        <button type="submit" name="intent" value="email-change" className="button">
          {t("account:email.change")}
        </button>
      </ConformForm>
    </section>
  );
}
