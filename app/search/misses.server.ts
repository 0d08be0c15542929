import type { Lang } from "~/i18n/languages";

/** Distinct queries kept per week (and language): a script sending random words fills no more than this. */
export const MISSES_PER_WEEK = 5_000;
/** Weeks of misses kept. */
export const MISS_WEEKS = 13;

/** A week as the misses name it: its Monday, in days since 1970 (1970-01-01 was a Thursday). */
export function weekOf(ms: number): number {
  const day = Math.floor(ms / 86_400_000);
  return day - ((day + 3) % 7);
}

const keyOf = (q: string) => q.trim().replace(/\s+/g, " ").toLocaleLowerCase().slice(0, 100);

/**
 * Counts a search that found nothing (`correctedTo` null) or was corrected: the query, the page's
 * language, what it was corrected to. One batch: the week's row counted, or made while the week
 * has fewer than MISSES_PER_WEEK of its language.
 */
export async function recordMiss(db: D1Database, lang: Lang, q: string, correctedTo: string | null, nowMs = Date.now()): Promise<void> {
  const key = keyOf(q);
  if (!key) return;
  const week = weekOf(nowMs);
  await db.batch([
    db
      .prepare("UPDATE search_misses SET count = count + 1, query = ?4, corrected_to = ?5 WHERE week = ?1 AND lang = ?2 AND query_key = ?3")
      .bind(week, lang, key, q.trim(), correctedTo),
    db
      .prepare(
        `INSERT INTO search_misses (week, lang, query_key, query, corrected_to, count)
         SELECT ?1, ?2, ?3, ?4, ?5, 1
         WHERE NOT EXISTS (SELECT 1 FROM search_misses WHERE week = ?1 AND lang = ?2 AND query_key = ?3)
           AND (SELECT COUNT(*) FROM search_misses WHERE week = ?1 AND lang = ?2) < ?6`,
      )
      .bind(week, lang, key, q.trim(), correctedTo, MISSES_PER_WEEK),
  ]);
}

export type Miss = { query: string; lang: Lang; count: number; correctedTo: string | null };

/** A week's misses, the commonest first (of one language, or all). */
export async function searchMisses(db: D1Database, week: number, lang: Lang | null, limit: number): Promise<Miss[]> {
  const { results } = await db
    .prepare(
      `SELECT query, lang, count, corrected_to AS correctedTo FROM search_misses
       WHERE week = ?1 AND (?2 IS NULL OR lang = ?2) ORDER BY count DESC, query_key LIMIT ?3`,
    )
    .bind(week, lang, limit)
    .all<Miss>();
  return results;
}

/** Daily clean-up: weeks older than MISS_WEEKS. */
export async function purgeOldMisses(db: D1Database, nowMs: number): Promise<void> {
  await db
    .prepare("DELETE FROM search_misses WHERE week < ?")
    .bind(weekOf(nowMs) - MISS_WEEKS * 7)
    .run();
}
