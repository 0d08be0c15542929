import { cleanListingSearch, type Listing } from "~/catalogue/index";
import { getListing, type ListingFilter, type ListingMatch } from "~/catalogue/index.server";
import type { Lang } from "~/i18n/languages";
import { readQuery, searchLexicon } from "./reading.server";
import { matchExpression, type QueryWord, queryWords } from "./query-words.server";
import { wordTerms } from "./terms.server";
import { firstLetterAlikes, otherLayouts, typoBudget, typoCost } from "./typos.server";

export type SearchResult = {
  listing: Listing;
  /** What was searched instead of the query, when the query as typed found nothing. */
  correctedTo: string | null;
  /**
   * The query as read (`readQuery`), when what it named narrowed the listing: the words left to
   * find, the colours and the department it applied as filters (the page shows them as its chips).
   */
  read: { q: string; color: string[]; brand: string[]; size: string[]; dept: string | null } | null;
  /** The department the listing is narrowed to (asked for, or read), and its name in the page's language. */
  dept: string | null;
  departmentName: string | null;
};

/** Words as the catalogue's listing matches them (`ListingMatch`); none without a word. */
function listingMatch(words: readonly QueryWord[]): ListingMatch | undefined {
  if (!words.length) return undefined;
  return {
    all: matchExpression(words),
    name: matchExpression(words, ["search_name"]),
    nameOrCategory: matchExpression(words, ["search_name", "search_category"]),
  };
}

/** A query's words as the catalogue's listing matches them (the JSON catalogue's `q`); none when it has no word to search. */
export function queryMatch(q: string): ListingMatch | undefined {
  return listingMatch(q ? queryWords(q) : []);
}

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
  const more = (asked: string[], read: string[]) => read.some((v) => !asked.includes(v));
  const narrowed =
    reading && ((reading.dept && !dept) || more(query.color, reading.colors) || more(query.brand, reading.brands) || more(query.size, reading.sizes))
      ? {
          ...asked,
          q: reading.rest,
          dept: dept ?? reading.dept,
          color: [...new Set([...query.color, ...reading.colors])],
          brand: [...new Set([...query.brand, ...reading.brands])],
          size: [...new Set([...query.size, ...reading.sizes])],
        }
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
    if (read && listing && listing.total > 0 && (read.dept !== dept || read.q !== query.q))
      return { listing, correctedTo: null, read: { q: read.q, color: read.color, brand: read.brand, size: read.size, dept: read.dept }, ...named(read.dept) };
  if (!asTyped) return null;
  const found = await correctedIfNothing(db, lang, asked, asTyped, pageSize);
  return { ...found, read: null, ...named(dept) };
}

/** The listing of a query as it is (its department as the category); null: no word to search and no filter to list by. */
async function listingOf(db: D1Database, lang: Lang, query: SearchQuery, pageSize?: number): Promise<Listing | null> {
  const f = { ...query, categoryPath: query.dept ?? undefined };
  const words = queryWords(query.q);
  if (words.length) return getListing(db, lang, { ...f, match: listingMatch(words) }, pageSize);
  // Nothing left to find but what the query named (a department, a colour, a brand, a size): the catalogue, narrowed.
  if (query.q.trim() === "" && (query.dept || query.color.length || query.brand.length || query.size.length)) return getListing(db, lang, f, pageSize);
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
    const found = await getListing(db, lang, { ...query, match: listingMatch(other) }, pageSize);
    if (found.total > 0) return { listing: found, correctedTo: spelling };
  }
  // Typos, in the query as typed, then (a typo on top of the wrong layout) as typed on the other one.
  for (const spelling of [query.q, ...otherLayouts(query.q)]) {
    const corrected = await correctTypos(db, queryWords(spelling));
    if (!corrected) continue;
    const found = await getListing(db, lang, { ...query, match: listingMatch(corrected.words) }, pageSize);
    if (found.total > 0) return { listing: found, correctedTo: corrected.spelling };
  }
  return { listing, correctedTo: null };
}

/**
 * Each word of 4+ letters whose own terms the index does not have, corrected to the index's
 * commonest term within its typos (`typoBudget`, `typoCost`: two in a long word, a sound-alike
 * letter as half of one). The vocabulary is read once, per first letter (and the letter that
 * sounds like it) within the lengths that could be near: one batch. A word is shown as its
 * correction, with the ending the shopper typed.
 */
async function correctTypos(db: D1Database, words: readonly QueryWord[]): Promise<{ words: QueryWord[]; spelling: string } | null> {
  // A word's own terms are corrected, not what it may also be (English, another script): those are few and exact.
  const own = words.map((w) => wordTerms(w.typed));
  const budget = words.map((w) => typoBudget([...w.typed].length));
  const fuzzy = own.map((terms, i) => (budget[i] ? terms.filter((t) => [...t].length >= 3) : []));
  if (!fuzzy.some((f) => f.length)) return null;
  // Per first letter: the shortest and longest term that could be near.
  const spans = new Map<string, { min: number; max: number }>();
  fuzzy.forEach((terms, i) => {
    for (const t of terms) {
      const n = [...t].length;
      const slack = Math.ceil(budget[i]!);
      for (const first of firstLetterAlikes([...t][0]!)) {
        const span = spans.get(first);
        spans.set(first, { min: Math.min(span?.min ?? n, n - slack), max: Math.max(span?.max ?? n, n + slack) });
      }
    }
  });
  const answers = await db.batch<{ term: string; doc: number }>([
    db.prepare("SELECT term, doc FROM product_search_vocab WHERE term IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(own.flat())),
    ...[...spans].map(([first, span]) =>
      db
        .prepare("SELECT term, doc FROM product_search_vocab WHERE term >= ?1 AND term < ?2 AND length(term) BETWEEN ?3 AND ?4")
        .bind(first, `${first}\u{10FFFF}`, span.min, span.max),
    ),
  ]);
  const known = new Set(answers[0]!.results.map((r) => r.term));
  const candidates = answers.slice(1).flatMap((a) => a.results);
  let changed = false;
  const out = words.map((w, i) => {
    if (own[i]!.some((t) => known.has(t)) || !fuzzy[i]!.length) return { word: w, shown: w.typed };
    let best: { term: string; from: string; doc: number; cost: number } | null = null;
    const terms = new Set(w.terms);
    for (const from of fuzzy[i]!) {
      for (const { term, doc } of candidates) {
        const cost = typoCost(from, term, budget[i]!);
        if (cost === Number.POSITIVE_INFINITY) continue;
        terms.add(term);
        if (!best || cost < best.cost || (cost === best.cost && doc > best.doc)) best = { term, from, doc, cost };
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

/** The same search with exactly what was typed (no other layout, no correction), from its first page. */
export function exactSearchUrl(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  params.set("exact", "1");
  params.delete("page");
  return url.pathname + cleanListingSearch(params);
}
