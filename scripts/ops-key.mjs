// Keys of the operations API (/api/ops/…): make one for a client, revoke it, list them.
//
//   node scripts/ops-key.mjs create <name> <scope>[,<scope>…] [--remote]
//   node scripts/ops-key.mjs revoke <name> [--remote]
//   node scripts/ops-key.mjs list [--remote]
//   … --persist-to=<dir>   another local state than the shop's own (a browser-test worker's)
//
// Scopes: catalogue:write, orders:write, reviews:moderate. `create` prints the key once:
// only its SHA-256 is stored (app/ops/keys.server.ts checks keys the same way). Without
// --remote it works on the local D1 (.wrangler/state), with it on the production database
// (wrangler must be logged in). docs/decisions/018-ops-api-keys.md explains the choice.
import { createHash, randomBytes } from "node:crypto";
import { run, STATE_DIR } from "./lib.mjs";

const SCOPES = ["catalogue:write", "orders:write", "reviews:moderate"];
const [command, ...rest] = process.argv.slice(2);
const remote = rest.includes("--remote");
const state = rest.find((a) => a.startsWith("--persist-to="))?.slice("--persist-to=".length) ?? STATE_DIR;
const [name, scopeList] = rest.filter((a) => a !== "--remote" && !a.startsWith("--persist-to="));
const where = remote ? ["--remote"] : ["--local", "--persist-to", state];

function usage(message) {
  if (message) console.error(`✗ ${message}`);
  console.error("usage: node scripts/ops-key.mjs create <name> <scope>[,<scope>…] | revoke <name> | list   [--remote | --persist-to=<dir>]");
  process.exit(2);
}

/** A name or scope goes into SQL: only plain characters are taken, so no quoting can go wrong. */
const plain = (text) => /^[A-Za-z0-9._-]{1,64}$/.test(text ?? "");
const sql = (command) => run("npx", ["wrangler", "d1", "execute", "DB", ...where, "--command", command]);

if (command === "create") {
  if (!plain(name)) usage("a name: letters, digits, . _ - (up to 64)");
  const scopes = (scopeList ?? "").split(",").filter(Boolean);
  if (!scopes.length || scopes.some((s) => !SCOPES.includes(s))) usage(`scopes among ${SCOPES.join(", ")}`);
  const bytes = randomBytes(36);
  const prefix = bytes.subarray(0, 4).toString("hex");
  const key = `ops_${prefix}_${bytes.subarray(4).toString("base64url")}`;
  const hash = createHash("sha256").update(key).digest("hex");
  sql(`INSERT INTO ops_clients (name, prefix, key_hash, scopes) VALUES ('${name}', '${prefix}', '${hash}', '${scopes.join(" ")}')`);
  console.log(`\nKey for ${name} (${scopes.join(", ")}), shown this once:\n\n  ${key}\n\nSend it as: Authorization: Bearer ${key}`);
} else if (command === "revoke") {
  if (!plain(name)) usage("the client's name");
  sql(`UPDATE ops_clients SET revoked_at = unixepoch() WHERE name = '${name}' AND revoked_at IS NULL`);
} else if (command === "list") {
  sql(
    "SELECT name, prefix, scopes, datetime(created_at, 'unixepoch') AS created, datetime(revoked_at, 'unixepoch') AS revoked, orders_cursor FROM ops_clients ORDER BY id",
  );
} else usage();
