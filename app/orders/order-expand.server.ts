import { additionalLabelOf } from "~/delivery/index.server";
import type { ShownOrder } from "./order-view.server";

/** What `expand=` of GET /api/orders adds to the bare order (docs/api.md). */
export const ORDER_EXPANDS = ["orderItems", "store", "user", "delivery", "payment"] as const;
export type OrderExpand = (typeof ORDER_EXPANDS)[number];

/**
 * An order as GET /api/orders answers it: the bare order (id, number, status, state, tracking, timeline, createdAt, lang,
 * comment, totals) and each part `expand` names: `orderItems` (its lines), `store` (the store or
 * post office it goes to, null for a courier), `user` (the contact it was placed with),
 * `delivery` (city, type, address, cost), `payment` (method and whether it is paid).
 */
export function expandedOrderJson(order: ShownOrder, expand: ReadonlySet<OrderExpand>) {
  const { lines, contact, delivery, payment, ...bare } = order;
  const point = delivery.point;
  const parts: Record<OrderExpand, () => unknown> = {
    orderItems: () => lines,
    store: () =>
      point
        ? {
            id: delivery.pointId,
            name: point.title,
            mall_name: point.label,
            additionalLabel: additionalLabelOf(point),
            address: point.address,
            phone: point.phone,
            schedule: point.schedule,
          }
        : null,
    user: () => contact,
    delivery: () => delivery,
    payment: () => payment,
  };
  const out: Record<string, unknown> = { ...bare };
  for (const name of ORDER_EXPANDS) if (expand.has(name)) out[name] = parts[name]();
  return out;
}
