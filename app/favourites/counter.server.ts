import type { CounterSource } from "~/layout/layout.server";
import type { OwnerRef } from "~/server/session.server";
import { ownerFavouritesSql } from "./list.server";

/**
 * The counter shows 0..99 and "99+" above. Counted well past 100 so that an
 * optimistic −1 on a long list still shows "99+", not a passing "99".
 */
const COUNT_UP_TO = 1000;

/** The header's favourites counter: the account's or the guest key's rows; no query without a session. */
export function favouritesCounter(db: D1Database) {
  return (owner: OwnerRef | null): CounterSource => {
    if (owner === null) return 0;
    const mine = ownerFavouritesSql(owner);
    return db.prepare(`SELECT MIN(?3, (SELECT COUNT(*) FROM (${mine.sql}))) AS n`).bind(...mine.binds, COUNT_UP_TO);
  };
}
