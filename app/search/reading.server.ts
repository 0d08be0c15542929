import { getCategories } from "~/catalogue/index.server";
import type { Lang } from "~/i18n/languages";
import { AUDIENCE_WORDS, JOINING_WORDS } from "./lexicon";
import { ownTermsOf } from "./query-words.server";
import { toLatin, wordsOf } from "./terms.server";
import { typoBudget, typoCost } from "./typos.server";

/** What search reads a query's words against: the catalogue's colours, brands, sizes and departments. */
export type SearchLexicon = {
  colours: readonly { slug: string; names: readonly string[] }[];
  brands: readonly { slug: string; name: string }[];
  /** Every size the catalogue has in stock somewhere ("42", "M"). */
  sizes: readonly string[];
  /** The top categories (women, men, kids), by slug, with their names in the page's language. */
  departments: ReadonlyMap<string, string>;
};

/**
 * What a query names besides the words to find: the department it is for ("женская",
 * "erkaklar uchun", "for girls": the kids'), its colours ("qizil", "белая", "чорна"), and the
 * words left to find (joining words such as "для", "uchun" dropped once something was read).
 */
export type QueryReading = { rest: string; dept: string | null; colors: string[]; brands: string[]; sizes: string[] };

type Catalogued = Pick<SearchLexicon, "colours" | "brands" | "sizes">;

/** The colours, brands and sizes change with the catalogue, not between requests: each isolate keeps them for a minute, as the category tree. */
const LEXICON_TTL_MS = 60_000;
let lexiconCache: { at: number; value: Catalogued } | null = null;

async function catalogued(db: D1Database): Promise<Catalogued> {
  if (lexiconCache && Date.now() - lexiconCache.at < LEXICON_TTL_MS) return lexiconCache.value;
  const [colourRows, brandRows, sizeRows] = await db.batch<Record<string, string>>([
    db.prepare("SELECT slug, name_uz, name_ru, name_uk FROM colors ORDER BY id"),
    db.prepare("SELECT slug, name FROM brands ORDER BY id"),
    // The sizes the listings count (kept per category): a few rows, not the skus.
    db.prepare("SELECT DISTINCT value AS size FROM category_facets WHERE facet = 'size'"),
  ]);
  const value: Catalogued = {
    // The slug is the colour's English name ("black", "navy").
    colours: colourRows!.results.map((r) => ({ slug: r.slug!, names: [r.name_uz!, r.name_ru!, r.name_uk!, r.slug!.replace(/-/g, " ")] })),
    brands: brandRows!.results.map((r) => ({ slug: r.slug!, name: r.name! })),
    sizes: sizeRows!.results.map((r) => r.size!),
  };
  lexiconCache = { at: Date.now(), value };
  return value;
}

/** The lexicon, read with the category tree (both the isolate's copies once read). */
export async function searchLexicon(db: D1Database, lang: Lang): Promise<SearchLexicon> {
  const [categories, read] = await Promise.all([getCategories(db, lang), catalogued(db)]);
  return { ...read, departments: new Map(categories.filter((c) => c.depth === 0).map((c) => [c.slug, c.name])) };
}

/** Each audience word's terms, and the department it names. */
const AUDIENCE = new Map<string, string>();
for (const [dept, words] of Object.entries(AUDIENCE_WORDS))
  for (const word of words) for (const w of wordsOf(word)) for (const t of ownTermsOf(w)) AUDIENCE.set(t, dept);
const JOINING = new Set(JOINING_WORDS.flatMap((w) => wordsOf(w)));

const shares = (a: readonly string[], b: ReadonlySet<string>) => a.some((t) => b.has(t));

type Prepared = { names: { slug: string; words: Set<string>[] }[]; brandNames: { slug: string; words: string[] }[] };
/** The lexicon's names as the reading compares them, made once per copy of the lexicon (each isolate's, for a minute). */
const preparedOf = new WeakMap<SearchLexicon["colours"], Prepared>();
function prepared(lexicon: SearchLexicon): Prepared {
  let p = preparedOf.get(lexicon.colours);
  if (!p) {
    p = {
      // Each colour name as its words' terms.
      names: longestFirst(lexicon.colours.flatMap((c) => c.names.map((name) => ({ slug: c.slug, words: wordsOf(name).map((w) => new Set(ownTermsOf(w))) })))),
      brandNames: longestFirst(lexicon.brands.map((b) => ({ slug: b.slug, words: wordsOf(b.name) }))),
    };
    preparedOf.set(lexicon.colours, p);
  }
  return p;
}

/** Names with words, the longest first ("to'q qizil" before "qizil", "chimgan outdoor" before a one-word brand). */
const longestFirst = <N extends { words: unknown[] }>(names: N[]): N[] =>
  names.filter((n) => n.words.length > 0).sort((a, b) => b.words.length - a.words.length);

/**
 * The names (`longestFirst`) whose every word matches the query's words from some unread word on
 * (`matches`: the query word at an index against a name's word); their words are marked read.
 */
function readNames<W>(count: number, used: boolean[], names: readonly { slug: string; words: W[] }[], matches: (at: number, word: W) => boolean): string[] {
  const found = new Set<string>();
  for (let i = 0; i < count; i++) {
    if (used[i]) continue;
    const name = names.find((n) => n.words.every((w, k) => i + k < count && !used[i + k] && matches(i + k, w)));
    if (!name) continue;
    found.add(name.slug);
    for (let k = 0; k < name.words.length; k++) used[i + k] = true;
  }
  return [...found];
}

/** Reads a query (see `QueryReading`); nothing read: the query's words as they are, no department, no colour. */
export function readQuery(q: string, lexicon: SearchLexicon): QueryReading {
  const words = wordsOf(q);
  const terms = words.map(ownTermsOf);
  const used = words.map(() => false);
  let dept: string | null = null;
  terms.forEach((t, i) => {
    const named = t.map((term) => AUDIENCE.get(term)).find((d) => d !== undefined);
    if (named && lexicon.departments.has(named) && (dept === null || dept === named)) {
      dept = named;
      used[i] = true;
    }
  });
  const { names, brandNames } = prepared(lexicon);
  const colors = readNames(words.length, used, names, (at, set) => shares(terms[at]!, set));
  // A brand by its whole name, in either alphabet, a typo allowed in a word of 5+ letters ("regstan", "регистан").
  const latin = words.map((w) => (/[\u0400-\u04ff]/.test(w) ? toLatin(w) : w));
  const near = (typed: string, name: string) => typed === name || (typoBudget([...typed].length) >= 1 && typoCost(typed, name, 1) <= 1);
  const brands = readNames(words.length, used, brandNames, (at, word) => near(latin[at]!, word));
  // A size the catalogue has, as typed ("42", "xl").
  const sizeOf = new Map(lexicon.sizes.map((s) => [s.toLowerCase(), s]));
  const sizes = new Set<string>();
  words.forEach((w, i) => {
    const size = used[i] ? undefined : sizeOf.get(w);
    if (size === undefined) return;
    sizes.add(size);
    used[i] = true;
  });
  const read = used.some(Boolean);
  const rest = words.filter((w, i) => !used[i] && !(read && JOINING.has(w)));
  return { rest: read ? rest.join(" ") : q, dept, colors, brands, sizes: [...sizes] };
}
