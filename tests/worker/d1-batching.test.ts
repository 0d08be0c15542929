import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { batchingD1, isRead } from "~/server/d1-batching.server";
import { countingD1, type D1Counter } from "~/server/db-metrics.server";

/** The batching database over a counting one: the round trips that reach D1. */
function database() {
  const counter: D1Counter = { calls: 0, statements: 0 };
  return { db: batchingD1(countingD1(env.DB, counter)), counter };
}

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
    const { db } = database();
    const [bad, good, batch] = await Promise.allSettled([
      db.prepare("SELECT n FROM no_such_table").all(),
      db.prepare("SELECT 1 AS n").first("n"),
      db.batch([db.prepare("SELECT 2 AS n")]),
    ]);
    expect(bad.status).toBe("rejected");
    expect(good).toEqual({ status: "fulfilled", value: 1 });
    expect(batch.status).toBe("fulfilled");
  });

  it("reads are told from writes by their text", () => {
    expect(isRead("SELECT id, updated_at FROM products")).toBe(true);
    expect(isRead("  with c(id) AS (SELECT 1) SELECT id FROM c")).toBe(true);
    expect(isRead("WITH c(id) AS (SELECT 1) INSERT INTO t SELECT id FROM c")).toBe(false);
    expect(isRead("INSERT INTO t VALUES (1)")).toBe(false);
    expect(isRead("UPDATE t SET n = 1")).toBe(false);
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
