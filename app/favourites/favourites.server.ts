/**
 * Favourites storage: a row per product and owner, an account's in `favourites`
 * (by user id), a guest's in `guest_favourites` (by their session's guest key).
 * Each write is one statement or one batch, so parallel adds from two tabs all stay.
 */
import { LIVE_GUEST_KEYS } from "~/server/session.server";

/** Most favourites a guest keeps (the counter shows at most 99); past it the oldest go. */
export const GUEST_FAVOURITES_MAX = 200;

/** Whose favourites: an account's, or a guest's (null: a guest with no key yet owns nothing). */
export type FavouritesOwner = { userId: number } | { guestKey: string | null };

/** The owner's table, its owner column and the owner's value, for statements that read or write either alike. */
export function ownerRows(owner: FavouritesOwner): { table: "favourites" | "guest_favourites"; column: "user_id" | "guest_key"; key: number | string } {
  return "userId" in owner
    ? { table: "favourites", column: "user_id", key: owner.userId }
    : { table: "guest_favourites", column: "guest_key", key: owner.guestKey ?? "" };
}

/**
 * Adds a favourite (with its size, if one was chosen): one batch keyed by (owner,
 * product), so parallel adds leave one row each; a guest's list is cut to its cap
 * (the oldest go) in the same batch. True when the product was not a favourite yet.
 */
export async function addFavourite(
  db: D1Database,
  owner: FavouritesOwner,
  productId: number,
  skuId: number | null,
  { nowMs = Date.now(), cap = GUEST_FAVOURITES_MAX } = {},
): Promise<boolean> {
  const { table, column, key } = ownerRows(owner);
  const insert =
    table === "favourites"
      ? db
          .prepare("INSERT INTO favourites (user_id, product_id, sku_id) VALUES (?, ?, ?) ON CONFLICT (user_id, product_id) DO NOTHING")
          .bind(key, productId, skuId)
      : db
          .prepare("INSERT INTO guest_favourites (guest_key, product_id, sku_id, added_ms) VALUES (?, ?, ?, ?) ON CONFLICT (guest_key, product_id) DO NOTHING")
          .bind(key, productId, skuId, nowMs);
  const statements = [
    insert,
    db.prepare(`UPDATE ${table} SET sku_id = ?3 WHERE ${column} = ?1 AND product_id = ?2 AND ?3 IS NOT NULL`).bind(key, productId, skuId),
  ];
  if (table === "guest_favourites") statements.push(keepNewest(db, key as string, cap));
  const [inserted] = await db.batch(statements);
  return inserted!.meta.changes > 0;
}

/**
 * A list kept on the device, sent at once (oldest first), joins the owner's: one INSERT
 * over the list (unknown products skipped, a size kept only if it is the product's), so
 * favourites already there keep their size and place; the list's entries become the newest.
 * A guest's list is then cut to its cap in the same batch. How many were new.
 */
export async function mergeFavourites(
  db: D1Database,
  owner: FavouritesOwner,
  items: readonly { productId: number; skuId: number | null }[],
  { nowMs = Date.now(), cap = GUEST_FAVOURITES_MAX } = {},
): Promise<number> {
  if (items.length === 0) return 0;
  const { table, column, key } = ownerRows(owner);
  // The list's entries are the newest, in its order: its n-th (0-based) is n steps after its first, which is
  // (length - 1) steps before now, or one step after the owner's newest if that is later (ms for a guest,
  // seconds for an account). The scalar subquery is not correlated: SQLite reads it once, before the inserts.
  const first =
    table === "favourites"
      ? "MAX(unixepoch() - ?4, COALESCE((SELECT MAX(created_at) FROM favourites WHERE user_id = ?1), 0) + 1)"
      : "MAX(?2 - ?4, COALESCE((SELECT MAX(added_ms) FROM guest_favourites WHERE guest_key = ?1), 0) + 1)";
  const list = db
    .prepare(
      `INSERT INTO ${table} (${column}, product_id, sku_id, ${table === "favourites" ? "created_at" : "added_ms"})
       SELECT ?1, p.id, (SELECT s.id FROM skus s WHERE s.id = j.sku AND s.product_id = p.id), ${first} + j.pos
       FROM (SELECT json_extract(value, '$[0]') AS product, json_extract(value, '$[1]') AS sku, key AS pos FROM json_each(?3)) j
       JOIN products p ON p.id = j.product
       WHERE true
       -- A product listed twice: its first place counts.
       ORDER BY j.pos
       ON CONFLICT (${column}, product_id) DO NOTHING`,
    )
    .bind(key, nowMs, JSON.stringify(items.map((i) => [i.productId, i.skuId])), items.length - 1);
  const statements = [list];
  if (table === "guest_favourites") statements.push(keepNewest(db, key as string, cap));
  const [inserted] = await db.batch(statements);
  return inserted!.meta.changes;
}

