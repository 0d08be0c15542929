// The Worker as `wrangler deploy` would upload it (a dry run, nothing leaves the machine),
// held to a size budget: Cloudflare's limit is 3 MB gzip on the free plan, and every kilobyte
// is parsed when an isolate starts. Part of npm test, after the build.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { run } from "./lib.mjs";

/** gzip KB of the uploaded modules (docs/performance.md). */
const BUDGET_KB = 300;

const out = mkdtempSync(join(tmpdir(), "bundle-"));
try {
  run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", out], { stdio: "ignore" });
  const files = (dir) => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
  const modules = files(out).filter((file) => /\.(m?js|wasm)$/.test(file));
  if (!modules.length) throw new Error("bundle-size: the dry run wrote no modules");
  const gzipKb = modules.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0) / 1024;
  const rawKb = modules.reduce((sum, file) => sum + statSync(file).size, 0) / 1024;
  const ok = gzipKb <= BUDGET_KB;
  console.log(`the Worker's upload: ${rawKb.toFixed(1)} KB, ${gzipKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB gzip) ${ok ? "ok" : "OVER"}`);
  if (!ok) process.exitCode = 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
