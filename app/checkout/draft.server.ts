import { ACCOUNT_CART, GUEST_CART } from "~/cart/index.server";
import { firstRow } from "~/server/db.server";
import { PAYMENT_METHODS, type PaymentMethod } from "~/orders/index";

export type Draft = {
  name: string;
  phone: string;
  email: string;
  pointId: number | null;
  addressId: number | null;
  street: string;
  house: string;
  flat: string;
  postCode: string;
  paymentMethod: PaymentMethod | null;
  comment: string;
  idempotencyKey: string;
};

type DraftRow = Omit<Draft, "paymentMethod"> & { paymentMethod: string | null };

const isMethod = (m: string | null): m is PaymentMethod => PAYMENT_METHODS.includes(m as PaymentMethod);
const draftFromRow = (r: DraftRow): Draft => ({ ...r, paymentMethod: isMethod(r.paymentMethod) ? r.paymentMethod : null });

/** A fresh key for the place-order form of a draft. */
function newKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The cart's checkout draft, made on first sight (one statement: two tabs
 * opening the checkout at once make one draft).
 */
export async function getDraft(db: D1Database, cartId: number): Promise<Draft> {
  const [, row] = await db.batch([
    db.prepare("INSERT INTO checkout_drafts (cart_id, idempotency_key) VALUES (?, ?) ON CONFLICT DO NOTHING").bind(cartId, newKey()),
    draftReadStatement(db, { sql: "?", binds: [cartId] }),
  ]);
  return draftRead(row!)!;
}

/** The draft `draftReadStatement` read (null: none yet). */
export function draftRead(result: D1Result): Draft | null {
  return firstRow(result, draftFromRow);
}

/** SQL for a draft's column, the cart an SQL expression (`cartSql`): what the draft names, read in the same batch as the draft. */
export const draftColumnSql = (column: "point_id" | "address_id" | "idempotency_key", cart: string) =>
  `(SELECT ${column} FROM checkout_drafts WHERE cart_id = ${cart})`;

/** The draft as it is (none: null), the cart an SQL expression with its binds (`cartSql`): `draftOf` reads it. */
export function draftReadStatement(db: D1Database, cart: { sql: string; binds: unknown[] }): D1PreparedStatement {
  return db
    .prepare(
      `SELECT name, phone, email, point_id AS pointId, address_id AS addressId, street, house, flat, post_code AS postCode, payment_method AS paymentMethod, comment,
       idempotency_key AS idempotencyKey FROM checkout_drafts WHERE cart_id = ${cart.sql}`,
    )
    .bind(...cart.binds);
}

export async function saveContacts(db: D1Database, cartId: number, c: { name: string; phone: string; email?: string }): Promise<void> {
  await db
    .prepare(
      `INSERT INTO checkout_drafts (cart_id, idempotency_key, name, phone, email) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (cart_id) DO UPDATE SET name = ?3, phone = ?4, email = ?5, updated_at = unixepoch()`,
    )
    .bind(cartId, newKey(), c.name, c.phone, c.email ?? "")
    .run();
}

export async function saveAddress(
  db: D1Database,
  cartId: number,
  a: { pointId?: number; addressId?: number; street: string; house: string; flat: string; postCode: string },
): Promise<void> {
  // Upserts (as every step): a client may post a step before the checkout page made the draft.
  await db
    .prepare(
      `INSERT INTO checkout_drafts (cart_id, idempotency_key, point_id, address_id, street, house, flat, post_code) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
       ON CONFLICT (cart_id) DO UPDATE SET point_id = ?3, address_id = ?4, street = ?5, house = ?6, flat = ?7, post_code = ?8, updated_at = unixepoch()`,
    )
    .bind(cartId, newKey(), a.pointId ?? null, a.addressId ?? null, a.street, a.house, a.flat, a.postCode)
    .run();
}

export async function savePayment(db: D1Database, cartId: number, p: { paymentMethod: PaymentMethod; comment: string }): Promise<void> {
  await db
    .prepare(
      `INSERT INTO checkout_drafts (cart_id, idempotency_key, payment_method, comment) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (cart_id) DO UPDATE SET payment_method = ?3, comment = ?4, updated_at = unixepoch()`,
    )
    .bind(cartId, newKey(), p.paymentMethod, p.comment)
    .run();
}

/** After an order: the next checkout of this cart starts afresh, with a new key. */
/** The draft goes once its order is placed (in the order's batch). */
export function clearDraftStatement(db: D1Database, cartId: number): D1PreparedStatement {
  return db.prepare("DELETE FROM checkout_drafts WHERE cart_id = ?").bind(cartId);
}

/**
 * At sign-in, for the sign-in's batch (before the guest's cart goes): the guest's draft (contacts, point or
 * address, payment and comment) comes along to the account's cart; the guest's
 * newer choices win, the account's draft keeps its key.
 */
export function guestDraftMerge(db: D1Database, userId: number, guestKey: string): D1PreparedStatement[] {
  const statement = db
    .prepare(
      `INSERT INTO checkout_drafts (cart_id, idempotency_key, name, phone, email, point_id, street, house, flat, post_code, payment_method, comment)
       SELECT ${ACCOUNT_CART}, idempotency_key, name, phone, email, point_id, street, house, flat, post_code, payment_method, comment
       FROM checkout_drafts WHERE cart_id = ${GUEST_CART} AND ${ACCOUNT_CART} IS NOT NULL AND name <> ''
       ON CONFLICT (cart_id) DO UPDATE SET name = excluded.name, phone = excluded.phone, email = excluded.email, point_id = excluded.point_id,
         address_id = NULL, street = excluded.street, house = excluded.house, flat = excluded.flat, post_code = excluded.post_code,
         payment_method = excluded.payment_method, comment = excluded.comment, updated_at = unixepoch()`,
    )
    .bind(userId, guestKey);
  return [statement];
}

/** The draft as an order's fields (the city and type are the cart's), for placeOrder to check again. */
export function draftOrder(draft: Draft, cart: { cityId: number | null; deliveryTypeId: number | null }): Record<string, string> {
  return {
    name: draft.name,
    phone: draft.phone,
    email: draft.email,
    cityId: String(cart.cityId ?? ""),
    deliveryTypeId: String(cart.deliveryTypeId ?? ""),
    pointId: draft.pointId === null ? "" : String(draft.pointId),
    addressId: draft.addressId === null ? "" : String(draft.addressId),
    street: draft.street,
    house: draft.house,
    flat: draft.flat,
    postCode: draft.postCode,
    paymentMethod: draft.paymentMethod ?? "",
    comment: draft.comment,
    idempotencyKey: draft.idempotencyKey,
  };
}
