// npm start: build, prepare the local D1 with the demo catalogue, serve on workerd.
// PORT (default 8787) picks the port; the address is always 127.0.0.1.
import { run, serveBuild, stopServer } from "./lib.mjs";

const port = Number(process.env.PORT) || 8787;
if (!process.argv.includes("--no-build")) run("npx", ["react-router", "build"]);
run(process.execPath, ["scripts/db-setup.mjs"]);
console.log(`\nServing the shop on http://127.0.0.1:${port}\n`);
const server = serveBuild({ port });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopServer(server));
server.on("exit", (code) => process.exit(code ?? 0));
