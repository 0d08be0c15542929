/**
 * A query's side of the index's terms (./terms.server.ts): each word as its own terms and as
 * what it may also be (English, Russian typed in Latin letters, Uzbek Cyrillic typed on a
 * Russian keyboard), and the FTS5 MATCH expression of a query's words.
 */
import { stemmer as russianStem } from "@orama/stemmers/russian";
import { stemmer as ukrainianStem } from "@orama/stemmers/ukrainian";
import { ENGLISH_WORDS, RUSSIAN_IN_LATIN } from "./lexicon";
import { CYRILLIC, toLatin, unmix, uzbekStem, wordsOf, wordTerms } from "./terms.server";

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
