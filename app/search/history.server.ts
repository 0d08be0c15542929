import { LIVE_GUEST_KEYS, type OwnerRef, ownerSql } from "~/server/session.server";

/** How many recent searches a shopper keeps: the newest ten. */
export const HISTORY_MAX = 10;

/** Whose history: an account's, or a guest's by the session's random key; null when neither (nothing is kept). */
export type HistoryOwner = { userId: number | null; guestKey: string | null };
export type HistoryEntry = { id: number; query: string };

function ownerKey(owner: HistoryOwner): string | null {
  if (owner.userId !== null) return `u:${owner.userId}`;
  return owner.guestKey ? `g:${owner.guestKey}` : null;
}

/** A query as the history keeps it: trimmed, inner spaces collapsed; "" when there is no word. */
export function historyQuery(q: string): string {
  return q.trim().replace(/\s+/g, " ").slice(0, 100);
}

/** The history's owner column as SQL, with its binds as ?1 and ?2 (`ownerSql`): an account's "u:<id>", else a guest's "g:<key>" (as `ownerKey`). */
function ownerKeySql(owner: HistoryOwner | OwnerRef): { sql: string; binds: unknown[] } {
  const o = ownerSql(owner);
  // D1 binds a number as a REAL ("u:5.0"): the id is cast back.
  return { sql: `COALESCE('u:' || CAST(${o.userId} AS INTEGER), 'g:' || ${o.guestKey})`, binds: o.binds };
}

/**
 * Remembers a search: a new entry, or the same query (in any letter case) moved to the top
 * with its latest spelling; past HISTORY_MAX the oldest go. One batch. The owner as known, or
 * as a session names it (`OwnerRef`: the write goes out beside the session's own read); a
 * session that names no one keeps nothing.
 */
export async function recordSearch(db: D1Database, owner: HistoryOwner | OwnerRef, q: string, nowMs = Date.now()): Promise<void> {
  const query = historyQuery(q);
  if (!query || (!("sessionId" in owner) && ownerKey(owner) === null)) return;
  const key = ownerKeySql(owner);
  await db.batch([
    db
      .prepare(
        `INSERT INTO search_history (owner, query, query_key, searched_ms) SELECT ${key.sql}, ?3, ?4, ?5 WHERE ${key.sql} IS NOT NULL
         ON CONFLICT (owner, query_key) DO UPDATE SET query = excluded.query, searched_ms = excluded.searched_ms`,
      )
      .bind(...key.binds, query, query.toLocaleLowerCase(), nowMs),
    trimStatement(db, key),
  ]);
}

/** Past HISTORY_MAX the owner's oldest go (the owner as SQL with its binds, `ownerKeySql`). */
function trimStatement(db: D1Database, key: { sql: string; binds: unknown[] }): D1PreparedStatement {
  return db
    .prepare(
      `DELETE FROM search_history WHERE owner = ${key.sql} AND id NOT IN
         (SELECT id FROM search_history WHERE owner = ${key.sql} ORDER BY searched_ms DESC, id DESC LIMIT ?3)`,
    )
    .bind(...key.binds, HISTORY_MAX);
}

/**
 * The shopper's recent searches, newest first. The owner as known, or as a session names it
 * (`OwnerRef`: read with the session's own read); none without one.
 */
export async function searchHistory(db: D1Database, owner: HistoryOwner | OwnerRef | null): Promise<HistoryEntry[]> {
  if (owner === null || ("sessionId" in owner ? false : ownerKey(owner) === null)) return [];
  const key = ownerKeySql(owner);
  const { results } = await db
    .prepare(`SELECT id, query FROM search_history WHERE owner = ${key.sql} ORDER BY searched_ms DESC, id DESC LIMIT ?3`)
    .bind(...key.binds, HISTORY_MAX)
    .all<HistoryEntry>();
  return results;
}

/** Forgets one entry of the shopper's own (another's id changes nothing). Whether one went. */
export async function removeSearch(db: D1Database, owner: HistoryOwner, id: number): Promise<boolean> {
  const key = ownerKey(owner);
  if (!key) return false;
  const r = await db.prepare("DELETE FROM search_history WHERE id = ? AND owner = ?").bind(id, key).run();
  return r.meta.changes > 0;
}

/** Forgets all of the shopper's searches. How many went. */
export async function clearSearchHistory(db: D1Database, owner: HistoryOwner): Promise<number> {
  const key = ownerKey(owner);
  if (!key) return 0;
  const r = await db.prepare("DELETE FROM search_history WHERE owner = ?").bind(key).run();
  return r.meta.changes;
}

/**
 * At sign-in: a guest's searches join the account's (the newer spelling and time where both
 * searched the same), the oldest beyond HISTORY_MAX go: statements for the sign-in's batch.
 */
export function guestSearchesMerge(db: D1Database, userId: number, guestKey: string): D1PreparedStatement[] {
  const account = `u:${userId}`;
  return [
    db
      .prepare(
        `INSERT INTO search_history (owner, query, query_key, searched_ms)
         SELECT ?1, query, query_key, searched_ms FROM search_history WHERE owner = ?2 ORDER BY searched_ms
         ON CONFLICT (owner, query_key) DO UPDATE SET query = excluded.query, searched_ms = excluded.searched_ms
           WHERE excluded.searched_ms > search_history.searched_ms`,
      )
      .bind(account, `g:${guestKey}`),
    db.prepare("DELETE FROM search_history WHERE owner = ?").bind(`g:${guestKey}`),
    trimStatement(db, ownerKeySql({ userId, guestKey: null })),
  ];
}

/** Daily clean-up: guests' searches whose key no live session holds (the history is then nobody's). */
export async function purgeAbandonedGuestSearches(db: D1Database): Promise<void> {
  await db.prepare(`DELETE FROM search_history WHERE owner LIKE 'g:%' AND substr(owner, 3) NOT IN (${LIVE_GUEST_KEYS})`).run();
}
