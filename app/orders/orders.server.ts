import { mapRows } from "~/server/db.server";
import type { Provider } from "./providers.server";

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

/** A step of an order's timeline: placed, paid, the shop's steps, or cancelled. */
export type OrderEvent = { state: OrderState; at: number; tracking: string | null };

/** Where an order is, as the shopper reads it: its status, or the shop's latest step. */
export type OrderState = "placed" | "new" | "paid" | "handed" | "confirmed" | "packed" | "shipped" | "delivered" | "returned" | "cancelled";

export type Order = {
  id: number;
  number: string;
  status: "new" | "paid" | "handed" | "delivered" | "cancelled";
  /** The shop's latest step where there is one (`shipped`, `returned` …), else the status. */
  state: OrderState;
  /** The shipment's tracking number, once shipped. */
  tracking: string | null;
  timeline: OrderEvent[];
  createdAt: number;
  lang: string;
  contact: { name: string; phone: string; email: string | null };
  delivery: { cityId: number; deliveryTypeId: number; pointId: number | null; address: string; cost: number };
  /**
   * Online orders are paid when their provider says so (paidAt); cash and card are paid on delivery.
   * Money a paid online order took goes back when the shop cancels or takes it back (`refund`).
   */
  payment: { method: "cash" | "card" | "online"; provider: Provider | null; paid: boolean; paidAt: number | null; refund: Refund | null };
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

/** Money going back to the shopper: owed (pending), asked of the provider (requested), then refunded (`at`). */
export type Refund = { state: "pending" | "requested" | "refunded" | "failed"; amount: number; at: number | null };

type OrderRow = {
  id: number;
  number: string;
  status: Order["status"];
  state: OrderState;
  tracking: string | null;
  createdAt: number;
  lang: string;
  name: string;
  phone: string;
  email: string | null;
  cityId: number;
  deliveryTypeId: number;
  pointId: number | null;
  address: string;
  comment: string;
  paymentMethod: Order["payment"]["method"];
  paymentProvider: Provider | null;
  refund: string | null;
  nominal: number;
  discount: number;
  couponsAmount: number;
  promoCode: string | null;
  clubDiscount: number;
  bonusesUsed: number;
  deliveryCost: number;
  total: number;
  paidAt: number | null;
};

/** The shopper's reading of an order's state: a cancel of theirs (or the lapse) after the shop confirmed still reads cancelled. */
const STATE = "CASE WHEN status = 'cancelled' AND stage IS NOT 'returned' THEN 'cancelled' ELSE COALESCE(stage, status) END";

const ORDER_COLUMNS = `id, number, status, ${STATE} AS state, tracking, created_at AS createdAt, lang, name, phone, email, city_id AS cityId, delivery_type_id AS deliveryTypeId, point_id AS pointId,
  address, comment, payment_method AS paymentMethod, payment_provider AS paymentProvider,
  (SELECT json_object('state', state, 'amount', amount, 'at', refunded_at) FROM refunds WHERE order_id = orders.id ORDER BY id DESC LIMIT 1) AS refund, nominal, discount, coupons_amount AS couponsAmount, promo_code AS promoCode,
  club_discount AS clubDiscount, bonuses_used AS bonusesUsed, delivery_cost AS deliveryCost, total, paid_at AS paidAt`;
const LINE_COLUMNS = `sku_id AS skuId, product_id AS productId, name, brand, color, size, quantity, first_price AS firstPrice, sale_price AS salePrice`;

const EVENT_COLUMNS = "order_id AS orderId, state, at, tracking";

const orderFromRow = (r: OrderRow, lines: OrderLine[], timeline: OrderEvent[] = []): Order => ({
  id: r.id,
  number: r.number,
  status: r.status,
  state: r.state,
  tracking: r.tracking,
  timeline,
  createdAt: r.createdAt,
  lang: r.lang,
  contact: { name: r.name, phone: r.phone, email: r.email },
  delivery: { cityId: r.cityId, deliveryTypeId: r.deliveryTypeId, pointId: r.pointId, address: r.address, cost: r.deliveryCost },
  payment: {
    method: r.paymentMethod,
    provider: r.paymentProvider,
    paid: r.paidAt !== null,
    paidAt: r.paidAt,
    refund: r.refund ? (JSON.parse(r.refund) as Refund) : null,
  },
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
  return orderOf(await db.batch(orderWhereStatements(db, where, ...binds)));
}

/** The statements of `orderWhere`, for a caller's batch (`orderOf` reads their answers). */
function orderWhereStatements(db: D1Database, where: string, ...binds: unknown[]): D1PreparedStatement[] {
  return [
    db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where}`).bind(...binds),
    db.prepare(`SELECT ${LINE_COLUMNS} FROM order_lines WHERE order_id = (SELECT id FROM orders WHERE ${where}) ORDER BY position`).bind(...binds),
    db.prepare(`SELECT ${EVENT_COLUMNS} FROM order_history WHERE order_id = (SELECT id FROM orders WHERE ${where}) ORDER BY id`).bind(...binds),
  ];
}

/** The order from the answers to its three statements (`orderByKeyStatements`), in their order; null: none. */
export function orderOf(results: D1Result[]): Order | null {
  const [head, lines, events] = results as [D1Result, D1Result, D1Result];
  const row = head.results[0] as OrderRow | undefined;
  return row
    ? orderFromRow(
        row,
        mapRows(lines, (l: OrderLine) => l),
        mapRows(events, ({ orderId: _, ...e }: OrderEvent & { orderId: number }) => e),
      )
    : null;
}

/** Orders by id with their lines and timelines, in the order of `ids` (the operations API's feed). */
export async function ordersByIds(db: D1Database, ids: number[]): Promise<Order[]> {
  if (!ids.length) return [];
  const list = JSON.stringify(ids);
  const these = "SELECT value FROM json_each(?1)";
  const [heads, lines, events] = await db.batch([
    db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id IN (${these})`).bind(list),
    db.prepare(`SELECT order_id AS orderId, ${LINE_COLUMNS} FROM order_lines WHERE order_id IN (${these}) ORDER BY position`).bind(list),
    db.prepare(`SELECT ${EVENT_COLUMNS} FROM order_history WHERE order_id IN (${these}) ORDER BY id`).bind(list),
  ]);
  const linesOf = groupBy(mapRows(lines, (r: OrderLine & { orderId: number }) => r));
  const eventsOf = groupBy(mapRows(events, (r: OrderEvent & { orderId: number }) => r));
  const byId = new Map(mapRows(heads, (r: OrderRow) => [r.id, orderFromRow(r, linesOf.get(r.id) ?? [], eventsOf.get(r.id) ?? [])] as const));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Rows carrying their order's id, grouped by it (the id left out), in the rows' order. */
