import type { CounterSource, ShopperSession } from "~/layout/layout.server";

/** Spec §9: the counter shows 0..99 and "99+" above: counting past 100 tells nothing more. */
const COUNT_UP_TO = 100;

/** The header's favourites counter: a signed-in shopper's from the table, a guest's from the session. */
export function favouritesCounter(db: D1Database) {
  return (session: ShopperSession): CounterSource => {
    const userId = session?.get("userId") ?? null;
    if (userId === null) return Math.min(COUNT_UP_TO, session?.get("favourites")?.length ?? 0);
    return db.prepare("SELECT MIN(?2, COUNT(*)) AS n FROM favourites WHERE user_id = ?1").bind(userId, COUNT_UP_TO);
  };
}
