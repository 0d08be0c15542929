import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { cookieOf, fx, ORIGIN } from "./helpers";

/**
 * Every statement a page kind runs is read by SQLite's planner (EXPLAIN QUERY PLAN): none may
 * read the whole of products, skus or category_products (a SCAN of them, index or not). At the
 * demo's size a scan costs nothing; at 50,000 products it is the difference between reading a
 * page's few hundred rows and half a million (docs/decisions/026-flat-listings.md).
 */
const BIG_TABLES = ["products", "skus", "category_products"];

type Statement = { sql: string; args: unknown[] };

/** A statement that notes the arguments it is bound with (the planner needs them: D1 binds them all). */
function bound(statement: D1PreparedStatement, seen: Map<string, Statement>, sql: string): D1PreparedStatement {
  seen.set(sql, { sql, args: [] });
  return new Proxy(statement, {
    get(target, prop) {
      if (prop === "bind")
        return (...args: unknown[]) => {
          seen.set(sql, { sql, args });
          return target.bind(...args);
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** env.DB that notes every statement prepared through it (sessions too). */
function noting(db: D1Database | D1DatabaseSession, seen: Map<string, Statement>): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => bound(target.prepare(sql), seen, sql);
      if (prop === "withSession") return (...args: unknown[]) => noting((target as D1Database).withSession(...(args as [string])), seen);
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as D1Database;
}

async function statementsOf(path: string, init: RequestInit = {}): Promise<Statement[]> {
  const seen = new Map<string, Statement>();
  const ctx = createExecutionContext();
  const res = await worker.fetch!(new Request(ORIGIN + path, { redirect: "manual", ...init }) as never, { ...env, DB: noting(env.DB, seen) } as never, ctx);
  await res.text();
  await waitOnExecutionContext(ctx);
  expect(res.status, path).toBeLessThan(500);
  return [...seen.values()];
}

/** The aliases a statement gives the big tables ("products p" → p), and the tables' own names. */
function bigNames(sql: string): Set<string> {
  const names = new Set(BIG_TABLES);
  for (const m of sql.matchAll(
    /\b(?:FROM|JOIN)\s+(products|skus|category_products)(?:\s+(?:AS\s+)?(?!ON\b|WHERE\b|JOIN\b|CROSS\b|LEFT\b|INDEXED\b)(\w+))?/gi,
  )) {
    if (m[2]) names.add(m[2]);
  }
  return names;
}

async function fullScans({ sql, args }: Statement): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...args)
    .all<{ detail: string }>();
  const names = bigNames(sql);
  return results.map((r) => r.detail).filter((d) => names.has(/^SCAN (\w+)/.exec(d)?.[1] ?? ""));
}

const women = "/store/women";
const PAGES: [string, string][] = [
  ["home", "/"],
  ["the whole catalogue", "/store"],
  ["top category", women],
  ["leaf category", "/store/women/footwear/sneakers"],
  ["brand filter", `${women}?brand=chimgan-outdoor`],
  ["size filter", `${women}?size=M`],
  ["colour filter", `${women}?color=black`],
  ["price filter", `${women}?price_min=100000&price_max=900000`],
  ["sale filter", `${women}?sale=1`],
  ["club filter", `${women}?club=1`],
  ["two filters", `${women}?brand=chimgan-outdoor&size=M&sale=1`],
  ["price sort", `${women}?sort=price_asc`],
  ["price sort, descending", `${women}?sort=price_desc`],
  ["popular sort", `${women}?sort=popular`],
  ["a later page", "/store?page=2"],
  ["catalogue JSON", "/api/catalog/v3/products?per-page=10&page=2"],
  ["catalogue JSON, one category", "/api/catalog/v3/products?category=women&sort=price_desc"],
  ["product", `/product/${fx.productOneSlug}`],
  ["sitemap of products", "/sitemap/uz-1.xml"],
];

describe("query plans of every page kind", () => {
  for (const [kind, path] of PAGES) {
    it(`${kind} (${path}) reads no big table whole`, async () => {
      const statements = await statementsOf(path);
      expect(statements.length, `${path} ran no statement`).toBeGreaterThan(0);
      for (const statement of statements) expect(await fullScans(statement), statement.sql).toEqual([]);
    });
  }

  it("favourites of a guest read no big table whole", async () => {
    const add = await worker.fetch!(
      new Request(`${ORIGIN}/api/favorites?lang=ru`, {
        method: "POST",
        body: new URLSearchParams({ item_id: "3" }),
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "198.51.100.77" },
      }) as never,
      env as never,
      createExecutionContext(),
    );
    const cookie = cookieOf(add);
    expect(cookie).toBeTruthy();
    for (const statement of await statementsOf("/favorite", { headers: { Cookie: cookie! } })) expect(await fullScans(statement), statement.sql).toEqual([]);
  });

  it("the test sees a full scan when there is one", async () => {
    expect(await fullScans({ sql: "SELECT COUNT(*) FROM products p WHERE p.vendor_id = ?", args: [1] })).not.toEqual([]);
    expect(await fullScans({ sql: "SELECT l.product_id FROM category_products l ORDER BY l.product_id LIMIT 3", args: [] })).not.toEqual([]);
  });
});
