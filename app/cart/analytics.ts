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

type DataLayerWindow = Window & { dataLayer?: unknown[] };

export function ecommerceItem(p: AnalyticsProduct) {
  return {
    item_id: String(p.id),
    item_name: p.name,
    price: p.price,
    item_brand: p.brand,
    item_category: p.category,
    item_variant: p.variant,
    quantity: p.quantity ?? 1,
    index: p.position ?? 0,
    ...(p.list ? { item_list_name: p.list } : {}),
    // Spec: a product whose price is 0 (hidden) is flagged not available.
    ...(p.price === 0 ? { not_available: true } : {}),
  };
}

export function pushEcommerce(event: "view_item" | "add_to_cart" | "remove_from_cart" | "view_cart", items: AnalyticsProduct[]) {
  if (typeof window === "undefined") return;
  const w = window as DataLayerWindow;
  w.dataLayer ??= [];
  const value = items.reduce((sum, p) => sum + p.price * (p.quantity ?? 1), 0);
  // GA4's advice: clear the previous ecommerce object first.
  w.dataLayer.push({ ecommerce: null });
  w.dataLayer.push({ event, ecommerce: { currency: "UZS", value, items: items.map(ecommerceItem) } });
}
