import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, scan, sourceFiles } from "./app-sources";

/**
 * Each D1 table has one owner, the folder of app/ whose code alone writes it;
 * others change it by calling that folder's door (a function that returns a
 * statement where the write must go in their batch). The same map, with what
 * each table holds, is in docs/architecture.md ("Who writes which table").
 */
const TABLE_OWNERS: Record<string, string> = {
  categories: "catalogue",
  brands: "catalogue",
  colors: "catalogue",
  products: "catalogue",
  product_translations: "catalogue",
  skus: "catalogue",
  images: "catalogue",
  size_charts: "catalogue",
  size_chart_rows: "catalogue",
  product_search: "search",
  product_search_vocab: "search",
  category_products: "catalogue",
  category_facets: "catalogue",
  sessions: "server",
  rate_limits: "server",
  users: "users",
  user_phones: "users",
  kids: "account",
  addresses: "account",
  verification_codes: "auth",
  outbox: "outbox",
  ops_alerts: "outbox",
  carts: "cart",
  cart_lines: "cart",
  promo_codes: "cart",
  favourites: "favourites",
  guest_favourites: "favourites",
  favourite_brands: "favourites",
  guest_favourite_brands: "favourites",
  search_history: "search",
  search_misses: "search",
  search_synonyms: "search",
  cities: "delivery",
  delivery_types: "delivery",
  delivery_costs: "delivery",
  delivery_points: "delivery",
  streets: "delivery",
  post_codes: "delivery",
  checkout_drafts: "checkout",
  orders: "orders",
  order_lines: "orders",
  payments: "orders",
  // The table payments is rebuilt through (a widened CHECK), renamed to payments by the same migration.
  payments_next: "orders",
  refunds: "orders",
  refunds_next: "orders",
  refunds_ledger: "orders",
  fiscal_receipts: "orders",
  reconciliation_findings: "orders",
  promo_redemptions: "orders",
  matching_parameters: "reviews",
  matching_values: "reviews",
  category_matching_parameters: "reviews",
  reviews: "reviews",
  review_matchings: "reviews",
  review_reactions: "reviews",
  newsletter_subscribers: "newsletter",
  order_history: "orders",
  ops_clients: "ops",
  ops_audit: "ops",
  ops_batches: "ops",
  news: "news",
  news_translations: "news",
  news_products: "news",
  gift_hints: "gifts",
};

/**
 * Writes whose table is chosen at run time (`INSERT INTO ${table}`): the folder
 * and the tables its code chooses among, all its own.
 */
const CHOSEN_TABLES: Record<string, string[]> = {
  // ownerRows / brandRows: an account's rows or a guest's.
  favourites: ["favourites", "guest_favourites", "favourite_brands", "guest_favourite_brands"],
};

/** A statement that writes, and its table (SQL keywords are written in capitals here). */
const WRITE =
  /(?<!\bDO\s+)\b(INSERT(?:\s+OR\s+(?:IGNORE|REPLACE|ABORT|FAIL|ROLLBACK))?\s+INTO|REPLACE\s+INTO|DELETE\s+FROM|UPDATE)\s+(\$\{[^}]*\}|[A-Za-z_]\w*)/g;

type Write = { file: string; folder: string; statement: string; table: string };

function writesIn(files: { path: string; strings: string[] }[]): Write[] {
  return files.flatMap((f) =>
    f.strings.flatMap((text) =>
      [...text.matchAll(WRITE)].map((m) => ({
        file: f.path,
        folder: f.path.split("/")[1]!,
        statement: `${m[1]!.replace(/\s+/g, " ")} ${m[2]}`,
        table: m[2]!,
      })),
    ),
  );
}

const writes = writesIn(sourceFiles("app"));

describe("each table has one owner, which alone writes it", () => {
  it("finds the writes (the scanner sees SQL in strings and templates, not in comments)", () => {
    const sample = scan(`// UPDATE carts SET nothing
      const a = "INSERT INTO carts (x) VALUES (1) ON CONFLICT DO UPDATE SET x = 2";
      const b = \`DELETE FROM \${table} WHERE id IN (\${ids.map((i) => \`\${i}\`).join(",")})\`;`);
    expect(writesIn([{ path: "app/cart/x.ts", ...sample }]).map((w) => w.statement)).toEqual(["INSERT INTO carts", "DELETE FROM $\u007Btable}"]);
    expect(writes.length).toBeGreaterThan(40);
  });

  it("names every table of the migrations, and no other", () => {
    const created = readdirSync(join(ROOT, "workers/migrations"))
      .filter((f) => f.endsWith(".sql"))
      .flatMap((f) =>
        [...readFileSync(join(ROOT, "workers/migrations", f), "utf8").matchAll(/CREATE (?:VIRTUAL )?TABLE (?:IF NOT EXISTS )?(\w+)/gi)].map((m) => m[1]!),
      );
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...new Set(created)].sort());
  });

  it("writes each table only in its owner's folder", () => {
    const outside = writes
      .filter((w) => !w.table.startsWith("${"))
      .filter((w) => TABLE_OWNERS[w.table] !== w.folder)
      .map((w) => `${w.file}: ${w.statement} (owner: ${TABLE_OWNERS[w.table] ?? "no table of that name"})`);
    expect(outside).toEqual([]);
  });

  it("chooses a table at run time only among the folder's own", () => {
    const chosen = writes.filter((w) => w.table.startsWith("${")).map((w) => w.folder);
    expect(chosen.length).toBeGreaterThan(0);
    for (const folder of new Set(chosen)) {
      expect(Object.keys(CHOSEN_TABLES), `${folder} writes a table it names at run time`).toContain(folder);
      for (const table of CHOSEN_TABLES[folder]!) expect(TABLE_OWNERS[table]).toBe(folder);
    }
  });

  it("is the map the architecture docs show", () => {
    const docs = ["docs/architecture.md"]
      .filter((f) => existsSync(join(ROOT, f)))
      .map((f) => readFileSync(join(ROOT, f), "utf8"))
      .join("\n");
    const rows = new Map([...docs.matchAll(/^\|\s*`(\w+)`\s*\|\s*`?(\w+)`?\s*\|/gm)].map((m) => [m[1]!, m[2]!]));
    expect(Object.fromEntries(Object.keys(TABLE_OWNERS).map((t) => [t, rows.get(t)]))).toEqual(TABLE_OWNERS);
  });
});
