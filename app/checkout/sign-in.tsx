import { useI18n } from "~/i18n/use-i18n";

/**
 * A guest may sign in right here, without leaving the checkout: the login form
 * posts to `/login?return_url=checkout`, which brings the shopper back with the
 * guest's cart and draft joined to the account's. A refused login shows on the
 * login page, with the way back kept.
 */
export function SignIn() {
  const { t, href } = useI18n();
  // A plain form (the login route validates it with its schema): no conform state on this page for a form it does not handle.
  return (
    <details className="checkout-login" data-testid="checkout-login">
      <summary>
        {t("orders:checkout.haveAccount")} {t("orders:checkout.signIn")}
      </summary>
      <form method="post" action={href("/login?return_url=checkout")} className="form">
        <input type="hidden" name="returnUrl" value="checkout" />
        <div className="row">
          <label htmlFor="checkout-login">{t("auth:fields.login")}</label>
          <input id="checkout-login" name="login" autoComplete="username" required maxLength={254} />
        </div>
        <div className="row">
          <label htmlFor="checkout-password">{t("auth:fields.password")}</label>
          <input id="checkout-password" name="password" type="password" autoComplete="current-password" required maxLength={32} />
        </div>
        <button type="submit" className="button">
          {t("auth:login.submit")}
        </button>
        <a href={href("/login/sms?return_url=checkout")} rel="nofollow">
          {t("auth:sms.byCode")}
        </a>
      </form>
    </details>
  );
}
