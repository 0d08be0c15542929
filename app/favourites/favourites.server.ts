import type { Session } from "react-router";
import type { FlashData, SessionData } from "~/server/session.server";

/**
 * Favourites storage: a signed-in shopper's in D1, a guest's in the session
 * (product ids). The favourites pages come with their own issue.
 */

/** Most favourites a guest session keeps (the counter shows at most 99). */
export const GUEST_FAVOURITES_MAX = 200;

export async function addAccountFavourite(db: D1Database, userId: number, productId: number, skuId: number | null): Promise<void> {
  await db
    .prepare("INSERT INTO favourites (user_id, product_id, sku_id) VALUES (?, ?, ?) ON CONFLICT(user_id, product_id) DO UPDATE SET sku_id = excluded.sku_id")
    .bind(userId, productId, skuId)
    .run();
}

/** Adds to a guest session's list, with its size if one was chosen (the caller commits the session); past the cap the oldest goes. */
export function addGuestFavourite(session: Session<SessionData, FlashData>, productId: number, skuId: number | null = null): void {
  const ids = session.get("favourites") ?? [];
  const kept = [...ids.filter((id) => id !== productId), productId].slice(-GUEST_FAVOURITES_MAX);
  if (!ids.includes(productId)) session.set("favourites", kept);
  const skus = Object.fromEntries(Object.entries(session.get("favouriteSkus") ?? {}).filter(([id]) => kept.includes(Number(id))));
  if (skuId !== null) skus[String(productId)] = skuId;
  session.set("favouriteSkus", skus);
}

export function removeGuestFavourite(session: Session<SessionData, FlashData>, productId: number): void {
  session.set(
    "favourites",
    (session.get("favourites") ?? []).filter((id) => id !== productId),
  );
  const skus = { ...(session.get("favouriteSkus") ?? {}) };
  delete skus[String(productId)];
  session.set("favouriteSkus", skus);
}

export async function removeAccountFavourite(db: D1Database, userId: number, productId: number): Promise<boolean> {
  const r = await db.prepare("DELETE FROM favourites WHERE user_id = ? AND product_id = ?").bind(userId, productId).run();
  return r.meta.changes > 0;
}

/**
 * Another size for an account's favourite, in one statement (the new sku is
 * kept and the old one gone at once): only a size of that product, only if it
 * is a favourite. False when nothing matched.
 */
export async function setAccountFavouriteSize(db: D1Database, userId: number, productId: number, skuId: number): Promise<boolean> {
  const r = await db
    .prepare(
      `UPDATE favourites SET sku_id = ?3 WHERE user_id = ?1 AND product_id = ?2
       AND EXISTS (SELECT 1 FROM skus WHERE id = ?3 AND product_id = ?2)`,
    )
    .bind(userId, productId, skuId)
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
 * At login: a guest's favourites join the account's (existing products only), with
 * the sizes the guest chose (a size of that product only) and in the guest's order
 * (a second apart, the newest now). The account's own stay as they were.
 */
export async function mergeGuestFavourites(db: D1Database, userId: number, productIds: number[], skus: Record<string, number> = {}): Promise<void> {
  const ids = productIds.filter((id) => Number.isSafeInteger(id) && id > 0).slice(-GUEST_FAVOURITES_MAX);
  if (ids.length === 0) return;
  await db
    .prepare(
      `INSERT OR IGNORE INTO favourites (user_id, product_id, sku_id, created_at)
       SELECT ?1, p.id,
         (SELECT s.id FROM skus s WHERE s.product_id = p.id AND s.id = json_extract(?3, '$."' || g.value || '"')),
         unixepoch() - (json_array_length(?2) - 1 - g.key)
       FROM json_each(?2) g JOIN products p ON p.id = g.value`,
    )
    .bind(userId, JSON.stringify(ids), JSON.stringify(skus))
    .run();
}

export async function accountFavouriteIds(db: D1Database, userId: number): Promise<number[]> {
  const { results } = await db
    .prepare("SELECT product_id AS id FROM favourites WHERE user_id = ? ORDER BY created_at, product_id")
    .bind(userId)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}
