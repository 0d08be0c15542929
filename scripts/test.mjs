// npm test: every check, in order of speed. Stops at the first failure, and
// says how long each tier took (a failed run too: where the time went, and where it stopped).
import { run } from "./lib.mjs";

const steps = [
  ["typecheck", "typecheck", "npm", ["run", "typecheck"]],
  ["lint", "lint and format (Biome: no import cycles, formatting)", "npm", ["run", "lint"]],
  ["vitest", "unit and worker tests (vitest; the import boundaries and table owners are unit tests)", "npx", ["vitest", "run"]],
  ["build", "production build", "npx", ["react-router", "build"]],
  ["bundle", "the Worker's upload against its size budget (wrangler deploy --dry-run)", process.execPath, ["scripts/bundle-size.mjs"]],
  ["playwright", "end-to-end tests (Playwright, JavaScript on and off)", "npx", ["playwright", "test"]],
];

const started = performance.now();
const took = [];
let current = null;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);

// `run` exits the process on a failure: the summary is printed on the way out.
process.on("exit", (code) => {
  if (current) took.push([`${current.tier} (failed)`, performance.now() - current.since]);
  console.log(code === 0 ? "\n✓ all tests passed" : "\n✗ stopped at the first failure");
  for (const [tier, ms] of took) console.log(`  ${tier.padEnd(19)}${seconds(ms)}`);
  console.log(`  ${"total".padEnd(19)}${seconds(performance.now() - started)}`);
});

for (const [tier, title, cmd, args] of steps) {
  console.log(`\n▶ ${title}`);
  current = { tier, since: performance.now() };
  run(cmd, args);
  took.push([tier, performance.now() - current.since]);
  current = null;
}
