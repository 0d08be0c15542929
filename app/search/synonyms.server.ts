import { addSearchTermsStatement } from "~/catalogue/index.server";
import type { Lang } from "~/i18n/languages";
import { matchExpression } from "./query-words.server";
import { indexTerms, meaningTerms, type Synonym } from "./terms.server";

export type StoredSynonym = Synonym & { id: number; lang: Lang; createdAt: number };

/** Every synonym operators taught, the newest first. */
export async function listSynonyms(db: D1Database): Promise<StoredSynonym[]> {
  const { results } = await db.prepare("SELECT id, word, means, lang, created_at AS createdAt FROM search_synonyms ORDER BY id DESC").all<StoredSynonym>();
  return results;
}

/** The synonyms as the index applies them (`productSearchColumns`). */
export async function synonymsForIndex(db: D1Database): Promise<Synonym[]> {
  const { results } = await db.prepare("SELECT word, means FROM search_synonyms").all<Synonym>();
  return results;
}

/**
 * Teaches search a word: stored once (the same word and meaning again changes nothing), and
 * applied at once to the products whose index has every word of its meaning: the word's terms join their `search_rest`, which the index's triggers follow. A
 * product written later gets it where the index is written (`refreshSearchTerms`, the seed's
 * and the import's columns). Answers whether it was new, and how many products it reached.
 */
export async function addSynonym(db: D1Database, s: Synonym & { lang: Lang }): Promise<{ created: boolean; products: number }> {
  const terms = indexTerms([s.word]);
  const meaning = meaningTerms(s.means);
  const match = matchExpression(meaning.map((t) => ({ typed: "", terms: t })));
  const inserted = await db
    .prepare("INSERT INTO search_synonyms (word, means, lang, created_at) VALUES (?1, ?2, ?3, unixepoch()) ON CONFLICT (word, means) DO NOTHING")
    .bind(s.word, s.means, s.lang)
    .run();
  // Only a new synonym is applied: taught twice, no product gets its terms twice.
  if (inserted.meta.changes === 0) return { created: false, products: 0 };
  const updated = await addSearchTermsStatement(db, terms, match).run();
  return { created: true, products: updated.meta.changes };
}
