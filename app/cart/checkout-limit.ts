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
