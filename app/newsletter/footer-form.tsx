import { Form } from "react-router";
import { useI18n } from "~/i18n/use-i18n";

/**
 * The footer's newsletter form, on every page: the same for every shopper (no typed value,
 * no token), so anonymous pages stay cacheable, and without a script of its own. It posts to
 * /subscribe, which answers with the "check your e-mail" page or, when refused, the subscribe
 * page with the errors and what was typed. The browser checks the fields' format first.
 */
export function NewsletterFooterForm() {
  const { t, href } = useI18n();
  return (
    <Form method="post" action={href("/subscribe")} className="newsletter-footer" data-testid="newsletter-footer">
      <p className="site-footer__title" id="newsletter-footer-title">
        {t("footer.newsletter.title")}
      </p>
      <p>{t("footer.newsletter.lead")}</p>
      <label htmlFor="newsletter-footer-email">{t("footer.newsletter.email")}</label>
      <input id="newsletter-footer-email" type="email" name="email" autoComplete="email" required maxLength={254} />
      <label className="choice">
        <input type="checkbox" name="consent" value="on" required /> {t("footer.newsletter.consent")}
      </label>
      <button type="submit" className="button">
        {t("footer.newsletter.submit")}
      </button>
    </Form>
  );
}
