/**
 * Counts the D1 round trips a request makes (and the statements they run: a batch is one
 * round trip of several), for the Server-Timing header (operators see it in the browser's
 * devtools). With a log, it also records each round trip with its answer, which
 * `answeringD1` gives back without a database: how `npm run bench` measures the Worker's own
 * CPU (locally D1 is emulated inside the Worker's own workerd; in production it runs elsewhere).
 */
import { firstOf } from "./d1-batching.server";

export type D1Counter = { calls: number; statements: number; ms?: number; rowsRead?: number; log?: D1Call[] };
type Statement = { sql: string; args: unknown[] };
export type D1Call = ({ method: string; runnerArgs: unknown[]; statement: Statement } | { batch: Statement[] }) & { answer?: unknown };

const RUNNERS = new Set(["all", "first", "run", "raw"]);
const REAL = Symbol("real statement");
const SOURCE = Symbol("sql and arguments");

/**
 * The rows D1 read for an answer (`meta.rows_read` of each statement's result: what D1 bills,
 * and the figure a page's budget counts); `first()` and `raw()` answers carry no meta.
 */
function rowsReadOf(answer: unknown): number {
  const results = Array.isArray(answer) ? answer : [answer];
  let rows = 0;
  for (const r of results) {
    const read = (r as { meta?: { rows_read?: unknown } } | null)?.meta?.rows_read;
    if (typeof read === "number") rows += read;
  }
  return rows;
}

/** Notes the call's answer in the log once it comes (a failure stays unanswered), its wait and the rows it read. */
function recorded<T>(counter: D1Counter, call: D1Call, answer: Promise<T>): Promise<T> {
  const started = Date.now();
  const waited = () => {
    counter.ms = (counter.ms ?? 0) + Date.now() - started;
  };
  answer.then((a) => {
    waited();
    counter.rowsRead = (counter.rowsRead ?? 0) + rowsReadOf(a);
  }, waited);
  if (counter.log) {
    counter.log.push(call);
    answer.then(
      (a) => {
        call.answer = a;
      },
      () => {},
    );
  }
  return answer;
}

/** first() asked as all() (what D1 runs for it too), so the rows it read are counted: a first() answer has no meta. */
async function firstOfAll(statement: D1PreparedStatement, counter: D1Counter, column?: string): Promise<unknown> {
  const answer = await statement.all<Record<string, unknown>>();
  counter.rowsRead = (counter.rowsRead ?? 0) + rowsReadOf(answer);
  return firstOf(answer, column);
}

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
        return (...runnerArgs: unknown[]) => {
          counter.calls++;
          counter.statements++;
          const answer =
            prop === "first"
              ? firstOfAll(target, counter, runnerArgs[0] as string | undefined)
              : (value as (...a: unknown[]) => Promise<unknown>).apply(target, runnerArgs);
          return recorded(counter, { method: prop, runnerArgs, statement: source }, answer);
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
          // workerd accepts only its own statement objects in a batch.
          const answer = target.batch(parts.map((s) => s[REAL] ?? (s as unknown as D1PreparedStatement)));
          return recorded(counter, { batch: parts.map((s) => s[SOURCE] ?? { sql: "", args: [] }) }, answer);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const callKey = (call: D1Call) => JSON.stringify("batch" in call ? call.batch : [call.method, call.runnerArgs, call.statement]);
/** The same SQL with other values (a clock, a fresh token): the answer recorded for it. */
const shapeKey = (call: D1Call) => JSON.stringify("batch" in call ? call.batch.map((s) => s.sql) : [call.method, call.runnerArgs, call.statement.sql]);

/**
 * A stand-in for D1 that gives each recorded round trip's answer again (a copy, as a real
 * binding decodes a fresh one); the bench's measure of a page's own CPU. A round trip the
 * recording lacks (the page's isolate cache of the category tree was warm when it was made,
 * and expires a minute later) is asked of `db` once and its answer kept.
 */
export function answeringD1(log: readonly D1Call[], db: D1Database): D1Database {
  const answered = log.filter((call) => "answer" in call);
  const answers = new Map(answered.flatMap((call) => [[shapeKey(call), call.answer] as const, [callKey(call), call.answer] as const]));
  const real = (s: Statement) => db.prepare(s.sql).bind(...s.args);
  const answer = async (call: D1Call) => {
    const exact = callKey(call);
    const key = answers.has(exact) ? exact : shapeKey(call);
    if (answers.has(key)) return structuredClone(answers.get(key));
    const fresh: unknown = await ("batch" in call
      ? db.batch(call.batch.map(real))
      : (real(call.statement) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[call.method]!(...call.runnerArgs));
    answers.set(shapeKey(call), fresh);
    return structuredClone(fresh);
  };
  const statement = (source: Statement): D1PreparedStatement => {
    const runner =
      (method: string) =>
      (...runnerArgs: unknown[]) =>
        answer({ method, runnerArgs, statement: source });
    return {
      [SOURCE]: source,
      bind: (...args: unknown[]) => statement({ sql: source.sql, args }),
      all: runner("all"),
      first: runner("first"),
      run: runner("run"),
      raw: runner("raw"),
    } as unknown as D1PreparedStatement;
  };
  return {
    prepare: (sql: string) => statement({ sql, args: [] }),
    batch: (statements: D1PreparedStatement[]) => answer({ batch: statements.map((s) => (s as unknown as Record<symbol, Statement>)[SOURCE]!) }),
  } as unknown as D1Database;
}
