import { classifyD1Error } from "./d1-faults.server";

/**
 * Reads asked for in the same turn of the event loop go to D1 together, as one batch: one
 * round trip instead of one each. React Router runs the root's loader and the page's side by
 * side, and each asks for its own data; with the database a network hop away, each of those
 * round trips is tens of milliseconds before the first byte.
 *
 * - Only reads are gathered (a statement that starts with SELECT or WITH and writes nothing): a
 *   batch is one transaction, and a write must fail or succeed on its own.
 * - A gathered batch is one round trip for the retry policy too (the resilient layer below tries
 *   it as one unit). When it fails for an outage (overloaded, a timeout, a dropped connection,
 *   or anything unknown), every caller in it gets that error: asking each read again alone
 *   would multiply the load exactly when D1 has too much of it.
 * - When D1 refuses the batch for one statement's own fault (a SQL error: D1 names no
 *   statement), each read is asked alone once, so the others are answered; a statement found at
 *   fault then goes alone in this isolate, so a broken statement costs that fan-out once, not on
 *   every request (decision 105).
 * - Program order holds: a write (any statement that is not a read, `exec`, a batch with a
 *   write) first sends the reads queued before it and goes only once they are answered; reads
 *   asked after a write go after it.
 * - `first(column)` answers as D1's own, gathered or alone: a column the row lacks throws.
 */

const REAL = Symbol("real statement");
const READ = Symbol("read");
const SQL = Symbol("sql");

/** The most statements one gathered batch carries. */
const MAX_GATHERED = 50;

/** Statements D1 refused for their own fault when asked alone: never gathered again (bounded). */
const atFault = new Set<string>();
const MAX_AT_FAULT = 200;

