/**
 * The search index's terms: one function turns any text (a product's names, a shopper's
 * query) into the terms the FTS5 table `product_search` holds, so the seed, any later
 * writer of products and the search itself agree (the query's side: ./query-words.server.ts).
 * Relative imports only: the seed runs this file in Node.
 *
 * A word becomes:
 * - Latin: its Uzbek stem (rules below);
 * - Cyrillic: its Russian and Ukrainian Snowball stems, and the Uzbek stem of its Latin
 *   transliteration (Uzbek written in Cyrillic finds the Latin names);
 * - mixed (a Latin word with a Cyrillic letter, or the reverse): first written in its
 *   main script.
 */
import { stemmer as russianStem } from "@orama/stemmers/russian";
import { stemmer as ukrainianStem } from "@orama/stemmers/ukrainian";
import { foldForSearch } from "./fold.ts";

/** A Cyrillic letter; a Latin one (folded: lower case). */
export const CYRILLIC = /[\u0400-\u04ff]/;
export const LATIN = /[a-z]/;
const VOWELS_LATIN = /[aeiou]$/;

/** Uzbek Cyrillic (and the Russian and Ukrainian letters) to Uzbek Latin, apostrophes folded away as the index does. */
const TO_LATIN: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  ғ: "g",
  д: "d",
  е: "e",
  ё: "yo",
  ж: "j",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  қ: "q",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ў: "o",
  ф: "f",
  х: "x",
  ҳ: "h",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sh",
  ъ: "",
  ы: "i",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  і: "i",
  ї: "yi",
  є: "ye",
  ґ: "g",
};

/** A Latin letter inside a Cyrillic word, as the Cyrillic letter it stands for. */
const TO_CYRILLIC: Record<string, string> = {
  a: "а",
  b: "б",
  c: "с",
  d: "д",
  e: "е",
  f: "ф",
  g: "г",
  h: "ҳ",
  i: "и",
  j: "ж",
  k: "к",
  l: "л",
  m: "м",
  n: "н",
  o: "о",
  p: "р",
  q: "қ",
  r: "р",
  s: "с",
  t: "т",
  u: "у",
  v: "в",
  x: "х",
  y: "у",
  z: "з",
};

/** Uzbek Latin of a Cyrillic word: е and ё after a vowel or at the start are "ye"/"yo" (енгил → yengil). */
export function toLatin(word: string): string {
  let out = "";
  for (let i = 0; i < word.length; i++) {
    const ch = word[i]!;
    if (ch === "е" && (i === 0 || VOWELS_LATIN.test(out))) out += "ye";
    else out += TO_LATIN[ch] ?? ch;
  }
  return out;
}

/** A word in one script: the letters of the other script are written in the word's main one. */
export function unmix(word: string): string {
  const hasCyr = CYRILLIC.test(word);
  if (!hasCyr || !LATIN.test(word)) return word;
  let cyr = 0;
  let lat = 0;
  for (const ch of word) {
    if (CYRILLIC.test(ch)) cyr++;
    else if (LATIN.test(ch)) lat++;
  }
  if (lat >= cyr) return [...word].map((ch) => (CYRILLIC.test(ch) ? (TO_LATIN[ch] ?? ch) : ch)).join("");
  return [...word].map((ch) => TO_CYRILLIC[ch] ?? ch).join("");
}

const CASE_ENDINGS = ["dagi", "ning", "dan", "da", "ga", "ni"] as const;

/**
 * A light Uzbek stemmer (Latin, apostrophes folded): at most one case ending (-dagi, -ning,
 * -dan, -da, -ga, -ni), then the possessive -lari or -si, then the plural -lar, then a
 * possessive -i after a consonant. Each cut keeps at least 3 letters (the -i cut: 4), so
 * index and query cut the same words the same way (kurtkalarni, kurtkalari → kurtka;
 * kiyimi → kiyim; tuflilar, tufli → tufl).
 */
export function uzbekStem(word: string): string {
  let w = word;
  for (const end of CASE_ENDINGS) {
    if (w.endsWith(end) && w.length - end.length >= 3) {
      w = w.slice(0, -end.length);
      break;
    }
  }
  if (w.endsWith("lari") && w.length >= 7) w = w.slice(0, -4);
  else if (w.endsWith("si") && w.length >= 5 && VOWELS_LATIN.test(w.slice(0, -2))) w = w.slice(0, -2);
  if (w.endsWith("lar") && w.length >= 6) w = w.slice(0, -3);
  if (w.endsWith("i") && w.length >= 5 && !VOWELS_LATIN.test(w.slice(0, -1))) w = w.slice(0, -1);
  return w;
}

/**
 * Folded words of a text: letters and digits, apostrophes already gone (o'zbek → ozbek), a
 * Latin letter's diacritics dropped (krossóvka → krossovka; й and ё are letters of their own).
 */
export function wordsOf(text: string): string[] {
  return foldForSearch(text)
    .normalize("NFD")
    .replace(/([a-z])\p{M}+/gu, "$1")
    .normalize("NFC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");
}

/** The index terms of one folded word. */
export function wordTerms(folded: string): string[] {
  const word = unmix(folded);
  if (!CYRILLIC.test(word)) return [uzbekStem(word)];
  const plain = word.replace(/ё/g, "е");
  return [...new Set([russianStem(plain), ukrainianStem(plain), uzbekStem(toLatin(word))])].filter((t) => t !== "");
}

/** A text's index terms, each once, separated by spaces (what the FTS5 columns hold). */
export function indexTerms(parts: readonly string[]): string {
  const out = new Set<string>();
  for (const part of parts) for (const w of wordsOf(part)) for (const t of wordTerms(w)) out.add(t);
  return [...out].join(" ");
}

/** What a product is found by, per column of the index: see workers/migrations/0020_search_index.sql. */
export type ProductSearchSource = {
  /** The product's names in every language, and its brand. */
  names: readonly string[];
  /** Its category chain's names in every language. */
  categories: readonly string[];
  /** Its colour's names and its descriptions in every language. */
  other: readonly string[];
};

export type ProductSearchColumns = { search_name: string; search_category: string; search_rest: string };

/**
 * The products table's search columns. Every writer of products calls this when a
 * product's names, brand, category or colour change and writes the three columns with the
 * row: the table's triggers keep the FTS5 index in step with them.
 */
export function productSearchColumns(source: ProductSearchSource, synonyms: readonly Synonym[] = []): ProductSearchColumns {
  const columns = { search_name: indexTerms(source.names), search_category: indexTerms(source.categories), search_rest: indexTerms(source.other) };
  const taught = synonymTerms(new Set(Object.values(columns).join(" ").split(" ")), synonyms);
  return taught ? { ...columns, search_rest: [...new Set([...columns.search_rest.split(" "), ...taught.split(" ")])].filter(Boolean).join(" ") } : columns;
}

/** A word operators taught search: it finds what `means` (a word, or words) finds. */
export type Synonym = { word: string; means: string };

/** The terms of `means` as a product's index must hold them all: each word by any of its terms. */
export function meaningTerms(means: string): string[][] {
  return wordsOf(means).map(wordTerms);
}

/** The taught words' terms for a product whose terms these are: those of every synonym whose meaning it has. */
function synonymTerms(productTerms: ReadonlySet<string>, synonyms: readonly Synonym[]): string {
  const out = new Set<string>();
  for (const s of synonyms) {
    const meaning = meaningTerms(s.means);
    if (meaning.length && meaning.every((terms) => terms.some((t) => productTerms.has(t)))) for (const t of indexTerms([s.word]).split(" ")) out.add(t);
  }
  return [...out].filter(Boolean).join(" ");
}
