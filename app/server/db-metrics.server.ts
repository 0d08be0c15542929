/**
 * Counts the D1 round trips a request makes (and the statements they run: a batch is one
 * round trip of several), for the Server-Timing header
 * (operators see it in the browser's devtools; `npm run bench` reads it to
 * tell the Worker's own CPU from the local D1 emulation's). With a log, it also records
 * each round trip's statements, which `replayD1` runs again (the bench's D1 share).
 */
export type D1Counter = { calls: number; statements: number; log?: D1Call[] };
type Statement = { sql: string; args: unknown[] };
export type D1Call = { method: string; statement: Statement } | { batch: Statement[] };

const RUNNERS = new Set(["all", "first", "run", "raw"]);
const REAL = Symbol("real statement");
const SOURCE = Symbol("sql and arguments");

function countStatement(statement: D1PreparedStatement, counter: D1Counter, source: Statement): D1PreparedStatement {
  return new Proxy(statement, {
    get(target, prop) {
      if (prop === REAL) return target;
      if (prop === SOURCE) return source;
      const value = Reflect.get(target, prop, target);
      if (prop === "bind") {
        return (...args: unknown[]) =>
          countStatement((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args), counter, { sql: source.sql, args });
      }
      if (typeof prop === "string" && RUNNERS.has(prop)) {
        return (...args: unknown[]) => {
          counter.calls++;
          counter.statements++;
          counter.log?.push({ method: prop, statement: source });
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The same database, counting round trips (a batch is one). */
export function countingD1(db: D1Database, counter: D1Counter): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => countStatement(target.prepare(sql), counter, { sql, args: [] });
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.calls++;
          counter.statements += statements.length;
          const parts = statements as unknown as Record<symbol, never>[];
          counter.log?.push({ batch: parts.map((s) => s[SOURCE] ?? { sql: "", args: [] }) });
          // workerd accepts only its own statement objects in a batch.
          return target.batch(parts.map((s) => s[REAL] ?? (s as unknown as D1PreparedStatement)));
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Runs recorded round trips again, one after another, as they were made (a failing
 * statement, such as a repeated insert, costs about what it did and is ignored).
 */
export async function replayD1(db: D1Database, log: readonly D1Call[]): Promise<void> {
  const prepare = ({ sql, args }: Statement) => db.prepare(sql).bind(...args);
  for (const call of log) {
    const run =
      "batch" in call ? db.batch(call.batch.map(prepare)) : (prepare(call.statement) as unknown as Record<string, () => Promise<unknown>>)[call.method]!();
    await run.catch(() => {});
  }
}
