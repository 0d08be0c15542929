import { Form } from "react-router";
import { z } from "zod";
import { signupSchema } from "~/auth/index";
import { LiveForm } from "~/forms/live-form";
import { PhoneRow } from "~/forms/phone-row";
import { formatPhone } from "~/forms/phone";
import { useI18n } from "~/i18n/use-i18n";
import { errorText, FormRow } from "~/forms/form-row";
import type { Account, Address, Kid } from "./account.server";
import type { Section } from "./actions.server";
import { Notice } from "./notice";
import { addressSchema, birthdaySchema, CLOTHE_SIZES, kidSchema, personalSchema, phoneChangeSchema, SHOE_SIZES, smsCodeSchema } from "./schema";

const detailsSchema = z.intersection(personalSchema, birthdaySchema);
const emailSchema = signupSchema.pick({ email: true });

export type Failure = { section: Section; errors: Record<string, string | undefined>; values: Record<string, string>; itemId?: number } | null;
type Props = { account: Account; notice: { section: Section; key: string } | null; failure: Failure; pendingPhone: string | null };

function SectionStatus({ section, notice, failure }: { section: Section; notice: Props["notice"]; failure: Failure }) {
  const { t } = useI18n();
  if (failure?.section === section && failure.errors.form) return <Notice text={errorText(t, "account", failure.errors.form)} error />;
  if (notice?.section === section) return <Notice text={t(`account:notices.${notice.key}`)} />;
  return null;
}

/** Values to show: what the shopper typed when this very form failed, else what is stored. */
function valuesFor(failure: Failure, section: Section, itemId?: number) {
  return failure && failure.section === section && failure.itemId === itemId ? failure.values : null;
}

function Personal({ account, notice, failure }: Props) {
  const { t } = useI18n();
  const d = account.details;
  const typed = valuesFor(failure, "personal");
  const errors = failure?.section === "personal" ? failure.errors : {};
  const v = (name: string, stored: unknown) => (typed ? (typed[name] ?? "") : stored == null ? "" : String(stored));
  const sizesOf = (name: string, stored: string[]) => (typed ? (JSON.parse(typed[name] || "[]") as string[]) : stored);
  const gender = v("gender", d.gender);
  return (
    <section id="personal" className="account-section" aria-labelledby="personal-h">
      <h2 id="personal-h">{t("account:personal.title")}</h2>
      <SectionStatus section="personal" notice={notice} failure={failure} />
      <LiveForm schema={detailsSchema} method="post" className="form" preventScrollReset>
        <FormRow
          ns="account"
          name="firstName"
          label={t("auth:fields.firstName")}
          required
          maxLength={60}
          defaultValue={v("firstName", d.firstName)}
          error={errors.firstName}
          autoComplete="given-name"
        />
        <FormRow
          ns="account"
          name="lastName"
          label={t("account:personal.lastName")}
          maxLength={60}
          defaultValue={v("lastName", d.lastName)}
          error={errors.lastName}
          autoComplete="family-name"
        />
        <fieldset className="row row--inline">
          <legend>{t("account:personal.birthday")}</legend>
          <FormRow
            ns="account"
            name="birthDay"
            label={t("account:personal.day")}
            inputMode="numeric"
            pattern="\d{1,2}"
            maxLength={2}
            defaultValue={v("birthDay", d.birthDay)}
            error={errors.birthDay}
          />
          <FormRow
            ns="account"
            name="birthMonth"
            label={t("account:personal.month")}
            inputMode="numeric"
            pattern="\d{1,2}"
            maxLength={2}
            defaultValue={v("birthMonth", d.birthMonth)}
            error={errors.birthMonth}
          />
          <FormRow
            ns="account"
            name="birthYear"
            label={t("account:personal.year")}
            inputMode="numeric"
            pattern="\d{4}"
            maxLength={4}
            defaultValue={v("birthYear", d.birthYear)}
            error={errors.birthYear}
          />
        </fieldset>
        <fieldset className="row row--inline">
          <legend>{t("account:personal.gender")}</legend>
          <label className="choice">
            <input type="radio" name="gender" value="0" defaultChecked={gender === "0"} /> {t("account:gender.0")}
          </label>
          <label className="choice">
            <input type="radio" name="gender" value="1" defaultChecked={gender === "1"} /> {t("account:gender.1")}
          </label>
        </fieldset>
        {(
          [
            ["shoeSizes", SHOE_SIZES, d.shoeSizes],
            ["clotheSizes", CLOTHE_SIZES, d.clotheSizes],
          ] as const
        ).map(([name, scale, stored]) => (
          <fieldset key={name} className="row row--inline">
            <legend>{t(`account:personal.${name}`)}</legend>
            {scale.map((size) => (
              <label key={size} className="choice choice--chip">
                <input type="checkbox" name={name} value={size} defaultChecked={sizesOf(name, stored).includes(size)} /> {size}
              </label>
            ))}
          </fieldset>
        ))}
        <button type="submit" name="intent" value="save-details" className="button">
          {t("account:save")}
        </button>
      </LiveForm>
    </section>
  );
}

