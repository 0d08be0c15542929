import { useField } from "@conform-to/react";
import { useState } from "react";
import { Link, Outlet, useNavigation } from "react-router";
import { ConformForm } from "~/forms/conform-form";
import { FieldError, FormRow } from "~/forms/form-row";
import { FormError } from "~/forms/form-error";
import type { FormReply } from "~/forms/parse";
import { TextareaRow } from "~/forms/textarea-row";
import { useConformForm } from "~/forms/use-conform-form";
import { useI18n } from "~/i18n/use-i18n";
import { RoutePopup } from "~/ui/route-popup";
import { Captcha } from "./captcha";
import type { FormParameter } from "./form.server";
import { REVIEW_NAME_MAX, REVIEW_TEXT_MAX, reviewFormSchema } from "./schema";

/** The rating, 1–5 as radio stars (what was chosen is kept when the form comes back). */
function RatingRow() {
  const { t } = useI18n();
  const [field] = useField<string>("rating");
  const invalid = Boolean(field.errors?.length);
  return (
    <fieldset className={invalid ? "rating-row row--error" : "rating-row"} aria-describedby={invalid ? field.errorId : undefined}>
      <legend>{t("reviews:form.rating")}</legend>
      {[5, 4, 3, 2, 1].map((n) => (
        <label key={n} className="rating-row__star">
          <input type="radio" name="rating" value={n} defaultChecked={field.initialValue === String(n)} data-testid={`rating-${n}`} />
          <span aria-hidden="true">{"★".repeat(n)}</span>
          <span className="visually-hidden">{t("reviews:form.star", { count: n })}</span>
        </label>
      ))}
      <FieldError name="rating" />
    </fieldset>
  );
}

const focusAddReview = () => document.querySelector<HTMLElement>("[data-testid=add-review]");

/** The popup's frame: a page section without JavaScript, a modal dialog with it (app/ui/route-popup.tsx). */
function Popup({ title, close, children }: { title: string; close: string; children: React.ReactNode }) {
  const { t } = useI18n();
  return (
    <RoutePopup
      block="review-popup"
      id="add-review"
      testId="review-popup"
      title={title}
      close={close}
      closeLabel={t("reviews:form.close")}
      closeTestId="review-popup-close"
      opener={focusAddReview}
    >
      {children}
    </RoutePopup>
  );
}

export type ReviewPopupProps = {
  product: { name: string; path: string };
  parameters: FormParameter[];
  customer: { name: string } | null;
  captcha: { siteKey: string; scriptUrl: string | null } | null;
  /** After sending: published, or held for moderation. */
  sent: string | null;
  /** The guest's ways to sign in or up, which come back to the popup. */
  links: { login: string; signup: string };
  /** The action's answer to a refused form. */
  actionData?: { reply: FormReply; captcha: "interactive" | null; failed: boolean };
};

/**
 * The add-review popup: a guest gets the prompt to sign in or sign up (and comes
 * back here after); a signed-in shopper the form with the captcha; after sending,
 * the thank-you (or the failure) with a way back.
 */
export function ReviewPopup({ product, customer, parameters, captcha, sent, links, actionData }: ReviewPopupProps) {
  const { t, href } = useI18n();
  const busy = useNavigation().state === "submitting";
  const form = useConformForm(reviewFormSchema, { lastResult: actionData?.reply, defaultValue: { userName: customer?.name ?? "" } });
  const [token, setToken] = useState("");
  const close = `${product.path}#reviews`;
  const title = t("reviews:form.title", { name: product.name });
  if (sent || actionData?.failed)
    return (
      <Popup title={title} close={close}>
        <p className={sent ? "alert alert--success" : "alert alert--error"} role="status" data-testid={sent ? "review-thanks" : "review-failure"}>
          {t(sent === "published" ? "reviews:form.thanks" : sent === "pending" ? "reviews:form.thanksPending" : "reviews:form.failure")}
        </p>
        <p className="review-popup__links">
          <Link to={close}>{t("reviews:form.toProduct")}</Link> <a href={href("/store")}>{t("reviews:form.toCatalogue")}</a>
        </p>
      </Popup>
    );
  if (!customer)
    return (
      <Popup title={title} close={close}>
        <p data-testid="review-guest">{t("reviews:form.guest")}</p>
        <p className="review-popup__links">
          <a className="button" href={links.login} rel="nofollow" data-testid="review-login">
            {t("reviews:form.login")}
          </a>{" "}
          <a className="button button--ghost" href={links.signup} rel="nofollow" data-testid="review-signup">
            {t("reviews:form.signup")}
          </a>
        </p>
      </Popup>
    );
  return (
    <Popup title={title} close={close}>
      <ConformForm form={form} className="form review-form" preventScrollReset>
        <FormError />
        <FormRow name="userName" label={t("reviews:form.userName")} autoComplete="name" required maxLength={REVIEW_NAME_MAX} />
        <RatingRow />
        {parameters.map((p) => (
          <fieldset key={p.id} className="choice-row">
            <legend>{p.name}</legend>
            {p.values.map((v) => (
              <label key={v.id} className="choice">
                <input type="radio" name={`match.${p.id}`} value={v.id} /> {v.name}
              </label>
            ))}
          </fieldset>
        ))}
        <TextareaRow
          name="text"
          label={t("reviews:form.text")}
          maxLength={REVIEW_TEXT_MAX}
          rows={5}
          counter={(left) => t("reviews:form.left", { count: left })}
        />
        <div className="row">
          <label className="choice">
            <input type="checkbox" name="agree" value="on" required data-testid="review-agree" /> {t("reviews:form.agree")}
          </label>{" "}
          <Link to={`${product.path}/review/rules`} preventScrollReset data-testid="review-rules-link">
            {t("reviews:form.rules")}
          </Link>
          <FieldError name="agree" />
        </div>
        <Outlet />
        {captcha ? <Captcha config={captcha} interactive={actionData?.captcha === "interactive"} onToken={setToken} /> : null}
        <FieldError name="token" />
        <button
          type="submit"
          className="button"
          disabled={busy || (captcha !== null && token === "" && actionData?.captcha === "interactive")}
          data-testid="review-submit"
        >
          {busy ? t("reviews:form.sending") : t("reviews:form.submit")}
        </button>
      </ConformForm>
    </Popup>
  );
}
