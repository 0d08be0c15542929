import { describe, expect, it } from "vitest";
import { answeringD1, countingD1, type D1Counter } from "../../app/server/db-metrics.server.ts";

// npm run bench's stand-in for D1: a page's recorded round trips answered again (its own CPU).

/** A D1 that answers each statement with its SQL and arguments, and counts what it was asked. */
function fakeD1() {
  const asked: string[] = [];
  const statement = (sql: string, args: unknown[] = []) => ({
    bind: (...bound: unknown[]) => statement(sql, bound),
    all: async () => {
      asked.push(sql);
      return { results: [{ sql, args }] };
    },
  });
  const db = {
    prepare: (sql: string) => statement(sql),
    batch: async (statements: { all: () => Promise<unknown> }[]) => Promise.all(statements.map((s) => s.all())),
  } as unknown as D1Database;
  return { db, asked };
}

describe("answeringD1", () => {
  it("answers a recorded round trip without the database, and one the recording lacks from it once", async () => {
    const { db, asked } = fakeD1();
    const counter: D1Counter = { calls: 0, statements: 0, log: [] };
    // The recording: the page's product query (its category tree came from an isolate cache then).
    await countingD1(db, counter).prepare("SELECT product WHERE id = ?").bind(5).all();
    await Promise.resolve();
    asked.length = 0;

    const answering = answeringD1(counter.log!, db);
    expect(await answering.prepare("SELECT product WHERE id = ?").bind(5).all()).toEqual({ results: [{ sql: "SELECT product WHERE id = ?", args: [5] }] });
    expect(asked).toEqual([]);
    // The cache expired: the tree's query was never recorded. Asked of the database once, then kept.
    for (let i = 0; i < 3; i++) {
      expect(await answering.prepare("SELECT categories").all()).toEqual({ results: [{ sql: "SELECT categories", args: [] }] });
    }
    expect(asked).toEqual(["SELECT categories"]);
  });
});
