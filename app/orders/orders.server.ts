import { mapRows } from "~/server/db.server";

export type OrderLine = {
  skuId: number;
  productId: number;
  name: string;
  brand: string;
  color: string;
  size: string;
  quantity: number;
  firstPrice: number;
  salePrice: number;
};

export type Order = {
  id: number;
  number: string;
  status: "new" | "paid" | "handed" | "delivered" | "cancelled";
  createdAt: number;
  lang: string;
  contact: { name: string; phone: string; email: string | null };
  delivery: { cityId: number; deliveryTypeId: number; address: string; cost: number };
  payment: { method: "cash" | "card" | "online"; paid: boolean };
  comment: string;
  lines: OrderLine[];
  totals: {
    nominal: number;
    discount: number;
    couponsAmount: number;
    promoCode: string | null;
    clubCardDiscount: number;
    bonusesUsed: number;
    deliveryCost: number;
    total: number;
    currency: "UZS";
  };
};

type OrderRow = {
  id: number;
  number: string;
  status: Order["status"];
  createdAt: number;
  lang: string;
  name: string;
  phone: string;
  email: string | null;
  cityId: number;
  deliveryTypeId: number;
  address: string;
  comment: string;
  paymentMethod: Order["payment"]["method"];
  nominal: number;
  discount: number;
  couponsAmount: number;
  promoCode: string | null;
  clubDiscount: number;
  bonusesUsed: number;
  deliveryCost: number;
  total: number;
};

const ORDER_COLUMNS = `id, number, status, created_at AS createdAt, lang, name, phone, email, city_id AS cityId, delivery_type_id AS deliveryTypeId,
  address, comment, payment_method AS paymentMethod, nominal, discount, coupons_amount AS couponsAmount, promo_code AS promoCode,
  club_discount AS clubDiscount, bonuses_used AS bonusesUsed, delivery_cost AS deliveryCost, total`;
const LINE_COLUMNS = `sku_id AS skuId, product_id AS productId, name, brand, color, size, quantity, first_price AS firstPrice, sale_price AS salePrice`;

const orderFromRow = (r: OrderRow, lines: OrderLine[]): Order => ({
  id: r.id,
  number: r.number,
  status: r.status,
  createdAt: r.createdAt,
  lang: r.lang,
  contact: { name: r.name, phone: r.phone, email: r.email },
  delivery: { cityId: r.cityId, deliveryTypeId: r.deliveryTypeId, address: r.address, cost: r.deliveryCost },
  payment: { method: r.paymentMethod, paid: r.status === "paid" },
  comment: r.comment,
  lines,
  totals: {
    nominal: r.nominal,
    discount: r.discount,
    couponsAmount: r.couponsAmount,
    promoCode: r.promoCode,
    clubCardDiscount: r.clubDiscount,
    bonusesUsed: r.bonusesUsed,
    deliveryCost: r.deliveryCost,
    total: r.total,
    currency: "UZS",
  },
});

/** One order with its lines, found by a condition on `orders` (its binds follow). */
async function orderWhere(db: D1Database, where: string, ...binds: unknown[]): Promise<Order | null> {
  const [head, lines] = await db.batch([
    db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where}`).bind(...binds),
    db.prepare(`SELECT ${LINE_COLUMNS} FROM order_lines WHERE order_id = (SELECT id FROM orders WHERE ${where}) ORDER BY position`).bind(...binds),
  ]);
  const row = head!.results[0] as OrderRow | undefined;
  return row
    ? orderFromRow(
        row,
        mapRows(lines, (l: OrderLine) => l),
      )
    : null;
}

/** The order a cart placed with this idempotency key, if any. */
export function orderByKey(db: D1Database, cartId: number, key: string): Promise<Order | null> {
  return orderWhere(db, "cart_id = ? AND idempotency_key = ?", cartId, key);
}

/**
 * An order by its number, for its owner only: the account that placed it, or
 * (a guest) the session's cart it was placed from. Anyone else gets null.
 */
export function ownOrder(db: D1Database, number: string, owner: { userId: number | null; cartId: number | null }): Promise<Order | null> {
  return orderWhere(
    db,
    "number = ? AND ((user_id IS NOT NULL AND user_id = ?) OR (user_id IS NULL AND cart_id = ?))",
    number,
    owner.userId ?? -1,
    owner.cartId ?? -1,
  );
}

/** The order as the JSON API answers it (spec §7 `/api/orders`, `order/request`). */
export function orderJson(order: Order) {
  const { lines, ...rest } = order;
  return { ...rest, orderItems: lines };
}