function groupBy<R extends { orderId: number }>(rows: R[]): Map<number, Omit<R, "orderId">[]> {
  const out = new Map<number, Omit<R, "orderId">[]>();
  for (const { orderId, ...rest } of rows) out.set(orderId, [...(out.get(orderId) ?? []), rest]);
  return out;
}

/**
 * `orderByKey`'s three statements, for a caller's batch (a placement's reads, its write's
 * read-back): `orderOf` reads them. The cart as an SQL expression with its binds (`cartSql`:
 * ?1 and ?2), and the key, or an SQL expression for it.
 */
export function orderByKeyStatements(db: D1Database, cart: { sql: string; binds: unknown[] }, key: string | { sql: string }): D1PreparedStatement[] {
  return typeof key === "string"
    ? orderWhereStatements(db, `cart_id = ${cart.sql} AND idempotency_key = ?3`, ...cart.binds, key)
    : orderWhereStatements(db, `cart_id = ${cart.sql} AND idempotency_key = ${key.sql}`, ...cart.binds);
}

/** The order a cart placed with this idempotency key, if any. */
export function orderByKey(db: D1Database, cartId: number, key: string): Promise<Order | null> {
  return orderWhere(db, "cart_id = ? AND idempotency_key = ?", cartId, key);
}

/**
 * An order by its number, for its owner only: the account that placed it (or
 * that the guest who placed it signed in to), or the guest session holding the
 * key it was placed with. Anyone else gets null.
 */
export function ownOrder(db: D1Database, number: string, owner: { userId: number | null; guestKey: string | null }): Promise<Order | null> {
  return orderWhere(
    db,
    "number = ? AND ((user_id IS NOT NULL AND user_id = ?) OR (user_id IS NULL AND guest_key IS NOT NULL AND guest_key = ?))",
    number,
    owner.userId ?? -1,
    owner.guestKey ?? "",
  );
}

/** The order as the JSON API answers it (`/api/orders`, `order/request`: docs/api.md). */
export function orderJson<O extends Order>(order: O) {
  const { lines, ...rest } = order;
  return { ...rest, orderItems: lines };
}

/** A signed-in shopper's orders, newest first, one page of them (with their lines). */
export async function ordersOf(db: D1Database, userId: number, page: number, perPage: number): Promise<{ items: Order[]; total: number }> {
  const thisPage = "SELECT id FROM orders WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?";
  const [count, heads, lines, events] = await db.batch([
    db.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ?").bind(userId),
    db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`).bind(userId, perPage, (page - 1) * perPage),
    db
      .prepare(`SELECT order_id AS orderId, ${LINE_COLUMNS} FROM order_lines WHERE order_id IN (${thisPage}) ORDER BY position`)
      .bind(userId, perPage, (page - 1) * perPage),
    db.prepare(`SELECT ${EVENT_COLUMNS} FROM order_history WHERE order_id IN (${thisPage}) ORDER BY id`).bind(userId, perPage, (page - 1) * perPage),
  ]);
  const byOrder = groupBy(mapRows(lines, (r: OrderLine & { orderId: number }) => r));
  const timelines = groupBy(mapRows(events, (r: OrderEvent & { orderId: number }) => r));
  return {
    items: mapRows(heads, (r: OrderRow) => orderFromRow(r, byOrder.get(r.id) ?? [], timelines.get(r.id) ?? [])),
    total: (count!.results[0] as { n: number }).n,
  };
}

/** An order as the club card page lists it: what the card saved and what bonuses paid. */
export type ClubOrder = { number: string; status: string; createdAt: number; clubDiscount: number; bonusesUsed: number };

/** An account's orders where the club card counted (a club discount or bonuses spent), newest first. */
export async function clubOrdersOf(db: D1Database, userId: number, limit = 50): Promise<ClubOrder[]> {
  const { results } = await db
    .prepare(
      `SELECT number, status, created_at AS createdAt, club_discount AS clubDiscount, bonuses_used AS bonusesUsed FROM orders
       WHERE user_id = ? AND (club_discount > 0 OR bonuses_used > 0) ORDER BY id DESC LIMIT ?`,
    )
    .bind(userId, limit)
    .all<ClubOrder>();
  return results;
}

/** At sign-in: the guest's orders become the account's (its history and order pages). */
export function guestOrdersClaim(db: D1Database, userId: number, guestKey: string): D1PreparedStatement[] {
  return [db.prepare("UPDATE orders SET user_id = ? WHERE guest_key = ? AND user_id IS NULL").bind(userId, guestKey)];
}

/** A signed-in shopper's own order by id (the JSON API's way to name it). */
export function ownOrderById(db: D1Database, id: number, userId: number): Promise<Order | null> {
  return orderWhere(db, "id = ? AND user_id = ?", id, userId);
}
