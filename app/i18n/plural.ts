import type { Lang } from "./languages";

export type PluralCategory = "one" | "few" | "many" | "other";

/**
 * ru/uk: singular when the number ends in 1 but not 11,
 * the second form when it ends in 2–4 but not 12–14, the third form otherwise.
 * Uzbek nouns do not change after a numeral ("5 ta mahsulot"): one form, "other".
 */
export function pluralCategory(lang: Lang, n: number): PluralCategory {
  if (lang === "uz") return "other";
  const abs = Math.abs(Math.trunc(n));
  const mod10 = abs % 10;
  const mod100 = abs % 100;
  if (mod10 === 1 && mod100 !== 11) return "one";
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return "few";
  return "many";
}
