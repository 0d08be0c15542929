import { escapeHtml } from "~/ui/html";

/** The checkout limit explained (the popup's content and its page's), in the shop's configured limit. */
export function checkoutLimitHtml(max: number, t: (key: string, vars?: Record<string, string | number>) => string): string {
  return `<p data-testid="checkout-limit-rule">${escapeHtml(t("info:checkoutLimit.body", { max }))}</p><p>${escapeHtml(t("info:checkoutLimit.how"))}</p>`;
}
