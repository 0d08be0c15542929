/**
 * Reads asked for in the same turn of the event loop go to D1 together, as one batch: one
 * round trip instead of one each. React Router runs the root's loader and the page's side by
 * side, and each asks for its own data; with the database a network hop away, each of those
 * round trips is tens of milliseconds before the first byte.
 *
 * Only reads are gathered (a statement that starts with SELECT or WITH and writes nothing): a
 * batch is one transaction, and a write must fail or succeed on its own, never be sent again
 * because a neighbour failed. A batch that fails is asked again statement by statement, so
 * each caller gets its own answer or its own error, as it would have alone. A read alone in
 * its turn goes as it was asked. `first(column)` answers as D1's own, gathered or alone: a column
 * the row lacks throws.
 */

const REAL = Symbol("real statement");
const READ = Symbol("read");

/** The most statements one gathered batch carries. */
const MAX_GATHERED = 50;

type Waiting = {
  statements: D1PreparedStatement[];
  /** The call as it was asked, alone (also the fallback when the gathered batch fails). */
  alone: () => Promise<unknown>;
  /** The caller's answer from its statements' results in the gathered batch. */
  answer: (results: D1Result[]) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

const WRITES = /\b(insert|update|delete|replace|create|drop|alter|pragma)\b/i;
export const isRead = (sql: string): boolean => /^\s*(select|with)\b/i.test(sql) && !WRITES.test(sql);

/**
 * `first()` of a statement's result as D1's binding answers it: the first row or null; with a
 * column, that column's value, and a column the row lacks throws D1's own error.
 */
export function firstOf(result: D1Result, column?: string): unknown {
  const row = (result.results[0] as Record<string, unknown> | undefined) ?? null;
  if (column === undefined || row === null) return row;
  if (!(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`, { cause: new Error("Column not found") });
  return row[column];
}

export function batchingD1(db: D1Database): D1Database {
  let queue: Waiting[] = [];

  const settle = (w: Waiting, run: () => unknown) => {
    try {
      w.resolve(run());
    } catch (error) {
      w.reject(error);
    }
  };
  const alone = (w: Waiting) => w.alone().then(w.resolve, w.reject);
  const flush = () => {
    const group = queue;
    queue = [];
    if (group.length === 1) return void alone(group[0]!);
    for (let i = 0; i < group.length; ) {
      const chunk: Waiting[] = [];
      let size = 0;
      while (i < group.length && (chunk.length === 0 || size + group[i]!.statements.length <= MAX_GATHERED)) {
        size += group[i]!.statements.length;
        chunk.push(group[i++]!);
      }
      if (chunk.length === 1) {
        void alone(chunk[0]!);
        continue;
      }
      db.batch(chunk.flatMap((w) => w.statements)).then(
        (results) => {
          let at = 0;
          for (const w of chunk) {
            const mine = results.slice(at, (at += w.statements.length));
            settle(w, () => w.answer(mine));
          }
        },
        // Each asked alone: a statement that fails fails its own caller only.
        () => {
          for (const w of chunk) void alone(w);
        },
      );
    }
  };
  const gather = (w: Omit<Waiting, "resolve" | "reject">) =>
    new Promise<unknown>((resolve, reject) => {
      if (queue.length === 0) setTimeout(flush, 0);
      queue.push({ ...w, resolve, reject });
    });

  const wrap = (statement: D1PreparedStatement, read: boolean): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop) {
        if (prop === REAL) return target;
        if (prop === READ) return read;
        const value = Reflect.get(target, prop, target);
        if (prop === "bind") return (...args: unknown[]) => wrap((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args), read);
        if (read && prop === "all") {
          return () => gather({ statements: [target], alone: () => target.all(), answer: ([result]) => result });
        }
        if (read && prop === "first") {
          return (column?: string) =>
            gather({
              statements: [target],
              alone: () => (column === undefined ? target.first() : target.first(column)),
              answer: ([result]) => firstOf(result!, column),
            });
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });

  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql), isRead(sql));
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          const parts = statements as unknown as Record<symbol, unknown>[];
          const reals = parts.map((s) => (s[REAL] as D1PreparedStatement | undefined) ?? (s as unknown as D1PreparedStatement));
          const run = () => target.batch(reals);
          if (!parts.every((s) => s[READ] === true)) return run();
          return gather({ statements: reals, alone: run, answer: (results) => results });
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
