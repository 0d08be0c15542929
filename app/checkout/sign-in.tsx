import { ConformForm, useReplyForm } from "~/forms/conform-form";
import { FormRow } from "~/forms/form-row";
import type { FormReply } from "~/forms/parse";
import { useI18n } from "~/i18n/use-i18n";

/**
 * A guest may sign in right here, without leaving the checkout: the form posts to the
 * checkout's own action (intent "sign-in"), which brings the shopper back signed in, with
 * the guest's cart and draft joined to the account's. A refused login shows here, under
 * the password, the section open and the login kept.
 */
export function SignIn({ reply }: { reply: FormReply | null }) {
  const { t, href } = useI18n();
  // Checked by the action alone (the login schema stays out of the checkout's JavaScript, held to its budget).
  const form = useReplyForm({ lastResult: reply, id: "checkout-sign-in" });
  return (
    <details className="checkout-login" data-testid="checkout-login" open={reply ? true : undefined}>
      <summary>
        {t("orders:checkout.haveAccount")} {t("orders:checkout.signIn")}
      </summary>
      <ConformForm form={form} className="form">
        <input type="hidden" name="intent" value="sign-in" />
        <input type="hidden" name="returnUrl" value="checkout" />
        <FormRow name="login" label={t("auth:fields.login")} autoComplete="username" required maxLength={254} />
        <FormRow name="password" label={t("auth:fields.password")} type="password" autoComplete="current-password" required maxLength={32} />
        <button type="submit" className="button">
          {t("auth:login.submit")}
        </button>
        <a href={href("/login/sms?return_url=checkout")} rel="nofollow">
          {t("auth:sms.byCode")}
        </a>
      </ConformForm>
    </details>
  );
}
