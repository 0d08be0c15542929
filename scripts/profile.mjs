// npm run profile -- <path> [renders]: where a page's render spends its CPU. The built Worker
// (build/server, same V8 as workerd) runs in Node with wrangler's local bindings; D1 answers
// come from memory after one real round trip each, so the profile is the Worker's own work.
// Prints self and total time per function (source-mapped; `SSR_MINIFY=0 npm run build` first
// names React's own functions too). Not a budget: `npm run bench` measures in workerd.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { SourceMapConsumer } from "source-map-js";
import { getPlatformProxy } from "wrangler";
import { localSessionSecret, STATE_DIR } from "./lib.mjs";

const path = process.argv[2] ?? "/";
const renders = Number(process.argv[3] ?? 500);
const proxy = await getPlatformProxy({ configPath: "build/server/wrangler.json", persist: { path: `${STATE_DIR}/v3` } });
const real = proxy.env.DB;
const memo = new Map();
async function answer(st, how, args) {
  const key = JSON.stringify([st.sql, st.args, how, args]);
  if (!memo.has(key))
    memo.set(
      key,
      JSON.parse(
        JSON.stringify(
          await real
            .prepare(st.sql)
            .bind(...st.args)
            [how](...args),
        ),
      ),
    );
  return structuredClone(memo.get(key));
}
const statement = (sql, args = []) => ({
  sql,
  args,
  bind: (...a) => statement(sql, a),
  all: () => answer({ sql, args }, "all", []),
  run: () => answer({ sql, args }, "run", []),
  raw: (...a) => answer({ sql, args }, "raw", a),
  first: (...a) => answer({ sql, args }, "first", a),
});
const DB = { prepare: (sql) => statement(sql), batch: (list) => Promise.all(list.map((s) => s.all())) };
const env = { ...proxy.env, DB, SESSION_SECRET: localSessionSecret() };
const worker = (await import("../build/server/index.js")).default;
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
const render = async () => {
  const res = await worker.fetch(new Request(`http://127.0.0.1${path}`, { headers: { Accept: "text/html", Cookie: process.env.COOKIE ?? "" } }), env, ctx);
  await res.arrayBuffer();
  return res.status;
};
console.log(`${path}: ${await render()}`);
for (let i = 0; i < 100; i++) await render(); // JIT tiers, caches
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 50 });
await session.post("Profiler.start");
const start = performance.now();
for (let i = 0; i < renders; i++) await render();
const wall = (performance.now() - start) / renders;
const { profile } = await session.post("Profiler.stop");
await proxy.dispose();
writeFileSync("/tmp/render.cpuprofile", JSON.stringify(profile));

const maps = new Map();
function place(frame) {
  const file = frame.url.replace("file://", "");
  if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, "utf8"))) : null);
  const o = maps.get(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const where = o?.source
    ? `${o.source.replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "")}:${o.line}`
    : `${file.split("/").pop()}:${frame.lineNumber + 1}`;
  return `${frame.functionName || o?.name || "(anonymous)"} ${where}`;
}
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((c) => [c, n.id])));
const names = new Map();
const name = (id) => names.get(id) ?? names.set(id, place(byId.get(id).callFrame)).get(id);
const self = new Map();
const total = new Map();
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i + 1] ?? 0;
  self.set(name(id), (self.get(name(id)) ?? 0) + us);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) if (!seen.has(name(cur))) seen.add(name(cur));
  for (const n of seen) total.set(n, (total.get(n) ?? 0) + us);
});
const top = (m, title, n) => {
  console.log(`\n${title} (ms per render)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log((v / 1000 / renders).toFixed(3).padStart(7), k);
};
console.log(`${renders} renders, ${wall.toFixed(2)} ms each (wall, this process); profile in /tmp/render.cpuprofile`);
top(self, "self", 30);
top(total, "total", 60);