type Waiting = {
  statements: D1PreparedStatement[];
  sqls: string[];
  /** The call as it was asked, alone. */
  alone: () => Promise<unknown>;
  /** The caller's answer from its statements' results in the gathered batch. */
  answer: (results: D1Result[]) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** Settles once the caller has its answer or its error (after any asking alone). */
  answered: Promise<void>;
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

/**
 * D1 refused a batch for one statement's own fault: SQLite's error about the statement itself (a
 * name, the syntax, a bound value), never an outage, a time limit or an interrupted query.
 */
export function isStatementsFault(error: unknown): boolean {
  if (classifyD1Error(error) !== "other") return false;
  const text = `${(error as Error).message} ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : ""}`;
  return /SQLITE_(ERROR|RANGE|MISMATCH)\b/.test(text) && !/time ?out|timed out|time limit|too long|interrupt/i.test(text);
}

const settledOf = (p: Promise<unknown>): Promise<void> =>
  p.then(
    () => {},
    () => {},
  );

export function batchingD1(db: D1Database): D1Database {
  let queue: Waiting[] = [];
  let flushAtTurnEnd = false;
  /** Settles once the last write asked for has been sent: reads and writes asked after it wait. */
  let writeGoing: Promise<void> | null = null;

  /** A read's round trip: after any write asked before it. */
  const read = <T>(send: () => Promise<T>): Promise<T> => (writeGoing ? writeGoing.then(send) : send());

  /**
   * A write: the reads queued before it are sent now and answered first, then it goes. Reads
   * already sent in an earlier turn are not waited for: they left before it, as the code let them.
   */
  const write = <T>(send: () => Promise<T>): Promise<T> => {
    const queued = queue.map((w) => w.answered);
    flush();
    if (queued.length === 0 && !writeGoing) return send();
    const sent = Promise.all([...queued, writeGoing]).then(() => ({ answer: send() }));
    const going = settledOf(sent);
    writeGoing = going;
    void going.then(() => {
      if (writeGoing === going) writeGoing = null;
    });
    return sent.then((s) => s.answer);
  };

  const settle = (w: Waiting, run: () => unknown) => {
    try {
      w.resolve(run());
    } catch (error) {
      w.reject(error);
    }
  };
  const alone = (w: Waiting) => read(w.alone).then(w.resolve, w.reject);
  /** Asked alone after a batch D1 refused for a statement's fault: one that fails so again stays alone. */
  const aloneToFindFault = (w: Waiting) =>
    read(w.alone).then(w.resolve, (error: unknown) => {
      if (isStatementsFault(error) && atFault.size < MAX_AT_FAULT) for (const sql of w.sqls) atFault.add(sql);
      w.reject(error);
    });

  function flush() {
    const group = queue;
    queue = [];
    if (group.length === 0) return;
    const gathered: Waiting[] = [];
    for (const w of group) {
      if (w.sqls.some((sql) => atFault.has(sql))) void alone(w);
      else gathered.push(w);
    }
    for (let i = 0; i < gathered.length; ) {
      const chunk: Waiting[] = [];
      let size = 0;
      while (i < gathered.length && (chunk.length === 0 || size + gathered[i]!.statements.length <= MAX_GATHERED)) {
        size += gathered[i]!.statements.length;
        chunk.push(gathered[i++]!);
      }
      if (chunk.length === 1) {
        void alone(chunk[0]!);
        continue;
      }
      read(() => db.batch(chunk.flatMap((w) => w.statements))).then(
        (results) => {
          let at = 0;
          for (const w of chunk) {
            const mine = results.slice(at, (at += w.statements.length));
            settle(w, () => w.answer(mine));
          }
        },
        (error: unknown) => {
          // Only a statement's own fault is worth asking apart (once); an outage is the batch's, shared by all.
          if (isStatementsFault(error)) for (const w of chunk) void aloneToFindFault(w);
          else for (const w of chunk) w.reject(error);
        },
      );
    }
  }

  const gather = (w: Omit<Waiting, "resolve" | "reject" | "answered">) => {
    let waiting: Waiting | undefined;
    const answer = new Promise<unknown>((resolve, reject) => {
      waiting = { ...w, resolve, reject, answered: Promise.resolve() };
    });
    waiting!.answered = settledOf(answer);
    queue.push(waiting!);
    if (!flushAtTurnEnd) {
      flushAtTurnEnd = true;
      setTimeout(() => {
        flushAtTurnEnd = false;
        flush();
      }, 0);
    }
    return answer;
  };

  const wrap = (statement: D1PreparedStatement, sql: string, isReadSql: boolean): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop) {
        if (prop === REAL) return target;
        if (prop === READ) return isReadSql;
        if (prop === SQL) return sql;
        const value = Reflect.get(target, prop, target);
        if (prop === "bind") return (...args: unknown[]) => wrap((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args), sql, isReadSql);
        if (isReadSql && prop === "all") {
          return () => gather({ statements: [target], sqls: [sql], alone: () => target.all(), answer: ([result]) => result });
        }
        if (isReadSql && prop === "first") {
          return (column?: string) =>
            gather({
              statements: [target],
              sqls: [sql],
              alone: () => (column === undefined ? target.first() : target.first(column)),
              answer: ([result]) => firstOf(result!, column),
            });
        }
        if (prop === "all" || prop === "first" || prop === "run" || prop === "raw") {
          // Not gathered (a write, or a read's run/raw whose answer has another shape), but in program order.
          const runner = (...args: unknown[]) => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          return (...args: unknown[]) => (isReadSql ? read : write)(() => runner(...args));
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });

  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql), sql, isRead(sql));
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          const parts = statements as unknown as Record<symbol, unknown>[];
          const reals = parts.map((s) => (s[REAL] as D1PreparedStatement | undefined) ?? (s as unknown as D1PreparedStatement));
          const run = () => target.batch(reals);
          if (!parts.every((s) => s[READ] === true)) return write(run);
          return gather({ statements: reals, sqls: parts.map((s) => s[SQL] as string), alone: run, answer: (results) => results });
        };
      }
      if (prop === "exec") return (sql: string) => write(() => target.exec(sql));
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
