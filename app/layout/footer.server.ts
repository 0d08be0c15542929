import type { TFunction } from "~/i18n/translate";
import { escapeHtml } from "~/ui/html";

/**
 * The footer's fixed parts (the call centre, the catalogue's links) as markup written on the
 * server: with the social links and the newsletter's form they reach the page once, as HTML,
 * and cost no script or hydration texts. `href` localizes a path; the links are plain anchors
 * that the footer navigates client-side.
 */
export function footerHtml(t: TFunction, href: (path: string) => string): string {
  const text = (key: string, values?: Record<string, string>) => escapeHtml(t(key, values));
  // Opening hours: weekdays 9.00–21.00, weekend 9.00–19.00.
  const contacts =
    `<div><p class="site-footer__title">${text("server:footer.callCentre")}</p>` +
    `<p><a href="tel:+998712000000">+998 71 200 00 00</a></p>` +
    `<p>${text("server:footer.hoursWeekdays", { from: "9:00", to: "21:00" })}</p>` +
    `<p>${text("server:footer.hoursWeekend", { from: "9:00", to: "19:00" })}</p></div>`;
  const nav =
    `<nav aria-label="${text("layout.catalogue")}"><a href="${escapeHtml(href("/store"))}">${text("layout.catalogue")}</a>` +
    `<a href="${escapeHtml(href("/store?sale=1"))}">${text("layout.sale")}</a></nav>`;
  return contacts + nav;
}
