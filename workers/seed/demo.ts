/**
 * Writes the demo catalogue as SQL for `wrangler d1 execute DB --local --file <file>`.
 *
 *   node workers/seed/demo.ts [out.sql] [--products=N]   (default .wrangler/seed/demo.sql, 320 products)
 *
 * `--products=N` makes a catalogue of that size from the same generator (the first 320 are the
 * demo's; a big one is for measuring at a real shop's size: docs/performance.md).
 *
 * Statements are INSERT OR IGNORE with explicit ids, so applying the file twice is a no-op.
 * When the generated catalogue changes, the file first clears the old demo rows: a
 * fingerprint of the statements is kept in seed_meta, and the deletes only run when
 * it differs (so a local database never keeps stale rows from an older seed).
 *
 * The app's tsconfig covers workers/** without Node's types, so node:fs and node:path are
 * reached through process.getBuiltinModule (Node >= 22.3) and typed locally here; the file
 * does not add Node globals to the app's type program.
 */
import { catalogueStatements, generateCatalogue } from "./catalogue.ts";
import { newsStatements } from "./news.ts";
import { reviewStatements } from "./reviews.ts";
import { shopStatements } from "./shop.ts";
import { sizeChartStatements } from "./size-charts.ts";

type NodeFs = {
  mkdirSync(path: string, options: { recursive: true }): unknown;
  writeFileSync(path: string, data: string, encoding: "utf8"): void;
};
type NodePath = { resolve(...paths: string[]): string; dirname(path: string): string };
type NodeProcess = {
  argv: string[];
  getBuiltinModule(id: "node:fs"): NodeFs;
  getBuiltinModule(id: "node:path"): NodePath;
};

const proc = (globalThis as unknown as { process: NodeProcess }).process;
const fs = proc.getBuiltinModule("node:fs");
const path = proc.getBuiltinModule("node:path");

const args = proc.argv.slice(2);
const out = path.resolve(args.find((a) => !a.startsWith("--")) ?? ".wrangler/seed/demo.sql");
const sizeArg = args.find((a) => a.startsWith("--products="));
const catalogue = generateCatalogue(sizeArg ? { products: Number(sizeArg.slice("--products=".length)) } : {});
const statements = catalogueStatements(catalogue);
// The demo reviews have their own fingerprint (a change to them leaves the catalogue, and the
// orders that name its sizes, alone), and go in after the shop's accounts.
const reviews = reviewStatements(catalogue);
// The demo news too: an article names the catalogue's products, so it is renewed with either.
const news = newsStatements(catalogue);

/** FNV-1a over the statements: enough to notice that the seed changed. */
function fingerprint(parts: string[]): string {
  let h = 0x811c9dc5;
  for (const part of parts) for (let i = 0; i < part.length; i++) h = Math.imul(h ^ part.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16);
}
const print = fingerprint(statements);
const reviewsPrint = fingerprint(reviews);
const newsPrint = fingerprint(news);
const staleNews = `NOT EXISTS (SELECT 1 FROM seed_meta WHERE key = 'news' AND value = '${newsPrint}')`;
const staleReviews = `NOT EXISTS (SELECT 1 FROM seed_meta WHERE key = 'reviews' AND value = '${reviewsPrint}')`;
const stale = `NOT EXISTS (SELECT 1 FROM seed_meta WHERE key = 'catalogue' AND value = '${print}')`;
// Children before parents (foreign keys are enforced).
const refresh = [
  "CREATE TABLE IF NOT EXISTS seed_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
  // Only the seeded reviews (no account; their choices and reactions go with them): shoppers' own stay.
  `DELETE FROM reviews WHERE user_id IS NULL AND (${staleReviews} OR ${stale})`,
  // The articles' products and texts go with them by cascade.
  `DELETE FROM news WHERE ${staleNews} OR ${stale}`,
  // A local database's orders name the old catalogue's sizes: they go with it (their lines by cascade).
  ...["refunds", "payments", "orders", "favourites", "cart_lines", "images", "skus", "product_translations", "products", "colors", "brands"].map(
    (t) => `DELETE FROM ${t} WHERE ${stale}`,
  ),
  `DELETE FROM categories WHERE ${stale} AND parent_id IS NOT NULL AND depth = 2`,
  `DELETE FROM categories WHERE ${stale} AND parent_id IS NOT NULL`,
  `DELETE FROM categories WHERE ${stale}`,
];
const done = `INSERT OR REPLACE INTO seed_meta (key, value) VALUES ('catalogue', '${print}')`;
fs.mkdirSync(path.dirname(out), { recursive: true });
const shop = await shopStatements();
const reviewsDone = `INSERT OR REPLACE INTO seed_meta (key, value) VALUES ('reviews', '${reviewsPrint}')`;
const newsDone = `INSERT OR REPLACE INTO seed_meta (key, value) VALUES ('news', '${newsPrint}')`;
fs.writeFileSync(
  out,
  `${[...refresh, ...statements, done, ...shop, ...sizeChartStatements(catalogue), ...reviews, reviewsDone, ...news, newsDone].join(";\n")};\n`,
  "utf8",
);
console.log(
  `wrote ${out}: ${statements.length} statements, ${catalogue.products.length} products, ` +
    `${catalogue.skus.length} sizes, ${catalogue.images.length} images`,
);
