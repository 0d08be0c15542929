// Helpers shared by the project's scripts (start, test, bench, load).
import { execSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const STATE_DIR = ".wrangler/state";

// Wrangler and miniflare must not try to reach Cloudflare from this machine.
export const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: process.env.CI ?? "true" };

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: quietEnv, ...opts });
  if (r.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} exited with ${r.status}`);
    process.exit(r.status ?? 1);
  }
}

/**
 * The local session secret, made once and kept under .wrangler/ (git-ignored).
 * Not in .dev.vars, so `wrangler types` output is the same on every machine.
 */
export function localSessionSecret() {
  const file = ".wrangler/local-session-secret";
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(".wrangler", { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret);
  return secret;
}

/** Serves the production build on workerd (wrangler dev against build/server). */
export function serveBuild({ port, stdio = "inherit", vars = [], state = STATE_DIR, logLevel = "warn" }) {
  return spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--config",
      "build/server/wrangler.json",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      state,
      "--var",
      `SESSION_SECRET:${localSessionSecret()}`,
      // Local runs have no SMS/e-mail provider: /dev/outbox shows what was sent.
      "--var",
      "DEV_OUTBOX:1",
      // No Click account here: /dev/pay/click plays Click's page and its signed callbacks.
      // Nor a Payme cash register: /dev/pay/payme plays Payme's page and its calls; Click's refunds and
      // receipts go to its API's stand-in on the shop itself, Payme's refunds to its cabinet's.
      ...[
        "DEV_PAYMENTS:1",
        "CLICK_SERVICE_ID:4242",
        "CLICK_MERCHANT_ID:77",
        "CLICK_SECRET_KEY:local-click-secret",
        "CLICK_PAY_URL:/dev/pay/click",
        "CLICK_API_URL:/dev/pay/click-api",
        "CLICK_MERCHANT_USER_ID:55",
        "PAYME_MERCHANT_ID:5e730e8e0b852a417aa49ceb",
        "PAYME_KEY:local-payme-key",
        "PAYME_CHECKOUT_URL:/dev/pay/payme",
        // Click's fiscal receipts need the seller's TIN (a made-up one here) and the unit code.
        "SELLER_TIN:123456789",
        "CLICK_RECEIPT_UNITS:1501",
      ].flatMap((v) => ["--var", v]),
      // Turnstile with Cloudflare's always-passing test keys (invisible), verified and drawn by
      // local stand-ins (no network here): its dummy token is accepted, as Cloudflare would.
      ...[
        "DEV_CAPTCHA:1",
        "TURNSTILE_SITE_KEY:1x00000000000000000000BB",
        "TURNSTILE_SECRET_KEY:1x0000000000000000000000000000000AA",
        "TURNSTILE_VERIFY_URL:/dev/turnstile/siteverify",
        "TURNSTILE_SCRIPT_URL:/dev/turnstile/api.js",
      ].flatMap((v) => ["--var", v]),
      // No image resizer here: /cdn-cgi/image/… stands in for Cloudflare's (photos' srcset).
      "--var",
      "DEV_IMAGES:1",
      // Browser tests see read-only mode with a cookie (dev_maintenance=read-only) on this one server.
      "--var",
      "DEV_MAINTENANCE_COOKIE:1",
      ...vars.flatMap((v) => ["--var", v]),
      "--show-interactive-dev-session=false",
      "--log-level",
      logLevel,
    ],
    // Its own process group, so stopping it stops wrangler's workerd children too.
    { stdio, env: quietEnv, detached: true },
  );
}

export function stopServer(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Resident memory (MB) of the workerd that runs the Worker (wrangler's own dev proxy is a second workerd, without an inspector). */
export function workerdRssMb(server) {
  const pid = execSync(`pgrep -g ${server.pid} -f "workerd serve.*--inspector-addr" || true`, { encoding: "utf8" }).split("\n").filter(Boolean)[0];
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return kb / 1024;
}

/** gzip KB of the Worker's upload (docs/performance.md). */
export const UPLOAD_BUDGET_KB = 312;

/**
 * The Worker as `npm run deploy` uploads it: built without the local stand-ins
 * (SHOP_STAND_INS=0) into build/deployed, then the modules `wrangler deploy --dry-run`
 * writes, raw and gzip (level 9), in KB.
 */
export function deployedUpload() {
  const dir = "build/deployed";
  // The build points wrangler's commands at itself (.wrangler/deploy/config.json): put back the
  // build the local server runs, so they keep going to it.
  const redirect = ".wrangler/deploy/config.json";
  const before = existsSync(redirect) ? readFileSync(redirect, "utf8") : null;
  const out = mkdtempSync(join(tmpdir(), "bundle-"));
  try {
    run("npx", ["react-router", "build"], { stdio: "ignore", env: { ...quietEnv, SHOP_STAND_INS: "0", SHOP_BUILD_DIR: dir } });
    run("npx", ["wrangler", "deploy", "--dry-run", "--config", `${dir}/server/wrangler.json`, "--outdir", out], { stdio: "ignore" });
    const files = (d) => readdirSync(d).flatMap((name) => (statSync(join(d, name)).isDirectory() ? files(join(d, name)) : [join(d, name)]));
    const modules = files(out).filter((file) => /\.(m?js|wasm)$/.test(file));
    if (!modules.length) throw new Error("bundle-size: the dry run wrote no modules");
    return {
      gzipKb: modules.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0) / 1024,
      rawKb: modules.reduce((sum, file) => sum + statSync(file).size, 0) / 1024,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
    if (before !== null) writeFileSync(redirect, before);
    else rmSync(redirect, { force: true });
  }
}
