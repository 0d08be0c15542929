import { useField } from "@conform-to/react";
import { Link, useNavigation } from "react-router";
import { ConformForm } from "~/forms/conform-form";
import { FieldError, FormRow } from "~/forms/form-row";
import { FormError } from "~/forms/form-error";
import type { FormReply } from "~/forms/parse";
import { useConformForm } from "~/forms/use-conform-form";
import { useI18n } from "~/i18n/use-i18n";
import { RoutePopup } from "~/ui/route-popup";
import { GIFT_HINTS_OPEN_MAX, giftHintSchema, SENDER_NAME_MAX } from "./schema";

export type GiftHintPopupProps = {
  product: { name: string; path: string; sizes: { id: number; size: string; stock: number }[] };
  /** The size chosen at first: the one the URL names, else the first in stock. */
  chosen: number | null;
  /** After sending: the thank-you. */
  sent: boolean;
  /** A friend's link of no hint. */
  invalidLink: boolean;
  actionData?: { reply: FormReply };
};

/** The sizes as radios (what was chosen is kept when the form comes back). */
function SizeRow({ sizes, chosen }: { sizes: GiftHintPopupProps["product"]["sizes"]; chosen: number | null }) {
  const { t } = useI18n();
  const [field] = useField<string>("size");
  const invalid = Boolean(field.errors?.length);
  const initial = typeof field.initialValue === "string" ? field.initialValue : chosen === null ? null : String(chosen);
  return (
    <fieldset className={invalid ? "sizes row--error" : "sizes"} aria-describedby={invalid ? field.errorId : undefined}>
      <legend>{t("gifts:form.size")}</legend>
      {sizes.map((s) => (
        <label key={s.id} className={s.stock > 0 ? "size" : "size size--soldout"}>
          <input type="radio" name="size" value={s.id} defaultChecked={initial === String(s.id)} />
          <span>{s.size}</span>
        </label>
      ))}
      <FieldError name="size" />
    </fieldset>
  );
}

const focusLink = () => document.querySelector<HTMLElement>("[data-testid=gift-hint-link]");

/**
 * "Hint a gift": the product in a chosen size to a friend's phone or e-mail, with the shopper's
 * name. A page section without JavaScript, a dialog with it (app/ui/route-popup.tsx; it wears the
 * review popup's styles).
 */
export function GiftHintPopup({ product, chosen, sent, invalidLink, actionData }: GiftHintPopupProps) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  const form = useConformForm(giftHintSchema, { lastResult: actionData?.reply });
  return (
    <RoutePopup
      block="review-popup"
      id="gift-hint"
      testId="gift-hint-popup"
      title={t("gifts:form.title", { name: product.name })}
      close={product.path}
      closeLabel={t("gifts:form.close")}
      closeTestId="gift-hint-close"
      opener={focusLink}
    >
      {sent ? (
        <>
          <p className="alert alert--success" role="status" data-testid="gift-hint-sent">
            {t("gifts:form.sent")}
          </p>
          <p className="review-popup__links">
            <Link to={product.path}>{t("gifts:form.toProduct")}</Link>
          </p>
        </>
      ) : (
        <ConformForm form={form} className="form" preventScrollReset data-testid="gift-hint-form">
          {invalidLink ? (
            <p className="alert alert--error" role="alert" data-testid="gift-hint-invalid">
              {t("gifts:open.invalid")}
            </p>
          ) : null}
          <p>{t("gifts:form.lead", { max: GIFT_HINTS_OPEN_MAX })}</p>
          <FormError />
          <SizeRow sizes={product.sizes} chosen={chosen} />
          <FormRow name="contact" label={t("gifts:form.contact")} autoComplete="off" required maxLength={254} />
          <FormRow name="name" label={t("gifts:form.name")} autoComplete="name" required maxLength={SENDER_NAME_MAX} />
          <button type="submit" className="button" disabled={busy} data-testid="gift-hint-submit">
            {busy ? t("gifts:form.sending") : t("gifts:form.submit")}
          </button>
        </ConformForm>
      )}
    </RoutePopup>
  );
}
