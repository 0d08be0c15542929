/**
 * GA4-style ecommerce events on window.dataLayer (JavaScript only). No
 * analytics script is loaded by default: whoever installs a tag manager reads
 * these. Item fields follow spec §3 "Analytics product".
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

/** Pushes an event with its items (value: their price × quantity) to window.dataLayer. */
export function pushEcommerce(event: "view_item" | "add_to_cart" | "remove_from_cart" | "view_cart", items: EcommerceItem[]) {
  const layer = ((window as Window & { dataLayer?: unknown[] }).dataLayer ??= []);
  // GA4's advice: clear the previous ecommerce object first.
  layer.push({ ecommerce: null }, { event, ecommerce: { currency: "UZS", value: items.reduce((sum, i) => sum + i.price * i.quantity, 0), items } });
}
