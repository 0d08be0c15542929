import type { CounterSource, ShopperSession } from "~/layout/layout.server";

/** Spec §9: the favourites counter shows at most 99. */
const MAX_SHOWN = 99;

/** The header's favourites counter: a signed-in shopper's from the table, a guest's from the session. */
export function favouritesCounter(db: D1Database) {
  return (session: ShopperSession): CounterSource => {
    const userId = session?.get("userId") ?? null;
    if (userId === null) return Math.min(MAX_SHOWN, session?.get("favourites")?.length ?? 0);
    return db.prepare("SELECT MIN(?2, COUNT(*)) AS n FROM favourites WHERE user_id = ?1").bind(userId, MAX_SHOWN);
  };
}
