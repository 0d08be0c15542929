import type { CounterSource, ShopperSession } from "~/layout/layout.server";
import { ownerRows } from "./favourites.server";

/**
 * The counter shows 0..99 and "99+" above. Counted well past 100 so that an
 * optimistic −1 on a long list still shows "99+", not a passing "99".
 */
const COUNT_UP_TO = 1000;

/** The header's favourites counter: the account's or the guest key's rows; no query for a session with neither. */
export function favouritesCounter(db: D1Database) {
  return (session: ShopperSession): CounterSource => {
    const userId = session?.get("userId") ?? null;
    const guestKey = session?.get("guestKey") ?? null;
    if (userId === null && guestKey === null) return 0;
    const { table, column, key } = ownerRows(userId !== null ? { userId } : { guestKey });
    return db.prepare(`SELECT MIN(?2, COUNT(*)) AS n FROM ${table} WHERE ${column} = ?1`).bind(key, COUNT_UP_TO);
  };
}
