import type { Session } from "react-router";
import type { FlashData, SessionData } from "~/server/session.server";

export type Counters = { cart: number; favourites: number };

/**
 * Header counters from the cart and favourites themselves (a signed-in
 * shopper's are shared by every device): one query, only when the session
 * names a shopper or a cart. The favourites counter is clamped to 0..99 (spec §9).
 */
export async function headerCounters(db: D1Database, session: Session<SessionData, FlashData> | null): Promise<Counters> {
  const userId = session?.get("userId") ?? null;
  const guestCartId = userId === null ? (session?.get("cartId") ?? null) : null;
  let cart = 0;
  let favourites = session?.get("favourites")?.length ?? 0;
  if (userId !== null || guestCartId !== null) {
    const row = await db
      .prepare(
        `SELECT (SELECT COALESCE(SUM(quantity), 0) FROM cart_lines
                 WHERE cart_id IN (SELECT id FROM carts WHERE user_id = ?1 OR (id = ?2 AND user_id IS NULL))) AS cart,
                (SELECT COUNT(*) FROM favourites WHERE user_id = ?1) AS favourites`,
      )
      .bind(userId ?? 0, guestCartId ?? 0)
      .first<{ cart: number; favourites: number }>();
    cart = row?.cart ?? 0;
    if (userId !== null) favourites = row?.favourites ?? 0;
  }
  return { cart: Math.max(0, cart), favourites: Math.min(99, Math.max(0, favourites)) };
}
