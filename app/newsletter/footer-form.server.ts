import type { TFunction } from "~/i18n/translate";
import { escapeHtml } from "~/ui/html";

/**
 * The footer's newsletter form, on every page, written on the server (the layout carries it as
 * markup, so it adds no script and no text to any page's JavaScript or hydration data). The same
 * for every shopper (no hidden field, no typed value), so anonymous pages stay cacheable. A plain
 * POST to /subscribe, with JavaScript too: the answer is the "check your e-mail" page or, when
 * refused, the subscribe page with the errors and what was typed. The browser checks the fields first.
 */
export function newsletterFooterHtml(t: TFunction, action: string): string {
  const text = (key: string) => escapeHtml(t(`newsletter:footer.${key}`));
  return (
    `<form method="post" action="${escapeHtml(action)}" class="newsletter-footer" data-testid="newsletter-footer">` +
    `<p class="site-footer__title">${text("title")}</p>` +
    `<label for="newsletter-footer-email">${text("email")}</label>` +
    `<input id="newsletter-footer-email" type="email" name="email" autocomplete="email" required maxlength="254">` +
    `<label class="choice"><input type="checkbox" name="consent" value="on" required> ${text("consent")}</label>` +
    `<button type="submit" class="button">${text("submit")}</button></form>`
  );
}
