import type { Category, ProductCard } from "~/catalogue/index";
import { CARD_COLUMNS, CARD_JOINS, type CardRow, cardFromRow, getCategories } from "~/catalogue/index.server";
import type { Lang } from "~/i18n/languages";
import { readQuery, type SearchLexicon, searchLexicon } from "./reading.server";
import { matchExpression, queryWords } from "./query-words.server";
import { toLatin, wordsOf, wordTerms } from "./terms.server";
import { otherLayouts } from "./typos.server";

/** What the search box suggests while a query is typed. */
export type Suggestions = {
  categories: { name: string; parent: string | null; path: string }[];
  brands: { name: string; slug: string }[];
  products: ProductCard[];
};

export const SUGGESTED = { categories: 4, brands: 3, products: 6 } as const;

/** A name's words as the box compares them: folded, Latin (Uzbek Cyrillic and Russian alike). */
const latinWords = (text: string) => wordsOf(text).map(toLatin);

/** Every typed word starts a word of the name ("kros" → "Krossovkalar", "ayol poy" → "Ayollar poyabzali"). */
function startsWords(name: string, typed: readonly string[]): boolean {
  const words = latinWords(name);
  return typed.every((t) => words.some((w) => w.startsWith(t)));
}

/**
 * How many matching products the box ranks: the newest this many. A word being typed ("ko",
 * "kros") matches thousands of a big catalogue's products, and ranking them all costs a read
 * per match on every keystroke; the box shows six, the search page all of them.
 */
export const SUGGEST_CANDIDATES = 1_000;

/**
 * The candidates (the index's newest matches: its rowids are the products' ids) are ranked by
 * their own columns, the name's matches first (among ids from the candidates' lowest, which the
 * index reads as a range), and only the chosen few get a card's joins, in the same order.
 */
const productsSql = (
  narrowed: string,
) => `WITH c(id) AS MATERIALIZED (SELECT rowid FROM product_search WHERE product_search MATCH ?1 ORDER BY rowid DESC LIMIT ${SUGGEST_CANDIDATES})
  SELECT ${CARD_COLUMNS}
  FROM (SELECT c.id, CASE WHEN c.id IN (SELECT rowid FROM product_search WHERE product_search MATCH ?2 AND rowid >= (SELECT MIN(id) FROM c)) THEN 0 ELSE 1 END AS r
    FROM c JOIN products q ON q.id = c.id WHERE ${narrowed} ORDER BY r, q.popularity DESC, q.id LIMIT ?3) pg
  JOIN products p ON p.id = pg.id ${CARD_JOINS.replace(/\?(?!\d)/, "?4")}
  ORDER BY pg.r, p.popularity DESC, p.id`;

/**
 * What the query named besides its words (`readQuery`: a department, colours), as a condition on
 * the candidates `q` (binds ?5 and ?6), so the box suggests what the search page lists.
 */
const NARROWED = `(?5 IS NULL OR q.id IN (SELECT product_id FROM category_products WHERE category_id = (SELECT id FROM categories WHERE path = ?5)))
  AND (?6 = '[]' OR q.color_id IN (SELECT id FROM colors WHERE slug IN (SELECT value FROM json_each(?6))))
  AND (?7 = '[]' OR q.brand_id IN (SELECT id FROM brands WHERE slug IN (SELECT value FROM json_each(?7))))
  AND (?8 = '[]' OR q.id IN (SELECT product_id FROM skus WHERE size IN (SELECT value FROM json_each(?8)) AND stock > 0))`;

/**
 * Products for a query still being typed (autocomplete): every word as the search reads
 * it, the last one also as the start of a word, ranked as the search ranks (name, then
 * category), the most popular first; the other keyboard layout when that finds nothing. Among
 * the newest `SUGGEST_CANDIDATES` matches. One statement (another per layout tried), no typo
 * correction: it waits for the whole word.
 */
export async function suggestProducts(db: D1Database, lang: Lang, q: string, limit = 8): Promise<ProductCard[]> {
  const lexicon = await searchLexicon(db, lang);
  for (const spelling of [q, ...otherLayouts(q)]) {
    const statement = productsStatement(db, lang, spelling, limit, lexicon);
    if (!statement) return [];
    const { results } = await statement.all<CardRow>();
    if (results.length) return results.map(cardFromRow);
  }
  return [];
}

function productsStatement(db: D1Database, lang: Lang, spelling: string, limit: number, lexicon: SearchLexicon): D1PreparedStatement | null {
  // A department or colour the query names narrows the suggestions, when words are left to find.
  const reading = readQuery(spelling, lexicon);
  const narrows =
    queryWords(reading.rest).length > 0 && (reading.dept !== null || reading.colors.length > 0 || reading.brands.length > 0 || reading.sizes.length > 0);
  const words = queryWords(narrows ? reading.rest : spelling);
  if (!words.length) return null;
  const last = words[words.length - 1]!;
  // A two-letter last word is still a start ("kr"): its prefix too.
  if (!last.terms.some((t) => t.endsWith("*"))) last.terms.push(`${last.typed}*`, ...wordTerms(last.typed).map((t) => `${t}*`));
  const inName = matchExpression(words, ["search_name"]);
  return db
    .prepare(productsSql(narrows ? NARROWED : "1"))
    .bind(
      matchExpression(words),
      inName,
      limit,
      lang,
      ...(narrows ? [reading.dept, JSON.stringify(reading.colors), JSON.stringify(reading.brands), JSON.stringify(reading.sizes)] : []),
    );
}

/**
 * The search box's suggestions: categories and brands whose names the typed words start
 * (in Latin or Cyrillic, apostrophes or not), and products as `suggestProducts` finds them;
 * the other keyboard layout when the query as typed finds nothing at all. One D1 round trip
 * per spelling tried (the products and the brands in a batch; the category tree is the
 * isolate's copy).
 */
export async function suggest(db: D1Database, lang: Lang, q: string): Promise<Suggestions> {
  const [categories, lexicon] = await Promise.all([getCategories(db, lang), searchLexicon(db, lang)]);
  for (const spelling of [q, ...otherLayouts(q)]) {
    const typed = latinWords(spelling).filter((w) => w.length >= 2);
    const products = productsStatement(db, lang, spelling, SUGGESTED.products, lexicon);
    if (!products || !typed.length) break;
    const [found, brands] = await db.batch<CardRow | { name: string; slug: string }>([products, db.prepare("SELECT name, slug FROM brands ORDER BY name")]);
    const out: Suggestions = {
      categories: matchingCategories(categories, typed),
      brands: (brands!.results as { name: string; slug: string }[]).filter((b) => startsWords(b.name, typed)).slice(0, SUGGESTED.brands),
      products: (found!.results as CardRow[]).map(cardFromRow),
    };
    if (out.categories.length || out.brands.length || out.products.length) return out;
  }
  return { categories: [], brands: [], products: [] };
}

/** Categories the words start, the broader first, each with its top category's name ("Sneakers — Women"). */
function matchingCategories(categories: Category[], typed: readonly string[]): Suggestions["categories"] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const top = (c: Category): Category => {
    let at = c;
    while (at.parentId !== null && byId.has(at.parentId)) at = byId.get(at.parentId)!;
    return at;
  };
  return categories
    .filter((c) => startsWords(c.name, typed))
    .slice(0, SUGGESTED.categories)
    .map((c) => ({ name: c.name, parent: c.depth > 0 ? top(c).name : null, path: c.path }));
}
