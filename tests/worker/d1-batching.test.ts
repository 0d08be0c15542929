import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { batchingD1, isRead, isStatementsFault } from "~/server/d1-batching.server";
import { type D1Faults, DOCUMENTED_D1_ERRORS, faultyD1, READ_TRIES, resilientD1 } from "~/server/d1-faults.server";
import { type D1Call, countingD1, type D1Counter } from "~/server/db-metrics.server";

/** The batching database over a counting one: the round trips that reach D1. */
function database() {
  const counter: D1Counter = { calls: 0, statements: 0, log: [] };
  return { db: batchingD1(countingD1(env.DB, counter)), counter };
}

/**
 * The request's layers as the entry stacks them (batching over the retry policy), over a D1 whose
 * round trips fail with `errors` (those `only` picks): `trips` counts every try that reaches D1.
 */
function failing(errors: readonly string[], only: (sql: string) => boolean = () => true) {
  const trips: D1Counter = { calls: 0, statements: 0 };
  const faults: D1Faults = {};
  const db = batchingD1(resilientD1(countingD1(faultyD1(env.DB, 1, 1, only, errors), trips), faults));
  return { db, trips, faults };
}

const OVERLOADED = DOCUMENTED_D1_ERRORS.filter((m) => /overloaded/.test(m));
const TRANSIENT = ["D1_ERROR: Network connection lost."];
/** Six reads side by side, as a page's loaders ask them. */
const sixReads = (db: D1Database) =>
  Promise.allSettled([
    db.prepare("SELECT 1 AS n").first("n"),
    db.prepare("SELECT 2 AS n").all(),
    db.prepare("SELECT ?1 AS n").bind(3).first(),
    db.batch([db.prepare("SELECT 4 AS n"), db.prepare("SELECT 5 AS n")]),
    db.prepare("SELECT 6 AS n").first("n"),
    db.prepare("SELECT 7 AS n").all(),
  ]);
const sqlOf = (call: D1Call) => ("batch" in call ? call.batch.map((s) => s.sql).join(" ; ") : call.statement.sql);

