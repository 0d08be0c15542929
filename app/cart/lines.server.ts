/**
 * Cart lines: storage and its concurrency rules. Every quantity change is one
 * statement (or one batch), never read-modify-write.
 */
import { LIVE_GUEST_KEYS } from "~/server/session.server";
import { MAX_ADD } from "./schema";

export type AddResult = { ok: true; quantity: number } | { ok: false; reason: "unknownSku" | "outOfStock" | "notEnoughStock" | "badQuantity" };

/** A shopper's cart (one per account), or a guest's (one per guest key; made on the first call). */
export async function cartFor(db: D1Database, userId: number | null, guestKey: string | null = null): Promise<number> {
  if (userId === null) {
    const row = await db
      .prepare("INSERT INTO carts (guest_key) VALUES (?) ON CONFLICT(guest_key) DO UPDATE SET updated_at = unixepoch() RETURNING id")
      .bind(guestKey)
      .first<{ id: number }>();
    return row!.id;
  }
  const row = await db
    .prepare("INSERT INTO carts (user_id) VALUES (?) ON CONFLICT(user_id) DO UPDATE SET updated_at = unixepoch() RETURNING id")
    .bind(userId)
    .first<{ id: number }>();
  return row!.id;
}

/**
 * Adds `quantity` of a sku, never beyond its stock. One statement: the stock
 * check and the increment cannot be split by a parallel request, so 50
 * parallel adds with stock 3 leave exactly 3.
 *
 * `repeat`: an add of the same quantity within `windowMs` of the line's last one
 * is that add sent again (a double click on a form without JavaScript sends it
 * twice) and changes nothing; it answers as the first did. Decided in the same
 * statement, so two copies arriving together count once. Without `repeat` the
 * add's time is not recorded: no later add is taken for its copy.
 */
export async function addLine(
  db: D1Database,
  cartId: number,
  skuId: number,
  quantity: number,
  repeat: { now: number | null; windowMs: number } = { now: null, windowMs: 0 },
): Promise<AddResult> {
  return (await addLineReadingBack(db, cartId, skuId, quantity, repeat, [])).added;
}

/**
 * `addLine` with statements that read the cart back (its view) in the same batch: one round
 * trip. A batch is one transaction: they read the cart as the add left it, and a batch that
 * failed added nothing. `readBack`: their answers, null when the quantity was refused unsent.
 */
export async function addLineReadingBack(
  db: D1Database,
  cartId: number,
  skuId: number,
  quantity: number,
  repeat: { now: number | null; windowMs: number },
  readBack: D1PreparedStatement[],
): Promise<{ added: AddResult; readBack: D1Result[] | null }> {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_ADD) return { added: { ok: false, reason: "badQuantity" }, readBack: null };
  const same = "(?5 > 0 AND last_add_quantity = excluded.quantity AND last_add_ms > ?4 - ?5)";
  const [inserted, stock, ...rest] = await db.batch([
    db
      .prepare(
        `INSERT INTO cart_lines (cart_id, sku_id, quantity, last_add_ms, last_add_quantity)
         SELECT ?1, s.id, ?3, ?4, ?3 FROM skus s
           -- A line that exists goes on to the update, which checks the stock itself (a copy of an
           -- add answers as the add did, even if the stock fell in between).
           WHERE s.id = ?2 AND (s.stock >= ?3 OR EXISTS (SELECT 1 FROM cart_lines WHERE cart_id = ?1 AND sku_id = ?2))
         ON CONFLICT(cart_id, sku_id) DO UPDATE SET
           quantity = CASE WHEN ${same} THEN quantity ELSE quantity + excluded.quantity END,
           last_add_ms = CASE WHEN ${same} THEN last_add_ms ELSE excluded.last_add_ms END,
           last_add_quantity = excluded.quantity
           WHERE ${same} OR quantity + excluded.quantity <= (SELECT stock FROM skus WHERE id = excluded.sku_id)
         RETURNING quantity`,
      )
      .bind(cartId, skuId, quantity, repeat.now, repeat.windowMs),
    // Why an add that changed nothing was refused, read in the same batch.
    db.prepare("SELECT stock FROM skus WHERE id = ?").bind(skuId),
    ...readBack,
  ]);
  const row = inserted!.results[0] as { quantity: number } | undefined;
  const sku = stock!.results[0] as { stock: number } | undefined;
  const added: AddResult = row
    ? { ok: true, quantity: row.quantity }
    : !sku
      ? { ok: false, reason: "unknownSku" }
      : { ok: false, reason: sku.stock === 0 ? "outOfStock" : "notEnoughStock" };
  return { added, readBack: rest };
}

