// Relative imports only (types aside): npm run bench times this in Node, with D1 answered from memory.
import type { Lang } from "~/i18n/languages";
import { matchExpression, otherLayouts, queryWords, wordTerms } from "./search-terms.server.ts";

export type Suggestion = { slug: string; name: string; brand: string };

/**
 * Products for a query still being typed (autocomplete): every word as the search reads
 * it, the last one also as the start of a word, ranked as the search ranks (name, then
 * category), the most popular first; the other keyboard layout when that finds nothing.
 * One statement (another per layout tried), no typo correction: it waits for the whole word.
 */
export async function suggestProducts(db: D1Database, lang: Lang, q: string, limit = 8): Promise<Suggestion[]> {
  for (const spelling of [q, ...otherLayouts(q)]) {
    const words = queryWords(spelling);
    if (!words.length) return [];
    const last = words[words.length - 1]!;
    // A two-letter last word is still a start ("kr"): its prefix too.
    if (!last.terms.some((t) => t.endsWith("*"))) last.terms.push(`${last.typed}*`, ...wordTerms(last.typed).map((t) => `${t}*`));
    const { results } = await db
      .prepare(
        `SELECT p.slug, t.name, b.name AS brand FROM products p
         JOIN brands b ON b.id = p.brand_id JOIN product_translations t ON t.product_id = p.id AND t.lang = ?
         WHERE p.id IN (SELECT rowid FROM product_search WHERE product_search MATCH ?)
         ORDER BY CASE WHEN p.id IN (SELECT rowid FROM product_search WHERE product_search MATCH ?) THEN 0 ELSE 1 END, p.popularity DESC, p.id
         LIMIT ?`,
      )
      .bind(lang, matchExpression(words), matchExpression(words, ["search_name"]), limit)
      .all<Suggestion>();
    if (results.length) return results;
  }
  return [];
}
