import type { Lang } from "~/i18n/languages";
import { getListing, type ListingFilter } from "./listing.server";
import { readQuery, searchLexicon } from "./search-reading.server";
import { oneEditAway, otherLayouts, type QueryWord, queryWords, wordTerms } from "./search-terms.server";
import type { Listing } from "./types";

/** Words shorter than this are never corrected: one edit makes too many other words of them. */
const TYPO_MIN_LETTERS = 5;
/** D1 refuses GLOB/LIKE patterns over 50 bytes: a term of 24 Cyrillic letters and its "?" fit. */
const TYPO_MAX_BYTES = 48;

export type SearchResult = {
  listing: Listing;
  /** What was searched instead of the query, when the query as typed found nothing. */
  correctedTo: string | null;
  /**
   * The query as read (`readQuery`), when what it named narrowed the listing: the words left to
   * find, the colours and the department it applied as filters (the page shows them as its chips).
   */
  read: { q: string; color: string[]; dept: string | null } | null;
  /** The department the listing is narrowed to (asked for, or read), and its name in the page's language. */
  dept: string | null;
  departmentName: string | null;
};

/** A search's query: the catalogue's, with a department (a top category's slug) to narrow to. */
export type SearchQuery = ListingFilter & { dept?: string | null };

/**
 * The search page's listing. The query read first (`readQuery`): a department or colour it
 * names narrows the listing to it, and the words left are searched there; when that finds
 * nothing, the query is searched as it is, never narrowed to nothing. Both go to D1 together.
 * Then the query as typed (its words in every script, stemmed for the three languages); when
 * that finds nothing and the shopper did not ask for exactly what they typed, the query as
 * typed on the other keyboard layout, then each word of 5+ letters corrected by one edit to
 * the index's vocabulary. Null: the query has no searchable word and names no filter.
 */
export async function searchProducts(db: D1Database, lang: Lang, query: SearchQuery, pageSize?: number): Promise<SearchResult | null> {
  const lexicon = await searchLexicon(db, lang);
  const dept = query.dept && lexicon.departments.has(query.dept) ? query.dept : null;
  const asked = { ...query, dept };
  const reading = query.exact ? null : readQuery(query.q, lexicon);
  const narrowed =
    reading && ((reading.dept && !dept) || reading.colors.some((c) => !query.color.includes(c)))
      ? { ...asked, q: reading.rest, dept: dept ?? reading.dept, color: [...new Set([...query.color, ...reading.colors])] }
      : null;
  // A department it names that has nothing of the kind: the words left in every department, rather than nothing.
  const anyDepartment = narrowed && narrowed.dept !== dept ? { ...narrowed, dept } : null;
  const [narrowedFound, anywhere, asTyped] = await Promise.all([
    narrowed ? listingOf(db, lang, narrowed, pageSize) : null,
    anyDepartment ? listingOf(db, lang, anyDepartment, pageSize) : null,
    listingOf(db, lang, asked, pageSize),
  ]);
  const named = (slug: string | null) => ({ dept: slug, departmentName: slug ? (lexicon.departments.get(slug) ?? null) : null });
  for (const [read, listing] of [
    [narrowed, narrowedFound],
    [anyDepartment, anywhere],
  ] as const)
    if (read && listing && listing.total > 0 && (read.dept !== dept || read.color.length > query.color.length || read.q !== query.q))
      return { listing, correctedTo: null, read: { q: read.q, color: read.color, dept: read.dept }, ...named(read.dept) };
  if (!asTyped) return null;
  const found = await correctedIfNothing(db, lang, asked, asTyped, pageSize);
  return { ...found, read: null, ...named(dept) };
}

/** The listing of a query as it is (its department as the category); null: no word to search and no filter to list by. */
async function listingOf(db: D1Database, lang: Lang, query: SearchQuery, pageSize?: number): Promise<Listing | null> {
  const f = { ...query, categoryPath: query.dept ?? undefined };
  const words = queryWords(query.q);
  if (words.length) return getListing(db, lang, { ...f, words }, pageSize);
  // Nothing left to find but what the query named (a colour, a department): the catalogue, narrowed.
  if (query.q.trim() === "" && (query.dept || query.color.length)) return getListing(db, lang, f, pageSize);
  return null;
}

