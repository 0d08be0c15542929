/**
 * Writes the demo catalogue as SQL for `wrangler d1 execute DB --local --file <file>`.
 *
 *   node workers/seed/demo.ts [out.sql]      (default .wrangler/seed/demo.sql)
 *
 * Statements are INSERT OR IGNORE with explicit ids, so applying the file twice is a no-op.
 *
 * The app's tsconfig covers workers/** without Node's types, so node:fs and node:path are
 * reached through process.getBuiltinModule (Node >= 22.3) and typed locally here; the file
 * does not add Node globals to the app's type program.
 */
import { catalogueStatements, generateCatalogue } from "./catalogue.ts";

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

const out = path.resolve(proc.argv[2] ?? ".wrangler/seed/demo.sql");
const catalogue = generateCatalogue();
const statements = catalogueStatements(catalogue);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, statements.join(";\n") + ";\n", "utf8");
console.log(
  `wrote ${out}: ${statements.length} statements, ${catalogue.products.length} products, ` +
    `${catalogue.skus.length} sizes, ${catalogue.images.length} images`,
);
