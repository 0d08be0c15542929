// Applies the D1 migrations to the local database and loads the demo catalogue.
// Safe to run any number of times: migrations are tracked, the seed uses INSERT OR IGNORE.
import { run, STATE_DIR } from "./lib.mjs";

const seedFile = ".wrangler/seed/demo.sql";
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE_DIR]);
run(process.execPath, ["workers/seed/demo.ts", seedFile]);
run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", STATE_DIR, "--file", seedFile]);
run(process.execPath, ["scripts/demo-photos.mjs"]);
// Every local start begins with fresh rate-limit counters: all local requests share one
// client address, so yesterday's test run must not lock today's sign-ups.
run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", STATE_DIR, "--command", "DELETE FROM rate_limits"]);
