// npm test: every check, in order of speed. Stops at the first failure.
import { run } from "./lib.mjs";

const steps = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint and format (Biome: no import cycles, formatting)", "npm", ["run", "lint"]],
  ["unit and worker tests (vitest; the import boundaries and table owners are unit tests)", "npx", ["vitest", "run"]],
  ["production build", "npx", ["react-router", "build"]],
  ["end-to-end tests (Playwright, JavaScript on and off)", "npx", ["playwright", "test"]],
];
for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  run(cmd, args);
}
console.log("\n✓ all tests passed");
