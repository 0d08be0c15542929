import type { Lang } from "~/i18n/languages";

/** Column of a per-language name; `lang` is a checked Lang, never user text. */
export function nameCol(lang: Lang, table = ""): string {
  return `${table ? `${table}.` : ""}name_${lang}`;
}

/**
 * The rows of one statement of a `db.batch`, each mapped by its row shape's `fromRow`.
 * D1 types every statement of a batch alike (`unknown` rows), so this is the one place a
 * batch's rows are taken to be the shape their SELECT names; the row types sit beside
 * the queries that select them.
 */
export function mapRows<Row, T>(result: D1Result | undefined, fromRow: (row: Row) => T): T[] {
  return (result!.results as Row[]).map(fromRow);
}
