import type { CounterSource } from "~/layout/layout.server";
import { type OwnerRef, ownerSql } from "~/server/session.server";

/**
 * The counter shows 0..99 and "99+" above. Counted well past 100 so that an
 * optimistic −1 on a long list still shows "99+", not a passing "99".
 */
const COUNT_UP_TO = 1000;

/** The header's favourites counter: the account's or the guest key's rows; no query without a session. */
export function favouritesCounter(db: D1Database) {
  return (owner: OwnerRef | null): CounterSource => {
    if (owner === null) return 0;
    const o = ownerSql(owner);
    return db
      .prepare(
        `SELECT MIN(?3, (SELECT COUNT(*) FROM favourites WHERE user_id = ${o.userId})
           + (SELECT COUNT(*) FROM guest_favourites WHERE guest_key = ${o.guestKey})) AS n`,
      )
      .bind(...o.binds, COUNT_UP_TO);
  };
}
