import type { Lang } from "~/i18n/languages";

/** Column of a per-language name; `lang` is a checked Lang, never user text. */
export function nameCol(lang: Lang, table = ""): string {
  return `${table ? `${table}.` : ""}name_${lang}`;
}
