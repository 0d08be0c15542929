// Applies the D1 migrations to the local database and loads the demo catalogue.
// Safe to run any number of times: migrations are tracked, the seed uses INSERT OR IGNORE.
//
//   npm run db:setup                         the demo catalogue (320 products)
//   npm run db:setup -- --products=50000     a catalogue of that size, to measure at a real shop's size
//   npm run db:setup -- --persist-to=<dir>   another local state (the bench keeps its big catalogue apart)
import { run, STATE_DIR } from "./lib.mjs";

const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const products = option("products");
if (products !== undefined && !/^[1-9]\d{0,6}$/.test(products)) {
  console.error(`--products must be a whole number from 1 up, got "${products}"`);
  process.exit(2);
}
const state = option("persist-to") ?? STATE_DIR;
// Another state's seed is a file of its own: two setups at once (the browser tests' servers) never write one file.
const seedFile = `.wrangler/seed/demo${products ? `-${products}` : ""}${state === STATE_DIR ? "" : `-${state.replace(/\W+/g, "-")}`}.sql`;
/** `wrangler d1 <command…> DB <args…>` against the local state. */
const d1 = (command, ...args) => run("npx", ["wrangler", "d1", ...command.split(" "), "DB", ...args, "--local", "--persist-to", state]);
d1("migrations apply");
run(process.execPath, ["workers/seed/demo.ts", seedFile, ...(products ? [`--products=${products}`] : [])]);
d1("execute", "--file", seedFile);
// The photos its pictures name, into the same state's R2.
run(process.execPath, ["scripts/demo-photos.mjs", `--persist-to=${state}`]);
// Every local start begins with fresh rate-limit counters: all local requests share one
// client address, so yesterday's test run must not lock today's sign-ups.
d1("execute", "--command", "DELETE FROM rate_limits");