function KidForm({ kid, failure, intent }: { kid?: Kid; failure: Failure; intent: "kid-add" | "kid-save" }) {
  const { t } = useI18n();
  const typed = valuesFor(failure, "kids", kid?.id);
  const errors = typed ? failure!.errors : {};
  const gender = typed ? typed.gender : kid ? String(kid.gender) : "";
  const suffix = kid ? `-${kid.id}` : "-new";
  return (
    <LiveForm schema={kidSchema} method="post" className="form form--inline" preventScrollReset data-testid={kid ? `kid-${kid.id}` : "kid-new"}>
      {kid ? <input type="hidden" name="id" value={kid.id} /> : null}
      <fieldset className="row row--inline">
        <legend>{t("account:personal.gender")}</legend>
        <label className="choice">
          <input type="radio" name="gender" value="0" defaultChecked={gender === "0"} required /> {t("account:kids.gender0")}
        </label>
        <label className="choice">
          <input type="radio" name="gender" value="1" defaultChecked={gender === "1"} /> {t("account:kids.gender1")}
        </label>
        {errors.gender ? <p className="row__error">{errorText(t, "account", errors.gender)}</p> : null}
      </fieldset>
      <FormRow
        ns="account"
        name="birthday"
        id={`birthday${suffix}`}
        type="date"
        label={t("account:kids.birthday")}
        required
        defaultValue={typed ? typed.birthday : kid?.birthday}
        error={errors.birthday}
      />
      <button type="submit" name="intent" value={intent} className="button button--small">
        {t(kid ? "account:save" : "account:kids.add")}
      </button>
      {kid ? (
        <button type="submit" name="intent" value="kid-delete" className="button button--small button--ghost" formNoValidate>
          {t("account:delete")}
        </button>
      ) : null}
    </LiveForm>
  );
}

function Kids({ account, notice, failure }: Props) {
  const { t } = useI18n();
  return (
    <section id="kids" className="account-section" aria-labelledby="kids-h">
      <h2 id="kids-h">{t("account:kids.title")}</h2>
      <SectionStatus section="kids" notice={notice} failure={failure} />
      {account.kids.map((kid) => (
        <KidForm key={kid.id} kid={kid} failure={failure} intent="kid-save" />
      ))}
      <h3>{t("account:kids.add")}</h3>
      <KidForm failure={failure} intent="kid-add" />
    </section>
  );
}

function AddressForm({ address, failure }: { address?: Address; failure: Failure }) {
  const { t } = useI18n();
  const typed = valuesFor(failure, "addresses", address?.id);
  const errors = typed ? failure!.errors : {};
  const v = (name: keyof Address) => (typed ? (typed[name] ?? "") : address ? String(address[name]) : "");
  const suffix = address ? `-${address.id}` : "-new";
  return (
    <LiveForm
      schema={addressSchema}
      method="post"
      className="form form--grid"
      preventScrollReset
      data-testid={address ? `address-${address.id}` : "address-new"}
    >
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      {(["city", "street", "house", "apartment", "comment"] as const).map((name) => (
        <FormRow
          key={name}
          ns="account"
          name={name}
          id={`${name}${suffix}`}
          label={t(`account:addresses.${name}`)}
          required={name === "city" || name === "street" || name === "house"}
          maxLength={name === "comment" ? 300 : name === "street" ? 120 : 80}
          defaultValue={v(name)}
          error={errors[name]}
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
    </LiveForm>
  );
}

function Addresses({ account, notice, failure }: Props) {
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
      <AddressForm failure={failure} />
    </section>
  );
}

function Phone({ account, notice, failure, pendingPhone }: Props) {
  const { t } = useI18n();
  const errors = failure?.section === "phone" ? failure.errors : {};
  const typed = valuesFor(failure, "phone");
  return (
    <section id="phone" className="account-section" aria-labelledby="phone-h">
      <h2 id="phone-h">{t("account:phone.title")}</h2>
      <SectionStatus section="phone" notice={notice} failure={failure} />
      <p data-testid="current-phone">{account.details.phone ? formatPhone(account.details.phone) : t("account:phone.none")}</p>
      {pendingPhone ? (
        <LiveForm schema={smsCodeSchema} method="post" className="form" preventScrollReset>
          <p>{t("auth:sms.sentTo", { phone: formatPhone(pendingPhone) })}</p>
          <input type="hidden" name="phone" value={pendingPhone} />
          <FormRow
            ns="account"
            name="sms"
            label={t("auth:fields.code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            error={errors.sms}
          />
          <button type="submit" name="intent" value="phone-verify" className="button">
            {t("account:phone.verify")}
          </button>
        </LiveForm>
      ) : (
        <LiveForm schema={phoneChangeSchema} method="post" className="form" preventScrollReset>
          <PhoneRow ns="account" name="phone" label={t("account:phone.new")} defaultValue={typed?.phone} error={errors.phone} />
          <button type="submit" name="intent" value="phone-start" className="button">
            {t("auth:sms.send")}
          </button>
        </LiveForm>
      )}
    </section>
  );
}

function Email({ account, notice, failure }: Props) {
  const { t } = useI18n();
  const errors = failure?.section === "email" ? failure.errors : {};
  const typed = valuesFor(failure, "email");
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
      <LiveForm schema={emailSchema} method="post" className="form" preventScrollReset>
        <FormRow
          ns="account"
          name="email"
          type="email"
          label={t("account:email.new")}
          autoComplete="email"
          maxLength={254}
          required
          defaultValue={typed?.email}
          error={errors.email}
        />
        <button type="submit" name="intent" value="email-change" className="button">
          {t("account:email.change")}
        </button>
      </LiveForm>
    </section>
  );
}

export function AccountPage(props: Props) {
  return (
    <>
      <Personal {...props} />
      <Phone {...props} />
      <Email {...props} />
      <Kids {...props} />
      <Addresses {...props} />
    </>
  );
}