describe("reads asked in the same turn share one round trip", () => {
  it("statements and batches of reads from side-by-side callers go as one batch, each caller answered its own", async () => {
    const { db, counter } = database();
    const [one, two, both, row] = await Promise.all([
      db.prepare("SELECT 1 AS n").first<number>("n"),
      db.prepare("SELECT ?1 AS n").bind(2).all<{ n: number }>(),
      db.batch<{ n: number }>([db.prepare("SELECT 3 AS n"), db.prepare("WITH x(n) AS (SELECT 4) SELECT n FROM x")]),
      db.prepare("SELECT 5 AS n, 'five' AS name").first<{ n: number; name: string }>(),
    ]);
    expect(counter).toMatchObject({ calls: 1, statements: 5 });
    expect(one).toBe(1);
    expect(two.results).toEqual([{ n: 2 }]);
    expect(both.map((r) => r.results)).toEqual([[{ n: 3 }], [{ n: 4 }]]);
    expect(row).toEqual({ n: 5, name: "five" });
  });

  it("a read alone in its turn goes as it was asked; reads one after another are a round trip each", async () => {
    const { db, counter } = database();
    expect(await db.prepare("SELECT 1 AS n").first("n")).toBe(1);
    expect(counter).toMatchObject({ calls: 1, statements: 1 });
    expect(await db.prepare("SELECT 2 AS n").first("n")).toBe(2);
    expect(counter.calls).toBe(2);
  });

  it("first() of no row is null, as D1's own", async () => {
    const { db } = database();
    const [row, value] = await Promise.all([db.prepare("SELECT 1 AS n WHERE 0").first(), db.prepare("SELECT 1 AS n WHERE 0").first("n")]);
    expect([row, value]).toEqual([null, null]);
  });

  it("a write is never gathered: it succeeds or fails on its own", async () => {
    const { db, counter } = database();
    await db.prepare("CREATE TABLE IF NOT EXISTS batching_probe (n INTEGER)").run();
    counter.calls = 0;
    const [, written] = await Promise.all([
      db.prepare("SELECT 1 AS n").first("n"),
      db.prepare("INSERT INTO batching_probe (n) VALUES (1)").run(),
      db.batch([db.prepare("SELECT 2 AS n"), db.prepare("UPDATE batching_probe SET n = 2")]),
    ]);
    expect(written.meta.changes).toBe(1);
    expect(counter.calls).toBe(3);
    await env.DB.prepare("DROP TABLE batching_probe").run();
  });

  it("a read that fails fails its own caller only; the others are answered", async () => {
    const { db, counter } = database();
    const [bad, good, batch] = await Promise.allSettled([
      db.prepare("SELECT n FROM no_such_table").all(),
      db.prepare("SELECT 1 AS n").first("n"),
      db.batch([db.prepare("SELECT 2 AS n")]),
    ]);
    expect(bad.status).toBe("rejected");
    expect(good).toEqual({ status: "fulfilled", value: 1 });
    expect(batch.status).toBe("fulfilled");
    // D1 names no statement: the refused batch, then each read alone once.
    expect(counter.calls).toBe(1 + 3);
  });

  it("a statement found at fault goes alone afterwards: the others are gathered again, not each asked apart", async () => {
    const { db, counter } = database();
    const bad = `SELECT n FROM no_such_table_${crypto.randomUUID().slice(0, 8)}`;
    const ask = () => Promise.allSettled([db.prepare(bad).all(), db.prepare("SELECT 1 AS n").first("n"), db.prepare("SELECT 2 AS n").first("n")]);
    const first = await ask();
    expect(first.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    expect(counter.calls).toBe(1 + 3);
    counter.calls = 0;
    const again = await ask();
    expect(again.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    // The broken one alone, the two good ones as one batch.
    expect(counter.calls).toBe(2);
  });

  it("only SQLite's error about a statement counts as that statement's fault", () => {
    expect(isStatementsFault(new Error("D1_ERROR: no such table: nope: SQLITE_ERROR"))).toBe(true);
    expect(isStatementsFault(new Error("D1_ERROR: no such column: x", { cause: new Error("no such column: x: SQLITE_ERROR") }))).toBe(true);
    for (const message of DOCUMENTED_D1_ERRORS) expect(isStatementsFault(new Error(message)), message).toBe(false);
    expect(isStatementsFault(new Error("D1_ERROR: interrupted: SQLITE_INTERRUPT"))).toBe(false);
    expect(isStatementsFault(new Error("D1_ERROR: query timed out: SQLITE_ERROR"))).toBe(false);
    expect(isStatementsFault(new Error("D1_ERROR: string or blob too big: SQLITE_TOOBIG"))).toBe(false);
    expect(isStatementsFault(new TypeError("x is undefined"))).toBe(false);
  });

  it("reads are told from writes by their text", () => {
    expect(isRead("SELECT id, updated_at FROM products")).toBe(true);
    expect(isRead("  with c(id) AS (SELECT 1) SELECT id FROM c")).toBe(true);
    expect(isRead("WITH c(id) AS (SELECT 1) INSERT INTO t SELECT id FROM c")).toBe(false);
    expect(isRead("INSERT INTO t VALUES (1)")).toBe(false);
    expect(isRead("UPDATE t SET n = 1")).toBe(false);
  });
});

describe("a failed batch is one unit for the retry policy: it never multiplies the load", () => {
  it("overloaded: six callers' reads cost the one round trip the policy allows, and all of them are told", async () => {
    const { db, trips, faults } = failing(OVERLOADED);
    const answers = await sixReads(db);
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill("rejected"));
    for (const a of answers) expect(String((a as PromiseRejectedResult).reason)).toMatch(/overloaded/);
    // The policy never tries "overloaded" again: one round trip, not one more per read.
    expect(trips.calls).toBe(1);
    expect(faults.unrecovered).toBe("overloaded");
  });

  it("a passing failure that stays: the batch's tries under the policy, not them again for each read", async () => {
    const { db, trips, faults } = failing(TRANSIENT);
    const answers = await sixReads(db);
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill("rejected"));
    expect(trips.calls).toBe(READ_TRIES);
    expect(trips.statements).toBe(READ_TRIES * 7);
    expect(faults.unrecovered).toBe("transient");
  });

  it("a passing failure that passes: the batch is tried again whole and every caller gets its own answer", async () => {
    let failures = 1;
    const { db, trips, faults } = failing(TRANSIENT, () => failures-- > 0);
    const answers = await sixReads(db);
    expect(answers.map((a) => (a.status === "fulfilled" ? a.value : a.reason))).toEqual([
      1,
      expect.objectContaining({ results: [{ n: 2 }] }),
      { n: 3 },
      [expect.objectContaining({ results: [{ n: 4 }] }), expect.objectContaining({ results: [{ n: 5 }] })],
      6,
      expect.objectContaining({ results: [{ n: 7 }] }),
    ]);
    expect(trips).toMatchObject({ calls: 2, statements: 14 });
    expect(faults.unrecovered).toBeUndefined();
  });
});

