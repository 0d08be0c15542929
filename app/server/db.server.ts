/** "?, ?, ?" for an IN list of n values. */
export function placeholders(n: number): string {
  return Array.from({ length: n }, () => "?").join(", ");
}

/** SQLite's booleans (0/1, or NULL from an outer join) as booleans. */
export function flag(value: number | null | undefined): boolean {
  return value === 1;
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

/** The first row of a batch statement, mapped the same way, or null. */
export function firstRow<Row, T>(result: D1Result | undefined, fromRow: (row: Row) => T): T | null {
  const row = result!.results[0] as Row | undefined;
  return row === undefined ? null : fromRow(row);
}
