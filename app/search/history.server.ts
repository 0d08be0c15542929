import { LIVE_GUEST_KEYS } from "~/server/session.server";

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

/**
 * Remembers a search: a new entry, or the same query (in any letter case) moved to the top
 * with its latest spelling; past HISTORY_MAX the oldest go. One batch.
 */
export async function recordSearch(db: D1Database, owner: HistoryOwner, q: string, nowMs = Date.now()): Promise<void> {
  const key = ownerKey(owner);
  const query = historyQuery(q);
  if (!key || !query) return;
  await db.batch([
    db
      .prepare(
        `INSERT INTO search_history (owner, query, query_key, searched_ms) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (owner, query_key) DO UPDATE SET query = excluded.query, searched_ms = excluded.searched_ms`,
      )
      .bind(key, query, query.toLocaleLowerCase(), nowMs),
    trimStatement(db, key),
  ]);
}

function trimStatement(db: D1Database, key: string): D1PreparedStatement {
  return db
    .prepare(
      `DELETE FROM search_history WHERE owner = ?1 AND id NOT IN
         (SELECT id FROM search_history WHERE owner = ?1 ORDER BY searched_ms DESC, id DESC LIMIT ?2)`,
    )
    .bind(key, HISTORY_MAX);
}

/** The shopper's recent searches, newest first. */
export async function searchHistory(db: D1Database, owner: HistoryOwner): Promise<HistoryEntry[]> {
  const key = ownerKey(owner);
  if (!key) return [];
  const { results } = await db
    .prepare("SELECT id, query FROM search_history WHERE owner = ? ORDER BY searched_ms DESC, id DESC LIMIT ?")
    .bind(key, HISTORY_MAX)
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
    trimStatement(db, account),
  ];
}

/** Daily clean-up: guests' searches whose key no live session holds (the history is then nobody's). */
export async function purgeAbandonedGuestSearches(db: D1Database): Promise<void> {
  await db.prepare(`DELETE FROM search_history WHERE owner LIKE 'g:%' AND substr(owner, 3) NOT IN (${LIVE_GUEST_KEYS})`).run();
}
