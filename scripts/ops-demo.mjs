// Plays the shop's ERP against a running shop (npm start): imports a price change (the
// catalogue's first product 10 % off, through POST /api/ops/catalogue), reads the orders' feed from the
// cursor it acknowledged, confirms every new order and ships the confirmed ones with a
// tracking number, then acknowledges what it stored. Run twice with the same OPS_KEY, the
// second run sees only the orders the first one changed (their new steps), and ships them.
//
//   node scripts/ops-demo.mjs [base-url]        (default http://127.0.0.1:8787)
//
// OPS_KEY=ops_… uses that key (orders:write, and catalogue:write for the price); without
// it, a key with both is made on the local D1.
import { execFileSync } from "node:child_process";

const base = process.argv[2] ?? "http://127.0.0.1:8787";
const key =
  process.env.OPS_KEY ??
  /\b(ops_[0-9a-f]{8}_[A-Za-z0-9_-]{43})\b/.exec(
    execFileSync(process.execPath, ["scripts/ops-key.mjs", "create", `demo-erp-${Date.now()}`, "orders:write,catalogue:write"], { encoding: "utf8" }),
  )[1];

async function call(path, body) {
  const res = await fetch(`${base}${path}`, {
    method: body ? "POST" : "GET",
    headers: { Authorization: `Bearer ${key}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  if (!res.ok && res.status !== 409) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
  return { status: res.status, answer };
}

const [first] = await (await fetch(`${base}/api/catalog/v3/products?per-page=1&lang=ru`)).json();
if (first) {
  const salePrice = Math.round((first.salePrice * 0.9) / 1000) * 1000;
  try {
    const { answer } = await call("/api/ops/catalogue?lang=ru", {
      batchId: `demo-price-${first.slug}-${salePrice}`,
      prices: [{ slug: first.slug, firstPrice: first.firstPrice, salePrice }],
    });
    console.log(`${first.slug}: ${first.salePrice} → ${salePrice} UZS (${answer.applied ? "imported" : "imported before"})`);
  } catch (e) {
    console.log(`no price change: ${e.message}`);
  }
}

let more = true;
while (more) {
  const { answer: feed } = await call("/api/ops/orders?lang=ru&limit=50");
  for (const order of feed.orders) {
    const next = order.state === "new" ? { status: "confirmed" } : order.state === "confirmed" ? { status: "shipped", tracking: `DEMO-${order.id}` } : null;
    if (!next) {
      console.log(`${order.number}: ${order.state}, nothing to do`);
      continue;
    }
    const { status, answer } = await call(`/api/ops/orders/${order.id}/status?lang=ru`, next);
    console.log(`${order.number}: ${order.state} → ${next.status} (${status === 200 ? "done" : answer.message})`);
  }
  await call("/api/ops/orders/ack", { cursor: feed.cursor });
  console.log(`acknowledged up to ${feed.cursor}`);
  more = feed.more;
}
