import { Form, Link, useNavigation } from "react-router";
import { useField } from "@conform-to/react";
import { ConformForm } from "~/forms/conform-form";
import { FormError } from "~/forms/form-error";
import { FieldError, FormRow } from "~/forms/form-row";
import type { FormReply } from "~/forms/parse";
import { useConformForm } from "~/forms/use-conform-form";
import { useI18n } from "~/i18n/use-i18n";
import { subscribeSchema } from "./schema";

/** Which of the newsletter's pages to show. */
export type NewsletterStep = "form" | "check-email" | "thank-you" | "link-invalid" | "unsubscribe" | "unsubscribed";

function ConsentRow() {
  const { t } = useI18n();
  const [field] = useField<string>("consent");
  const invalid = Boolean(field.errors?.length);
  return (
    <div className={invalid ? "row row--error" : "row"}>
      <label className="choice">
        <input
          key={field.key}
          type="checkbox"
          name="consent"
          value="on"
          required
          defaultChecked={field.initialValue === "on"}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? field.errorId : undefined}
          data-testid="newsletter-consent"
        />{" "}
        {t("newsletter:form.consent")}
      </label>
      <FieldError name="consent" />
    </div>
  );
}

function SubscribeForm({ lastResult }: { lastResult: FormReply | null | undefined }) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  const form = useConformForm(subscribeSchema, { lastResult, id: "newsletter" });
  return (
    <ConformForm form={form} className="form" data-testid="newsletter-form">
      <p>{t("newsletter:form.lead")}</p>
      <FormError />
      <FormRow name="email" type="email" label={t("newsletter:form.email")} autoComplete="email" required maxLength={254} />
      <ConsentRow />
      <button type="submit" className="button" disabled={busy}>
        {t("newsletter:form.submit")}
      </button>
    </ConformForm>
  );
}

/** The newsletter's pages: the form, "check your e-mail", "thank you", and the unsubscribe page. */
export function NewsletterPage({ step, token, lastResult }: { step: NewsletterStep; token?: string; lastResult?: FormReply | null }) {
  const { t, href } = useI18n();
  const title = t(`newsletter:${step}.title`);
  return (
    <section className="auth" data-testid={`newsletter-page-${step}`}>
      <h1>{title}</h1>
      {step === "form" ? <SubscribeForm lastResult={lastResult} /> : <p>{t(`newsletter:${step}.lead`)}</p>}
      {step === "unsubscribe" ? (
        <Form method="post" className="form">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button" data-testid="newsletter-unsubscribe">
            {t("newsletter:unsubscribe.submit")}
          </button>
        </Form>
      ) : null}
      {step === "form" || step === "unsubscribe" ? null : (
        <p>
          <Link to={href("/store")}>{t("newsletter:toCatalogue")}</Link>
        </p>
      )}
    </section>
  );
}