/** The query as typed on the other keyboard layout, then with its typos corrected, when as typed it found nothing. */
async function correctedIfNothing(
  db: D1Database,
  lang: Lang,
  query: SearchQuery,
  listing: Listing,
  pageSize?: number,
): Promise<Pick<SearchResult, "listing" | "correctedTo">> {
  const words = queryWords(query.q);
  if (listing.total > 0 || query.exact || !words.length) return { listing, correctedTo: null };
  query = { ...query, categoryPath: query.dept ?? undefined };
  for (const spelling of otherLayouts(query.q)) {
    const other = queryWords(spelling);
    if (!other.length) continue;
    const found = await getListing(db, lang, { ...query, words: other }, pageSize);
    if (found.total > 0) return { listing: found, correctedTo: spelling };
  }
  const corrected = await correctTypos(db, words);
  if (corrected) {
    const found = await getListing(db, lang, { ...query, words: corrected.words }, pageSize);
    if (found.total > 0) return { listing: found, correctedTo: corrected.spelling };
  }
  return { listing, correctedTo: null };
}

const utf8 = new TextEncoder();

/**
 * Each word's terms one edit from a term of the index's vocabulary, in one query. A word
 * with a term the vocabulary has is kept as it is; another gets its neighbours as terms
 * too, and is shown as its commonest neighbour (with the ending the shopper typed).
 */
async function correctTypos(db: D1Database, words: readonly QueryWord[]): Promise<{ words: QueryWord[]; spelling: string } | null> {
  // A word's own terms are corrected, not what it may also be (English, another script): those are few and exact.
  const own = words.map((w) => wordTerms(w.typed));
  const fuzzy = own.map((terms, i) =>
    [...words[i]!.typed].length < TYPO_MIN_LETTERS ? [] : terms.filter((t) => [...t].length >= 3 && utf8.encode(t).length <= TYPO_MAX_BYTES),
  );
  if (!fuzzy.some((f) => f.length)) return null;
  const exact = new Set(own.flat());
  const patterns = new Set<string>();
  for (const term of fuzzy.flat()) {
    const near = oneEditAway(term);
    for (const e of near.exact) exact.add(e);
    for (const p of near.patterns) patterns.add(p);
  }
  const { results } = await db
    .prepare(
      `SELECT term, doc FROM product_search_vocab
       WHERE term IN (SELECT value FROM json_each(?1)) OR EXISTS (SELECT 1 FROM json_each(?2) WHERE term GLOB value)`,
    )
    .bind(JSON.stringify([...exact]), JSON.stringify([...patterns]))
    .all<{ term: string; doc: number }>();
  const docs = new Map(results.map((r) => [r.term, r.doc]));
  let changed = false;
  const out = words.map((w, i) => {
    if (own[i]!.some((t) => docs.has(t)) || !fuzzy[i]!.length) return { word: w, shown: w.typed };
    let best: { term: string; from: string; doc: number } | null = null;
    const terms = new Set(w.terms);
    for (const from of fuzzy[i]!) {
      const near = oneEditAway(from);
      const globs = near.patterns.map((p) => new RegExp(`^${p.replace(/\?/g, ".")}$`, "u"));
      for (const [term, doc] of docs) {
        if (!near.exact.includes(term) && !globs.some((g) => g.test(term))) continue;
        terms.add(term);
        if (!best || doc > best.doc) best = { term, from, doc };
      }
    }
    if (!best) return { word: w, shown: w.typed };
    changed = true;
    // The typed word's ending after the term it was cut to ("кросовки" → "кросовк" + "и"), when the term is its start.
    const shown = w.typed.startsWith(best.from) ? best.term + w.typed.slice(best.from.length) : best.term;
    return { word: { typed: shown, terms: [...terms] }, shown };
  });
  if (!changed) return null;
  return { words: out.map((o) => o.word), spelling: out.map((o) => o.shown).join(" ") };
}