/** Removes one (or all) of a sku; the line disappears at zero. */
export async function removeLine(db: D1Database, cartId: number, skuId: number, all = false): Promise<boolean> {
  // Delete first (a line of 1, or all), then decrement what is left: one pass, in order.
  const [del, dec] = await db.batch([
    db.prepare("DELETE FROM cart_lines WHERE cart_id = ? AND sku_id = ? AND (quantity <= 1 OR ? = 1)").bind(cartId, skuId, all ? 1 : 0),
    db.prepare("UPDATE cart_lines SET quantity = quantity - 1 WHERE cart_id = ? AND sku_id = ? AND quantity > 1 AND ? = 0").bind(cartId, skuId, all ? 1 : 0),
  ]);
  return dec!.meta.changes + del!.meta.changes > 0;
}

/** Distinct items and total quantity (header counters, checkout limit). */
export async function cartCounts(db: D1Database, cartId: number): Promise<{ items: number; quantity: number }> {
  const row = await db
    .prepare("SELECT COUNT(*) AS items, COALESCE(SUM(quantity), 0) AS quantity FROM cart_lines WHERE cart_id = ?")
    .bind(cartId)
    .first<{ items: number; quantity: number }>();
  return row ?? { items: 0, quantity: 0 };
}

/**
 * Merges a guest cart into the shopper's at login: quantities add up, capped
 * by stock (an account line already above the stock left is not lowered);
 * the city and delivery type the guest chose come along; the guest cart is
 * then deleted. One batch, with `along`: statements of other features that
 * carry what hangs on the guest cart (the checkout's draft) to the shopper's,
 * run while the guest cart still exists.
 */
/** The guest's cart and the account's, as subqueries of a merge's statements (?1 the account, ?2 the guest's key). */
export const GUEST_CART = "(SELECT id FROM carts WHERE guest_key = ?2 AND user_id IS NULL)";
export const ACCOUNT_CART = "(SELECT id FROM carts WHERE user_id = ?1)";

/**
 * A guest's cart into the account's, for the sign-in's batch (`guestCartRemoval` goes last, after
 * what else reads the guest's cart): the account's cart made if the guest has one, the guest's
 * lines added to it (quantities summed, capped by stock, never lowering a line), its city and
 * delivery type taken.
 */
export function guestCartMerge(db: D1Database, userId: number, guestKey: string): D1PreparedStatement[] {
  return [
    db.prepare(`INSERT INTO carts (user_id) SELECT ?1 WHERE EXISTS ${GUEST_CART} ON CONFLICT(user_id) DO NOTHING`).bind(userId, guestKey),
    db
      .prepare(
        `INSERT INTO cart_lines (cart_id, sku_id, quantity)
         SELECT ${ACCOUNT_CART}, g.sku_id, MIN(g.quantity, s.stock) FROM cart_lines g JOIN skus s ON s.id = g.sku_id
         WHERE g.cart_id = ${GUEST_CART} AND s.stock > 0
         ON CONFLICT(cart_id, sku_id) DO UPDATE SET
           quantity = MAX(quantity, MIN(quantity + excluded.quantity, (SELECT stock FROM skus WHERE id = excluded.sku_id)))`,
      )
      .bind(userId, guestKey),
    db
      .prepare(
        `UPDATE carts SET city_id = g.city_id, delivery_type_id = g.delivery_type_id
         FROM (SELECT city_id, delivery_type_id FROM carts WHERE guest_key = ?2 AND user_id IS NULL AND city_id IS NOT NULL) AS g WHERE carts.user_id = ?1`,
      )
      .bind(userId, guestKey),
  ];
}

/** The guest's cart gone once merged (its lines and draft with it). */
export function guestCartRemoval(db: D1Database, guestKey: string): D1PreparedStatement {
  return db.prepare("DELETE FROM carts WHERE guest_key = ? AND user_id IS NULL").bind(guestKey);
}

/**
 * An order's lines leave the cart, with its promo code and bonuses, for the
 * order's batch: the cart empties only if the order is written.
 */
export function clearOrderedStatements(db: D1Database, cartId: number, skuIds: number[]): D1PreparedStatement[] {
  return [
    db.prepare("DELETE FROM cart_lines WHERE cart_id = ? AND sku_id IN (SELECT value FROM json_each(?))").bind(cartId, JSON.stringify(skuIds)),
    db.prepare("UPDATE carts SET promo_code = NULL, bonuses = 0, updated_at = unixepoch() WHERE id = ?").bind(cartId),
  ];
}

/**
 * Daily clean-up: guest carts untouched for a day whose key no live session
 * holds (ownership rests on random keys, so this only frees space). One batch.
 * Returns how many carts went.
 */
export async function purgeAbandonedCarts(db: D1Database, now: number): Promise<number> {
  const orphans = `SELECT id FROM carts WHERE user_id IS NULL AND updated_at < ?1 - 86400 AND (guest_key IS NULL OR guest_key NOT IN (${LIVE_GUEST_KEYS}))`;
  const [, carts] = await db.batch([
    db.prepare(`DELETE FROM cart_lines WHERE cart_id IN (${orphans})`).bind(now),
    db.prepare(`DELETE FROM carts WHERE id IN (${orphans})`).bind(now),
  ]);
  return carts!.meta.changes;
}
