/**
 * A query typed wrong: on the other keyboard layout, or with typos (how many typos apart two
 * terms are, and how many a word may hold).
 */
import { CYRILLIC, LATIN } from "./terms.server";

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
