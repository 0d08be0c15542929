// npm start: build, prepare the local D1 with the demo catalogue, serve on workerd.
// PORT (default 8787) picks the port; the address is always 127.0.0.1. A line per request is
// shown as it is answered; --quiet (the browser tests' server) shows none. --state=<dir> serves
// another local state than the shop's own (each browser-test worker has its own server and D1).
import { createInterface } from "node:readline";
import { run, serveBuild, STATE_DIR, stopServer } from "./lib.mjs";

const port = Number(process.env.PORT) || 8787;
if (!process.argv.includes("--no-build")) run("npx", ["react-router", "build"]);
const state = process.argv.find((a) => a.startsWith("--state="))?.slice("--state=".length) ?? STATE_DIR;
run(process.execPath, ["scripts/db-setup.mjs", `--persist-to=${state}`]);
console.log(`\nServing the shop on http://127.0.0.1:${port}\n`);
// At "log" the Worker's console.log (the shop's request lines) shows; --quiet shows warnings only.
const quiet = process.argv.includes("--quiet");
const server = serveBuild({ port, state, vars: quiet ? [] : ["DEV_LOG:line"], logLevel: quiet ? "warn" : "log", stdio: ["inherit", "pipe", "inherit"] });
// Wrangler's own line per request says less than the shop's (no route, cache or D1): only the shop's is shown.
createInterface({ input: server.stdout }).on("line", (line) => {
  if (!/^\[wrangler:info\] [A-Z]+ \S+ \d{3} /.test(line)) console.log(line);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopServer(server));
server.on("exit", (code) => process.exit(code ?? 0));
