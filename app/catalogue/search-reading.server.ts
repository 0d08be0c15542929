import type { Lang } from "~/i18n/languages";
import { getCategories } from "./categories.server";
import { AUDIENCE_WORDS, JOINING_WORDS } from "./search-lexicon";
import { ownTermsOf, wordsOf } from "./search-terms.server";

/** What search reads a query's words against: the catalogue's colours and departments. */
export type SearchLexicon = {
  colours: readonly { slug: string; names: readonly string[] }[];
  /** The top categories (women, men, kids), by slug, with their names in the page's language. */
  departments: ReadonlyMap<string, string>;
};

/**
 * What a query names besides the words to find: the department it is for ("женская",
 * "erkaklar uchun", "for girls": the kids'), its colours ("qizil", "белая", "чорна"), and the
 * words left to find (joining words such as "для", "uchun" dropped once something was read).
 */
export type QueryReading = { rest: string; dept: string | null; colors: string[] };

/** The colours change with the catalogue, not between requests: each isolate keeps them for a minute, as the category tree. */
const COLOUR_TTL_MS = 60_000;
let colourCache: { at: number; value: SearchLexicon["colours"] } | null = null;

async function colours(db: D1Database): Promise<SearchLexicon["colours"]> {
  if (colourCache && Date.now() - colourCache.at < COLOUR_TTL_MS) return colourCache.value;
  const { results } = await db.prepare("SELECT slug, name_uz, name_ru, name_uk FROM colors ORDER BY id").all<Record<string, string>>();
  // The slug is the colour's English name ("black", "navy").
  const value = results.map((r) => ({ slug: r.slug!, names: [r.name_uz!, r.name_ru!, r.name_uk!, r.slug!.replace(/-/g, " ")] }));
  colourCache = { at: Date.now(), value };
  return value;
}

/** The lexicon, read with the category tree (both the isolate's copies once read). */
export async function searchLexicon(db: D1Database, lang: Lang): Promise<SearchLexicon> {
  const [categories, colourNames] = await Promise.all([getCategories(db, lang), colours(db)]);
  return { colours: colourNames, departments: new Map(categories.filter((c) => c.depth === 0).map((c) => [c.slug, c.name])) };
}

/** Each audience word's terms, and the department it names. */
const AUDIENCE = new Map<string, string>();
for (const [dept, words] of Object.entries(AUDIENCE_WORDS))
  for (const word of words) for (const w of wordsOf(word)) for (const t of ownTermsOf(w)) AUDIENCE.set(t, dept);
const JOINING = new Set(JOINING_WORDS.flatMap((w) => wordsOf(w)));

const shares = (a: readonly string[], b: ReadonlySet<string>) => a.some((t) => b.has(t));

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
  // Each colour name as its words' terms, the longest names first ("to'q qizil" before "qizil").
  const names = lexicon.colours
    .flatMap((c) => c.names.map((name) => ({ slug: c.slug, words: wordsOf(name).map((w) => new Set(ownTermsOf(w))) })))
    .filter((n) => n.words.length > 0)
    .sort((a, b) => b.words.length - a.words.length);
  const colors = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    if (used[i]) continue;
    const name = names.find((n) => n.words.every((set, k) => i + k < words.length && !used[i + k] && shares(terms[i + k]!, set)));
    if (!name) continue;
    colors.add(name.slug);
    for (let k = 0; k < name.words.length; k++) used[i + k] = true;
  }
  const read = used.some(Boolean);
  const rest = words.filter((w, i) => !used[i] && !(read && JOINING.has(w)));
  return { rest: read ? rest.join(" ") : q, dept, colors: [...colors] };
}
