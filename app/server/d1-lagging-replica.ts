/**
 * A stand-in for D1's read replication, for tests (DEV_D1_REPLICA): `replica` is a copy of the
 * database that never catches up with a write. A session reads it while its constraint allows
 * a copy that old (`first-unconstrained`, or a bookmark from before any write); once it asks
 * for a newer state (`first-primary`, a later bookmark) or writes, it reads the primary, as D1
 * does with a replica that lags. Bookmarks are `lag-<writes seen>`.
 */
const WRITE = /^\s*(?:insert|update|delete|replace|create|drop|alter)\b/i;

/** Writes made through the stand-in in this isolate (the primary's state, as a bookmark counts it). */
let writes = 0;

type Lazy = { sql: string; args: unknown[] };

export function laggingReplica(primary: D1Database, replica: D1Database): D1Database {
  function session(constraint: string) {
    const after = /^lag-(\d+)$/.exec(constraint);
    // The state the session must see at least; the replica holds state 0.
    let seen = constraint === "first-primary" ? writes : after ? Number(after[1]) : 0;
    const target = (sqls: string[]) => {
      if (sqls.some((sql) => WRITE.test(sql))) seen = ++writes;
      else if (seen > 0) seen = Math.max(seen, writes);
      return seen > 0 ? primary : replica;
    };
    const real = (db: D1Database, { sql, args }: Lazy) => db.prepare(sql).bind(...args);
    const statement = (lazy: Lazy): D1PreparedStatement =>
      ({
        lazy,
        bind: (...args: unknown[]) => statement({ sql: lazy.sql, args }),
        first: (column?: string) => (column === undefined ? real(target([lazy.sql]), lazy).first() : real(target([lazy.sql]), lazy).first(column)),
        all: () => real(target([lazy.sql]), lazy).all(),
        run: () => real(target([lazy.sql]), lazy).run(),
        raw: (options?: { columnNames?: boolean }) => real(target([lazy.sql]), lazy).raw(options as { columnNames: true }),
      }) as unknown as D1PreparedStatement;
    return {
      prepare: (sql: string) => statement({ sql, args: [] }),
      batch: (statements: D1PreparedStatement[]) => {
        const lazies = statements.map((s) => (s as unknown as { lazy: Lazy }).lazy);
        const db = target(lazies.map((lazy) => lazy.sql));
        return db.batch(lazies.map((lazy) => real(db, lazy)));
      },
      getBookmark: () => `lag-${seen}`,
    };
  }
  return { withSession: (constraint?: string) => session(constraint ?? "first-unconstrained") } as unknown as D1Database;
}
