// npm run load: a bounded mixed run against the production build on workerd (its local D1),
// for each number of shoppers: 80 % browse anonymous pages, 10 % search, 10 % buy (add to the
// cart, the checkout's steps, a placed order, its page). Prints status counts, p50/p95/p99 per
// kind and the Worker's memory beside the goals; exits 1 when a goal is missed.
//   npm run load -- [--no-build] [--shoppers=50,200] [--seconds=20]
// autocannon keeps one connection per shopper and sends its next request when the last is
// answered (a closed loop): the figures are what that many shoppers without think time get.
import autocannon from "autocannon";
import { run, serveBuild, stopServer, waitForHttp, workerdRssMb } from "./lib.mjs";

const PORT = Number(process.env.LOAD_PORT) || 8798;
const BASE = `http://127.0.0.1:${PORT}`;
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const SHOPPERS = arg("shoppers", "50,200").split(",").map(Number);
const SECONDS = Number(arg("seconds", "20"));
/** Goals for the largest run, with the edge cache warm. */
const GOALS = { serverErrors: 0, dropped: 0, p99: 500 };

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const address = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const phone = () =>
  `+998 90 ${String(Math.floor(Math.random() * 1e7))
    .padStart(7, "0")
    .replace(/(\d{3})(\d{2})(\d{2})/, "$1 $2 $3")}`;

/** What the anonymous shopper browses and the buyer buys: read from the shop itself. */
async function catalogue() {
  const text = async (path) => (await fetch(BASE + path)).text();
  const listings = [
    "/",
    "/ru",
    "/uk",
    "/store",
    "/store?page=2",
    "/ru/store",
    "/store/women",
    "/store/men",
    "/store/kids",
    "/ru/store/women/footwear",
    "/store?sort=price_asc",
  ];
  const products = new Set();
  for (const path of ["/store", "/store?page=2", "/store?page=3", "/ru/store/men"])
    for (const m of (await text(path)).matchAll(/href="\/product\/([a-z0-9-]+)"/g)) products.add(m[1]);
  const skus = [];
  for (const slug of [...products].slice(0, 30)) {
    const html = await text(`/product/${slug}`);
    if (html.includes('class="badge badge--club"')) continue;
    for (const m of html.matchAll(/<input type="radio" name="purchasableId" value="(\d+)"\/>/g)) skus.push(m[1]);
  }
  if (!products.size || !skus.length) throw new Error("load: no products or sizes found in the catalogue");
  const pages = [...listings, ...[...products].map((slug) => `/product/${slug}`), ...[...products].slice(0, 10).map((slug) => `/ru/product/${slug}`)];
  return { pages, skus };
}

const SEARCHES = ["krossovka", "кроссовки", "ko'ylak", "куртка", "shim", "сапоги", "futbolka", "платье", "poyabzal", "sumka", "шапка", "jinsi"];

const form = (fields) => new URLSearchParams(fields).toString();
const POST = { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, "Sec-Fetch-Site": "same-origin" };

/** Orders the buyers placed (their pages answered with the order's number). */
let ordersPlaced = 0;