describe("a write keeps its place in the program's order", () => {
  it("reads asked before a write reach D1 before it and see the rows as they were; reads asked after it go after it", async () => {
    const { db, counter } = database();
    await env.DB.prepare("CREATE TABLE IF NOT EXISTS order_probe (n INTEGER)").run();
    const count = "SELECT COUNT(*) AS c FROM order_probe";
    const [before, alsoBefore, written, after] = await Promise.all([
      db.prepare(count).first<number>("c"),
      db.prepare(`${count} WHERE n > 0`).first<number>("c"),
      db.prepare("INSERT INTO order_probe (n) VALUES (1)").run(),
      db.prepare(`${count} WHERE n >= 0`).first<number>("c"),
    ]);
    expect([before, alsoBefore, written.meta.changes]).toEqual([0, 0, 1]);
    expect(after).toBeTypeOf("number");
    expect(counter.log!.map(sqlOf)).toEqual([`${count} ; ${count} WHERE n > 0`, "INSERT INTO order_probe (n) VALUES (1)", `${count} WHERE n >= 0`]);
    await env.DB.prepare("DROP TABLE order_probe").run();
  });

  it("a batch with a write and exec() wait for the reads asked before them too", async () => {
    const { db, counter } = database();
    await env.DB.prepare("CREATE TABLE IF NOT EXISTS order_probe2 (n INTEGER)").run();
    const count = "SELECT COUNT(*) AS c FROM order_probe2";
    const [seen, , , later] = await Promise.all([
      db.prepare(count).first<number>("c"),
      db.batch([db.prepare("INSERT INTO order_probe2 (n) VALUES (1)"), db.prepare(count)]),
      db.exec("INSERT INTO order_probe2 (n) VALUES (2)"),
      db.prepare(count).first<number>("c"),
    ]);
    expect(seen).toBe(0);
    expect(later).toBeTypeOf("number");
    // exec() is not a counted round trip (its answer carries no statements); the rest in the program's order.
    expect(counter.log!.map(sqlOf)).toEqual([count, `INSERT INTO order_probe2 (n) VALUES (1) ; ${count}`, count]);
    expect(await env.DB.prepare(count).first("c")).toBe(2);
    await env.DB.prepare("DROP TABLE order_probe2").run();
  });
  it("a read sent in an earlier turn does not hold a write: it left first, and the code did not wait for it", async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    // D1 whose answer to the 'slow' read waits until released.
    const slowD1 = new Proxy(env.DB, {
      get(target, prop) {
        if (prop !== "prepare") return Reflect.get(target, prop, target).bind(target);
        return (sql: string) => {
          const statement = target.prepare(sql);
          if (!sql.includes("slow")) return statement;
          return new Proxy(statement, {
            get(s, q) {
              const value = Reflect.get(s, q, s) as (...a: unknown[]) => unknown;
              return q === "first" ? (...a: unknown[]) => held.then(() => value.apply(s, a)) : value.bind(s);
            },
          });
        };
      },
    });
    const db = batchingD1(slowD1);
    await env.DB.prepare("CREATE TABLE IF NOT EXISTS order_probe3 (n INTEGER)").run();
    const state = { slowAnswered: false };
    const slow = db.prepare("SELECT 'slow' AS n").first("n");
    void slow.then(() => (state.slowAnswered = true));
    await new Promise((r) => setTimeout(r, 0));
    // Would never be answered if it waited for the held read.
    expect((await db.prepare("INSERT INTO order_probe3 (n) VALUES (1)").run()).meta.changes).toBe(1);
    expect(state.slowAnswered).toBe(false);
    release();
    expect(await slow).toBe("slow");
    await env.DB.prepare("DROP TABLE order_probe3").run();
  });
});

describe("first(column) answers the same gathered or alone", () => {
  it("a column the row lacks throws D1's own error both ways; a row that is not there is null both ways", async () => {
    const own = await env.DB.prepare("SELECT 1 AS n")
      .first("nope")
      .then(
        () => null,
        (e: Error) => e.message,
      );
    expect(own).toMatch(/^D1_COLUMN_NOTFOUND/);
    const { db } = database();
    const [gathered, neighbour] = await Promise.allSettled([db.prepare("SELECT 1 AS n").first("nope"), db.prepare("SELECT 2 AS n").first("n")]);
    expect(gathered).toEqual({ status: "rejected", reason: expect.objectContaining({ message: own }) });
    expect(neighbour).toEqual({ status: "fulfilled", value: 2 });
    await expect(db.prepare("SELECT 1 AS n").first("nope")).rejects.toThrow(own!);
    const [none, alsoNone] = await Promise.all([db.prepare("SELECT 1 AS n WHERE 0").first("nope"), db.prepare("SELECT NULL AS n").first("n")]);
    expect([none, alsoNone]).toEqual([null, null]);
    expect(await db.prepare("SELECT 1 AS n WHERE 0").first("nope")).toBeNull();
  });
});