/** A guest's list cut to its newest `cap` (the oldest go). */
function keepNewest(db: D1Database, guestKey: string, cap: number): D1PreparedStatement {
  return db
    .prepare(
      `DELETE FROM guest_favourites WHERE guest_key = ?1 AND product_id NOT IN
         (SELECT product_id FROM guest_favourites WHERE guest_key = ?1 ORDER BY added_ms DESC, product_id DESC LIMIT ?2)`,
    )
    .bind(guestKey, cap);
}

export async function removeFavourite(db: D1Database, owner: FavouritesOwner, productId: number): Promise<boolean> {
  const { table, column, key } = ownerRows(owner);
  const r = await db.prepare(`DELETE FROM ${table} WHERE ${column} = ? AND product_id = ?`).bind(key, productId).run();
  return r.meta.changes > 0;
}

/**
 * Another size for a favourite, in one statement (the new sku is kept and the old
 * one gone at once): only a size of that product, only if it is a favourite.
 * False when nothing matched.
 */
export async function setFavouriteSize(db: D1Database, owner: FavouritesOwner, productId: number, skuId: number): Promise<boolean> {
  const { table, column, key } = ownerRows(owner);
  const r = await db
    .prepare(
      `UPDATE ${table} SET sku_id = ?3 WHERE ${column} = ?1 AND product_id = ?2
       AND EXISTS (SELECT 1 FROM skus WHERE id = ?3 AND product_id = ?2)`,
    )
    .bind(key, productId, skuId)
    .run();
  return r.meta.changes > 0;
}

/** The product and (if given) its size exist, and the size is the product's: what a favourite may name. */
export async function favouriteTarget(db: D1Database, productId: number, skuId: number | null): Promise<"ok" | "no_product" | "no_size"> {
  const row = await db
    .prepare("SELECT (SELECT 1 FROM products WHERE id = ?1) AS product, (SELECT 1 FROM skus WHERE id = ?2 AND product_id = ?1) AS size")
    .bind(productId, skuId ?? 0)
    .first<{ product: number | null; size: number | null }>();
  if (!row?.product) return "no_product";
  return skuId !== null && !row.size ? "no_size" : "ok";
}

/**
 * At sign-in: a guest's favourites join the account's, with the sizes the guest
 * chose and in the guest's order (a second apart, the newest now: an account's
 * times are in seconds); the account's own stay as they were. The guest's rows go
 * in the same batch (the sign-in's).
 */
export function guestFavouritesMerge(db: D1Database, userId: number, guestKey: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT OR IGNORE INTO favourites (user_id, product_id, sku_id, created_at)
         SELECT ?1, product_id, sku_id, unixepoch() + 1 - ROW_NUMBER() OVER (ORDER BY added_ms DESC, product_id DESC)
         FROM guest_favourites WHERE guest_key = ?2`,
      )
      .bind(userId, guestKey),
    db.prepare("DELETE FROM guest_favourites WHERE guest_key = ?").bind(guestKey),
  ];
}

/**
 * Daily clean-up: guests' favourites and followed brands untouched for a day
 * whose key no live session holds (ownership rests on random keys, so this only
 * frees space). One batch.
 */
export async function purgeAbandonedGuestFavourites(db: D1Database, now: number): Promise<void> {
  await db.batch([
    db.prepare(`DELETE FROM guest_favourites WHERE added_ms < (?1 - 86400) * 1000 AND guest_key NOT IN (${LIVE_GUEST_KEYS})`).bind(now),
    db.prepare(`DELETE FROM guest_favourite_brands WHERE added_ms < (?1 - 86400) * 1000 AND guest_key NOT IN (${LIVE_GUEST_KEYS})`).bind(now),
  ]);
}
