/**
 * GA4-style ecommerce events on window.dataLayer (JavaScript only). No
 * analytics script is loaded by default: whoever installs a tag manager reads
 * these. Item fields follow the analytics product shape of docs/api.md.
 */
export type AnalyticsProduct = {
  name: string;
  /** The sku (spec: id, default sku). */
  id: number;
  price: number;
  brand: string;
  category: string;
  variant: string;
  quantity?: number;
  position?: number;
  list?: string;
};

export type EcommerceItem = ReturnType<typeof ecommerceItem>;

/** The GA4 item of a product (loaders make them, so pages do not carry this mapping). */
export function ecommerceItem(p: AnalyticsProduct, index = 0) {
  return {
    item_id: String(p.id),
    item_name: p.name,
    price: p.price,
    item_brand: p.brand,
    item_category: p.category,
    item_variant: p.variant,
    quantity: p.quantity ?? 1,
    index: p.position ?? index,
    ...(p.list ? { item_list_name: p.list } : {}),
    // Spec: a product whose price is 0 (hidden) is flagged not available.
    ...(p.price === 0 ? { not_available: true } : {}),
  };
}

export type EcommerceEvent =
  | "view_item"
  | "add_to_cart"
  | "remove_from_cart"
  | "view_cart"
  | "begin_checkout"
  | "add_shipping_info"
  | "add_payment_info"
  | "purchase";

/**
 * Pushes an event with its items (value: their price × quantity, unless given:
 * a purchase's is the order's total) to window.dataLayer; `extra` carries the
 * event's own fields (shipping_tier, payment_type, transaction_id, shipping).
 */
export function pushEcommerce(event: EcommerceEvent, items: EcommerceItem[], extra: Record<string, string | number> = {}) {
  // Never on the server (only effects and handlers call it): the Worker's build leaves it out.
  if (import.meta.env.SSR) return;
  const layer = ((window as Window & { dataLayer?: unknown[] }).dataLayer ??= []);
  const value = items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  // GA4's advice: clear the previous ecommerce object first. `currencyCode` is the older tags' name of the currency.
  layer.push({ ecommerce: null }, { event, ecommerce: { currency: "UZS", currencyCode: "UZS", value, ...extra, items: items.map(withSpecFields) } });
}

/**
 * A GA4 item with the older analytics product's fields beside its own (name, id: the sku,
 * price, brand, category, variant, quantity, position, list), so tags built for that shape
 * keep working. Made here, in the browser: the pages' data carries each field once.
 */
export function withSpecFields(item: EcommerceItem): EcommerceItem & Record<string, unknown> {
  const out: Record<string, unknown> = { ...item };
  for (const [older, ga4] of Object.entries(OLDER_NAMES)) if (ga4 in item) out[older] = item[ga4];
  return out as EcommerceItem & Record<string, unknown>;
}

/** The older analytics product's field → the GA4 item's field it repeats. */
const OLDER_NAMES = {
  name: "item_name",
  id: "item_id",
  brand: "item_brand",
  category: "item_category",
  variant: "item_variant",
  position: "index",
  list: "item_list_name",
} as const;

/** True the first time `key` is seen in this tab (a reload does not count an event twice). */
export function firstTime(key: string): boolean {
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, "1");
  } catch {
    // Storage off: count it.
  }
  return true;
}
