/**
 * The search index's terms: one function turns any text (a product's names, a shopper's
 * query) into the terms the FTS5 table `product_search` holds, so the seed, any later
 * writer of products and the search itself agree. Relative imports only: the seed runs
 * this file in Node.
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
import { ENGLISH_WORDS, RUSSIAN_IN_LATIN } from "./lexicon.ts";
import { foldForSearch } from "./fold.ts";

const CYRILLIC = /[\u0400-\u04ff]/;
const LATIN = /[a-z]/;
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
function unmix(word: string): string {
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

// ---------------------------------------------------------------------------
// The query side

/** A Latin word as Russian typed in Latin letters (bryuki → брюки), with y read as ы and as и. */
export function russianFromLatin(word: string): string[] {
  if (!/^[a-z]+$/.test(word)) return [];
  let out = "";
  for (let i = 0; i < word.length; ) {
    const rule = RUSSIAN_IN_LATIN.find(([latin]) => word.startsWith(latin, i))!;
    out += rule[1];
    i += rule[0].length;
  }
  // "-yy"/"-iy" is -ый/-ий; elsewhere "y" is ы, or и as many type it.
  out = out.replace(/ыы$/, "ый").replace(/иы$/, "ий");
  return [...new Set([out, out.replace(/ы(?!й$)/g, "и")])];
}

/** Uzbek Cyrillic typed on a Russian keyboard: к for қ, у for ў, х for ҳ (г for ғ reads the same), as the Latin stems they may be. */
export function uzbekKeyboardVariants(word: string): string[] {
  const at = [...word].flatMap((ch, i) => ("кух".includes(ch) ? [i] : [])).slice(0, 4);
  if (!at.length) return [];
  const out = new Set<string>();
  for (let mask = 1; mask < 1 << at.length; mask++) {
    const chars = [...word];
    at.forEach((i, bit) => {
      if (mask & (1 << bit)) chars[i] = { к: "қ", у: "ў", х: "ҳ" }[chars[i] as "к" | "у" | "х"];
    });
    out.add(uzbekStem(toLatin(chars.join(""))));
  }
  return [...out];
}

/**
 * Uzbek softens a final k or q to g (g') before a vowel's ending: ko'ylak → ko'ylagi, qalpoq →
 * qalpog'i. A stem cut to "…g" from a longer word may be "…k" or "…q".
 */
function softenedBack(stem: string, word: string): string[] {
  return stem.length >= 4 && stem !== word && /[aeiou]g$/.test(stem) ? [`${stem.slice(0, -1)}k`, `${stem.slice(0, -1)}q`] : [];
}

/**
 * What a word may also be, as index terms: an English word's shop words (hoodie → худи,
 * xudi), Russian typed in Latin letters (bryuki → брюки), Uzbek Cyrillic typed on a Russian
 * keyboard (кизил → qizil).
 */
function alsoTerms(word: string): string[] {
  const mutated = softenedBack(uzbekStem(CYRILLIC.test(word) ? toLatin(word) : word), word);
  if (CYRILLIC.test(word)) return [...uzbekKeyboardVariants(word), ...mutated];
  const english = ENGLISH_WORDS[word];
  const out = english ? wordsOf(english).flatMap(wordTerms) : [...mutated];
  for (const cyrillic of russianFromLatin(word)) out.push(russianStem(cyrillic), ukrainianStem(cyrillic));
  return out.filter((t) => t.length >= 2);
}

/**
 * A folded word's terms as its own: the index's, and for Uzbek Cyrillic typed on a Russian
 * keyboard the letters it may stand for. What names a colour or a department is compared by
 * these (not by an English or Latin-Russian reading: "qizil" read as Russian is not "qiz").
 */
export function ownTermsOf(word: string): string[] {
  const unmixed = unmix(word);
  return [...new Set([...wordTerms(unmixed), ...(CYRILLIC.test(unmixed) ? uzbekKeyboardVariants(unmixed) : [])])];
}

/** A folded word's terms as a query reads them (no prefixes): its own, and what it may also be. */
function searchTermsOf(word: string): string[] {
  const unmixed = unmix(word);
  return [...new Set([...wordTerms(unmixed), ...alsoTerms(unmixed)])];
}

/** One word of a query: the terms any of which it matches (a trailing "*" is a prefix). */
export type QueryWord = { typed: string; terms: string[] };

const MAX_WORDS = 6;

/**
 * A query's words and their terms: the index's terms of the word, plus a prefix of the
 * word itself (as typed and transliterated: "kross" still finds "krossovka", as the
 * substring search before it did) and, for a Russian or Ukrainian word, its stem without a
 * fleeting vowel (кроссовок → кроссовк, as кроссовки).
 */