/** The buyer's journey: a new guest each time round (its own address, phone and cookies). */
function journey(skus) {
  const withCookie = (context, request) => ({
    ...request,
    headers: { ...request.headers, "CF-Connecting-IP": context.ip, ...(context.cookie ? { Cookie: context.cookie } : {}) },
  });
  const keep = (context, headers) => {
    for (const [name, value] of Object.entries(headers)) {
      if (name.toLowerCase() !== "set-cookie") continue;
      for (const cookie of [value].flat()) {
        const [pair] = cookie.split(";");
        const [key] = pair.split("=");
        context.jar.set(key, pair);
      }
    }
    context.cookie = [...context.jar.values()].join("; ");
  };
  const step = (method, path, fields, after) => ({
    method,
    path,
    setupRequest: (request, context) => {
      if (path === "start") {
        context.ip = address();
        context.jar = new Map();
        context.cookie = "";
        context.phone = phone();
        return withCookie(context, { ...request, path: "/store", method: "GET" });
      }
      const body = fields && form(typeof fields === "function" ? fields(context) : fields);
      const target = typeof path === "function" ? path(context) : path;
      return withCookie(context, { ...request, path: target, method, ...(body ? { body, headers: { ...request.headers, ...POST } } : {}) });
    },
    onResponse: (_status, _body, context, headers) => {
      keep(context, headers);
      after?.(context, headers);
    },
  });
  return [
    step("GET", "start"),
    step("POST", "/cart", () => ({ intent: "add", purchasableId: pick(skus), quantity: "1", redirectTo: "/cart" })),
    step("GET", "/cart"),
    step("POST", "/checkout", (context) => ({ intent: "contacts", name: "Load Test", phone: context.phone })),
    step("POST", "/checkout", { intent: "city", cityId: "1" }),
    step("POST", "/checkout", { intent: "delivery", cityId: "1", deliveryTypeId: "1", street: "Amir Temur", house: "15" }),
    step("POST", "/checkout", { intent: "payment", paymentMethod: "cash" }),
    step("POST", "/checkout", { intent: "place" }, (context, headers) => {
      const location = Object.entries(headers).find(([name]) => name.toLowerCase() === "location")?.[1];
      context.done = typeof location === "string" && location.includes("/checkout/done/") ? location : null;
      if (context.done) ordersPlaced++;
    }),
    step("GET", (context) => context.done ?? "/cart"),
  ];
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

/** One kind of shopper for the run's length: its statuses and response times. */
function shoppers(kind, connections, requests) {
  const times = [];
  const statuses = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: BASE, connections, duration: SECONDS, timeout: 10, requests }, (error, result) => {
      if (error) return reject(error);
      times.sort((a, b) => a - b);
      resolve({
        kind,
        connections,
        requests: times.length,
        statuses,
        errors: result.errors,
        timeouts: result.timeouts,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
      });
    });
    instance.on("response", (_client, status, _bytes, time) => {
      times.push(Math.round(time));
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

if (!process.argv.includes("--no-build")) run("npx", ["react-router", "build"]);
run(process.execPath, ["scripts/db-setup.mjs"], { stdio: "ignore" });
const server = serveBuild({ port: PORT, stdio: "ignore" });
let missed = 0;
try {
  await waitForHttp(`${BASE}/robots.txt`);
  const { pages, skus } = await catalogue();
  // Every anonymous page once, so the edge cache (where there is one) is warm.
  for (const path of pages) await (await fetch(BASE + path)).arrayBuffer();
  for (const path of SEARCHES) await (await fetch(`${BASE}/search?q=${encodeURIComponent(path)}`)).arrayBuffer();
  const rssBefore = workerdRssMb(server);
  for (const total of SHOPPERS) {
    const buyers = Math.max(1, Math.round(total / 10));
    const searchers = Math.max(1, Math.round(total / 10));
    const browsers = Math.max(1, total - buyers - searchers);
    const started = Date.now();
    ordersPlaced = 0;
    const results = await Promise.all([
      shoppers("browse", browsers, [
        { setupRequest: (request) => ({ ...request, path: pick(pages), headers: { ...request.headers, "CF-Connecting-IP": address() } }) },
      ]),
      shoppers("search", searchers, [
        {
          setupRequest: (request) => ({
            ...request,
            path: `${pick(["", "/ru"])}/search?q=${encodeURIComponent(pick(SEARCHES))}`,
            headers: { ...request.headers, "CF-Connecting-IP": address() },
          }),
        },
      ]),
      shoppers("buy", buyers, journey(skus)),
    ]);
    const seconds = (Date.now() - started) / 1000;
    console.log(`\n${total} shoppers for ${SECONDS} s (${browsers} browse, ${searchers} search, ${buyers} buy), ${seconds.toFixed(0)} s in all`);
    console.log("kind     shoppers  requests     p50     p95     p99  statuses                         dropped");
    let serverErrors = 0;
    let dropped = 0;
    let worst = 0;
    for (const r of results) {
      const fivexx = Object.entries(r.statuses)
        .filter(([s]) => Number(s) >= 500)
        .reduce((n, [, c]) => n + c, 0);
      serverErrors += fivexx;
      dropped += r.errors + r.timeouts;
      worst = Math.max(worst, r.p99);
      const statuses = Object.entries(r.statuses)
        .map(([s, c]) => `${s}×${c}`)
        .join(" ");
      console.log(
        `${r.kind.padEnd(8)} ${String(r.connections).padStart(8)} ${String(r.requests).padStart(9)} ${`${r.p50} ms`.padStart(7)} ${`${r.p95} ms`.padStart(7)} ${`${r.p99} ms`.padStart(7)}  ${statuses.padEnd(32)} ${r.errors + r.timeouts}`,
      );
    }
    console.log(`orders placed: ${ordersPlaced}`);
    const rss = workerdRssMb(server);
    console.log(`the Worker's workerd: ${rss.toFixed(0)} MB resident (${(rss - rssBefore).toFixed(0)} MB more than before the runs)`);
    if (total === Math.max(...SHOPPERS)) {
      const rows = [
        ["5xx answers", serverErrors, GOALS.serverErrors, ""],
        ["dropped connections and timeouts", dropped, GOALS.dropped, ""],
        ["p99, the slowest kind", worst, GOALS.p99, " ms"],
      ];
      for (const [what, value, goal, unit] of rows) {
        const ok = value <= goal;
        if (!ok) missed++;
        console.log(`${what.padEnd(36)} ${`${value}${unit}`.padStart(8)}  goal ≤ ${goal}${unit}  ${ok ? "ok" : "MISSED"}`);
      }
    }
  }
} finally {
  stopServer(server);
}
process.exit(missed ? 1 : 0);
