import { escapeHtml } from "~/ui/html";

/** At most this many distinct items go to checkout (CHECKOUT_MAX_ITEMS). */
export const DEFAULT_CHECKOUT_MAX_ITEMS = 5;

export function checkoutMaxItems(env: { CHECKOUT_MAX_ITEMS?: string }): number {
  const n = Number(env.CHECKOUT_MAX_ITEMS);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_CHECKOUT_MAX_ITEMS;
}

/** Whether a cart of `items` distinct items may proceed to checkout. */
export function checkoutAllowed(items: number, max: number): boolean {
  return items > 0 && items <= max;
}

/** The checkout limit explained (the popup's content and its page's), in the shop's configured limit. */
export function checkoutLimitHtml(max: number, t: (key: string, vars?: Record<string, string | number>) => string): string {
  return `<p data-testid="checkout-limit-rule">${escapeHtml(t("info:checkoutLimit.body", { max }))}</p><p>${escapeHtml(t("info:checkoutLimit.how"))}</p>`;
}