export function queryWords(query: string): QueryWord[] {
  const out: QueryWord[] = [];
  const seen = new Set<string>();
  // "t-shirt" is one word.
  for (const typed of wordsOf(query.replace(/\bt[- ]?shirts?\b/gi, "tshirt"))) {
    if ([...typed].length < 2 || seen.has(typed)) continue;
    seen.add(typed);
    const word = unmix(typed);
    const terms = new Set(searchTermsOf(word));
    if (CYRILLIC.test(word)) {
      for (const t of [...terms]) {
        const fleeting = t.match(/^(.{3,})[оеёі]([^аеёиоуыэюяіїє])$/);
        if (fleeting) terms.add(fleeting[1]! + fleeting[2]!);
      }
    }
    if ([...word].length >= 3) {
      terms.add(`${word}*`);
      if (CYRILLIC.test(word)) terms.add(`${toLatin(word)}*`);
    }
    out.push({ typed, terms: [...terms] });
    if (out.length === MAX_WORDS) break;
  }
  return out;
}

function termExpr(term: string): string {
  return term.endsWith("*") ? `"${term.slice(0, -1)}"*` : `"${term}"`;
}

/** An FTS5 MATCH expression: every word, each by any of its terms; limited to columns when given. */
export function matchExpression(words: readonly QueryWord[], columns?: readonly string[]): string {
  const filter = columns ? `{${columns.join(" ")}} : ` : "";
  return words.map((w) => `${filter}(${w.terms.map(termExpr).join(" OR ")})`).join(" AND ");
}

// Wrong keyboard layout: the same keys on ЙЦУКЕН (Russian; Ukrainian differs in four keys) and QWERTY.
const QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const RUSSIAN = "йцукенгшщзхъфывапролджэячсмитьбюё";
const UKRAINIAN = "йцукенгшщзхїфівапролджєячсмитьбю'";

function mapKeys(text: string, from: string, to: string): string {
  return [...text].map((ch) => (from.includes(ch) ? to[from.indexOf(ch)]! : ch)).join("");
}

/**
 * The query as typed on the other layout: each Latin word as the keys under the same
 * fingers on the Russian layout (then the Ukrainian, where they differ), each Cyrillic word
 * as the Latin. Only the spellings that differ from the query.
 */
export function otherLayouts(query: string): string[] {
  const words = query.normalize("NFC").toLowerCase().split(/\s+/).filter(Boolean);
  const spell = (to: string) =>
    words
      .map((w) => {
        if (CYRILLIC.test(w)) return mapKeys(w, RUSSIAN + UKRAINIAN, QWERTY + QWERTY);
        return LATIN.test(w) ? mapKeys(w, QWERTY, to) : w;
      })
      .join(" ");
  const asTyped = words.join(" ");
  return [...new Set([spell(RUSSIAN), spell(UKRAINIAN)])].filter((s) => s !== asTyped);
}

/** Letters that sound alike (a devoiced ending, an unstressed vowel): mistaking one for the other costs half a typo. */
const SOUND_ALIKE: readonly string[] = ["бп", "дт", "зс", "вф", "гк", "жш", "ао", "еи", "иы", "еэ", "bp", "dt", "zs", "vf", "gk", "qk", "xh", "ou", "iy"];
const ALIKE = new Set(SOUND_ALIKE.flatMap(([a, b]) => [`${a}${b}`, `${b}${a}`]));

/** The letters a word's first letter may have been instead (itself, and the one that sounds alike). */
export function firstLetterAlikes(letter: string): string[] {
  return [letter, ...SOUND_ALIKE.filter((pair) => pair.includes(letter)).map((pair) => pair.replace(letter, ""))];
}

/**
 * How many typos apart two terms are: a letter left out, added, changed or two swapped cost 1;
 * a letter changed for one that sounds alike 0.5. Infinity when it is more than `max`.
 */
export function typoCost(a: string, b: string, max: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return Number.POSITIVE_INFINITY;
  // Optimal string alignment: the rows before and the one before it (for a swap).
  let before: number[] = [];
  let previous = y.map((_, j) => j + 1);
  previous.unshift(0);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= y.length; j++) {
      const same = x[i - 1] === y[j - 1];
      const change = same ? 0 : ALIKE.has(`${x[i - 1]}${y[j - 1]}`) ? 0.5 : 1;
      let cost = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + change);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) cost = Math.min(cost, before[j - 2]! + 1);
      row.push(cost);
      least = Math.min(least, cost);
    }
    if (least > max) return Number.POSITIVE_INFINITY;
    before = previous;
    previous = row;
  }
  const cost = previous[y.length]!;
  return cost <= max ? cost : Number.POSITIVE_INFINITY;
}

/** The typos a typed word of this many letters may hold: two from 8 letters, one from 5, a sound-alike from 4. */
export function typoBudget(letters: number): number {
  return letters >= 8 ? 2 : letters >= 5 ? 1 : letters >= 4 ? 0.5 : 0;
}
