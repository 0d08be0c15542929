/**
 * Counts the D1 round trips a request makes (and the statements they run: a batch is one
 * round trip of several), for the Server-Timing header
 * (operators see it in the browser's devtools; `npm run bench` reads it to
 * tell the Worker's own CPU from the local D1 emulation's).
 */
export type D1Counter = { calls: number; statements: number };

const RUNNERS = new Set(["all", "first", "run", "raw"]);
const REAL = Symbol("real statement");

function countStatement(statement: D1PreparedStatement, counter: D1Counter): D1PreparedStatement {
  return new Proxy(statement, {
    get(target, prop) {
      if (prop === REAL) return target;
      const value = Reflect.get(target, prop, target);
      if (prop === "bind") return (...args: unknown[]) => countStatement((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args), counter);
      if (typeof prop === "string" && RUNNERS.has(prop)) {
        return (...args: unknown[]) => {
          counter.calls++;
          counter.statements++;
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
      if (prop === "prepare") return (sql: string) => countStatement(target.prepare(sql), counter);
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.calls++;
          counter.statements += statements.length;
          // workerd accepts only its own statement objects in a batch.
          return target.batch(statements.map((s) => (s as unknown as Record<symbol, D1PreparedStatement>)[REAL] ?? s));
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
