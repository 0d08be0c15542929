import type { CounterSource, ShopperSession } from "~/layout/layout.server";

/**
 * Spec §9: the counter shows 0..99 and "99+" above. Counted well past 100 so that an
 * optimistic −1 on a long list still shows "99+", not a passing "99".
 */
const COUNT_UP_TO = 1000;

/** The header's favourites counter: a signed-in shopper's from the table, a guest's from the session. */
export function favouritesCounter(db: D1Database) {
  return (session: ShopperSession): CounterSource => {
    const userId = session?.get("userId") ?? null;
    if (userId === null) return Math.min(COUNT_UP_TO, session?.get("favourites")?.length ?? 0);
    return db.prepare("SELECT MIN(?2, COUNT(*)) AS n FROM favourites WHERE user_id = ?1").bind(userId, COUNT_UP_TO);
  };
}
