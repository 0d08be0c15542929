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

/** Adds to a guest session's list (the caller commits the session). */
export function addGuestFavourite(session: Session<SessionData, FlashData>, productId: number): void {
  const ids = session.get("favourites") ?? [];
  if (!ids.includes(productId)) session.set("favourites", [...ids, productId].slice(-GUEST_FAVOURITES_MAX));
}

/** At login: a guest's favourites join the account's (existing products only). */
export async function mergeGuestFavourites(db: D1Database, userId: number, productIds: number[]): Promise<void> {
  const ids = productIds.filter((id) => Number.isSafeInteger(id) && id > 0).slice(0, GUEST_FAVOURITES_MAX);
  if (ids.length === 0) return;
  await db
    .prepare(
      `INSERT OR IGNORE INTO favourites (user_id, product_id)
       SELECT ?1, p.id FROM products p WHERE p.id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(userId, JSON.stringify(ids))
    .run();
}

export async function accountFavouriteIds(db: D1Database, userId: number): Promise<number[]> {
  const { results } = await db
    .prepare("SELECT product_id AS id FROM favourites WHERE user_id = ? ORDER BY created_at, product_id")
    .bind(userId)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}
