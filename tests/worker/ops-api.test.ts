import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { lapseUnconfirmedOrders } from "~/orders/index.server";
import { revokeOpsKey } from "~/ops/index.server";
import { catalogue, get, GOOGLEBOT, ORIGIN, post, testText } from "./helpers";
import { buyable, clientAddress, ip, ops, opsKey, order, Shopper, signUp, stockOf } from "./fixtures";

/** The operations API: scoped keys, the orders' feed, the shop's steps of an order, moderation. */

type OpsOrder = {
  id: number;
  number: string;
  status: string;
  state: string;
  tracking: string | null;
  version: number;
  contact: { name: string; phone: string };
  delivery: { city: string; type: string; address: string };
  payment: { method: string; paid: boolean };
  orderItems: { skuId: number; quantity: number }[];
  timeline: { state: string; at: number; tracking: string | null }[];
};
type Feed = { since: number; cursor: number; more: boolean; orders: OpsOrder[] };

/** A guest's order of `quantity` of a product's size (cash, courier): its id, number and sku. */
async function placed(offset: number, quantity = 1, s: Shopper = new Shopper()) {
  const key = `ops-${offset}-${crypto.randomUUID()}`;
  const { sku } = buyable(offset, { stock: quantity + 2 });
  await s.add(sku.id, quantity);
  const res = await s.place(order(key));
  expect(res.status).toBe(201);
  const { order: o } = (await res.json()) as { order: { id: number; number: string } };
  return { id: o.id, number: o.number, sku, shopper: s };
}

const step = (key: string, id: number | string, body: unknown) => ops(`/api/ops/orders/${id}/status?lang=ru`, key, { body });
const feed = async (key: string, query = "") => {
  const res = await ops(`/api/ops/orders?lang=ru${query}`, key);
  expect(res.status).toBe(200);
  return (await res.json()) as Feed;
};
/** The feed's end now: a cursor that hands out only what comes after. */
const end = async () => (await env.DB.prepare("SELECT COALESCE(MAX(id), 0) AS n FROM order_history").first<{ n: number }>())!.n;
const auditOf = async (client: string) =>
  (await env.DB.prepare("SELECT client, method, path, status FROM ops_audit WHERE client = ? ORDER BY id").bind(client).all()).results;

describe("the operations API's keys", () => {
  it("without a key, or with a wrong or revoked one, every path answers 401 (never 404 or 405), private, with WWW-Authenticate", async () => {
    const key = await opsKey(["orders:write"], "revoked-erp");
    const wrong = `${key.slice(0, -4)}AAAA`;
    const paths: [string, string][] = [
      ["GET", "/api/ops/orders"],
      ["POST", "/api/ops/orders/ack"],
      ["POST", "/api/ops/orders/1/status"],
      ["POST", "/api/ops/orders/999999/status"],
      ["GET", "/api/ops/reviews"],
      ["POST", "/api/ops/reviews/1"],
      ["GET", "/api/ops/no-such-operation"],
      ["DELETE", "/api/ops/orders"],
      ["GET", "/api/ops"],
    ];
    expect(await revokeOpsKey(env.DB, "revoked-erp")).toBe(true);
    for (const given of [null, wrong, key, "Basic abc", "ops_00000000_short"])
      for (const [method, path] of paths) {
        const res = await ops(`${path}?lang=ru`, given, { method, body: method === "GET" ? undefined : {} });
        expect(res.status, `${method} ${path} with ${given}`).toBe(401);
        expect(res.headers.get("WWW-Authenticate")).toBe('Bearer realm="ops"');
        expect(res.headers.get("Cache-Control")).toBe("private, no-store");
        expect(await res.json()).toEqual({ success: false, message: "Нужен действующий ключ операций (Authorization: Bearer …)." });
      }
  });

  it("a key without the call's scope gets 403; with it, the call; an unknown path or method is 404 or 405 only behind the key", async () => {
    const reviewer = await opsKey(["reviews:moderate"]);
    const denied = await ops("/api/ops/orders?lang=uk", reviewer);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ message: "Цей ключ не має права orders:write." });
    expect((await ops("/api/ops/reviews", reviewer)).status).toBe(200);
    const unknown = await ops("/api/ops/whatever?lang=ru", reviewer);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, message: "Такой операции нет." });
    const method = await ops("/api/ops/reviews", reviewer, { method: "PUT", body: {} });
    expect(method.status).toBe(405);
    expect(method.headers.get("Allow")).toBe("GET, HEAD");
  });

  it("every call leaves an audit line: who, what, when, the answer's status, nothing personal", async () => {
    const key = await opsKey(["orders:write"], "audited-erp");
    const { id } = await placed(1);
    await feed(key);
    await step(key, id, { status: "confirmed" });
    await step(key, id, { status: "delivered" });
    expect(await auditOf("audited-erp")).toEqual([
      { client: "audited-erp", method: "GET", path: "/api/ops/orders", status: 200 },
      { client: "audited-erp", method: "POST", path: `/api/ops/orders/${id}/status`, status: 200 },
      { client: "audited-erp", method: "POST", path: `/api/ops/orders/${id}/status`, status: 409 },
    ]);
    const anonymous = await env.DB.prepare("SELECT client, status, at FROM ops_audit WHERE client = '-' LIMIT 1").first<{ status: number; at: number }>();
    expect(anonymous).toMatchObject({ client: "-", status: 401 });
    // The daily clean-up keeps 90 days of them.
    await env.DB.prepare(
      "INSERT INTO ops_audit (client, method, path, status, at) VALUES ('old-erp', 'GET', '/api/ops/orders', 200, unixepoch() - 91 * 86400)",
    ).run();
    const { purgeExpired } = await import("../../workers/maintenance");
    await purgeExpired(env.DB);
    expect(await auditOf("old-erp")).toEqual([]);
    expect(await auditOf("audited-erp")).toHaveLength(3);
    const columns = (await env.DB.prepare("SELECT name FROM pragma_table_info('ops_audit')").all<{ name: string }>()).results.map((c) => c.name);
    expect(columns).toEqual(["id", "client", "method", "path", "status", "at"]);
  });

  it("repeated failures from one address are limited: the 21st try in 10 minutes is 429 with Retry-After; valid calls are not counted", async () => {
    const key = await opsKey(["orders:write"]);
    const address = { "CF-Connecting-IP": clientAddress() };
    for (let i = 0; i < 30; i++) expect((await ops("/api/ops/reviews", key, { headers: address })).status).toBe(403);
    for (let i = 0; i < 20; i++) expect((await ops("/api/ops/orders", `ops_0000000${i % 10}_${"x".repeat(43)}`, { headers: address })).status).toBe(401);
    const limited = await ops("/api/ops/orders?lang=ru", key, { headers: address });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ message: "Слишком много попыток. Попробуйте позже." });
    expect((await ops("/api/ops/orders", key)).status).toBe(200);
  });
});

describe("orders out: the feed and its acknowledgement", () => {
  it("hands out new orders with lines, delivery, payment and contact; acknowledged, they are not handed out again; a change brings one back", async () => {
    const key = await opsKey(["orders:write"]);
    const first = { cursor: await end() };
    await ops("/api/ops/orders/ack", key, { body: { cursor: first.cursor } });
    expect((await feed(key)).orders).toEqual([]);

    const a = await placed(2);
    const b = await placed(3, 2);
    const fresh = await feed(key);
    expect(fresh.orders.map((o) => o.number)).toEqual([a.number, b.number]);
    const got = fresh.orders[1]!;
    expect(got).toMatchObject({
      id: b.id,
      state: "new",
      contact: { name: "Dilnoza", phone: "+998901234567" },
      delivery: { city: expect.any(String), type: expect.any(String), address: expect.stringContaining("Amir Temur") },
      payment: { method: "cash", paid: false },
      orderItems: [{ skuId: b.sku.id, quantity: 2 }],
      timeline: [{ state: "placed", tracking: null }],
    });
    // Not acknowledged: the same orders again (nothing lost when the client failed to store them).
    expect((await feed(key)).orders.map((o) => o.number)).toEqual([a.number, b.number]);
    const acked = await ops("/api/ops/orders/ack", key, { body: { cursor: fresh.cursor } });
    expect(await acked.json()).toEqual({ success: true, cursor: fresh.cursor });
    expect((await feed(key)).orders).toEqual([]);
    // A late, repeated ack of an older cursor moves nothing back; one past the feed's end is refused.
    await ops("/api/ops/orders/ack", key, { body: { cursor: first.cursor } });
    expect((await feed(key)).orders).toEqual([]);
    const ahead = await ops("/api/ops/orders/ack?lang=ru", key, { body: { cursor: fresh.cursor + 1000 } });
    expect(ahead.status).toBe(422);
    expect(await ahead.json()).toMatchObject({ errors: [{ field: "cursor", message: "Такого курсора лента ещё не выдавала." }] });
    const bad = await ops("/api/ops/orders?since=-1&lang=ru", key);
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ errors: [{ field: "since" }] });

    expect((await step(key, a.id, { status: "confirmed" })).status).toBe(200);
    const changed = await feed(key);
    expect(changed.orders.map((o) => [o.number, o.state])).toEqual([[a.number, "confirmed"]]);
    expect(changed.orders[0]!.version).toBe(changed.cursor);
    // Each client keeps its own place in the feed.
    const other = await opsKey(["orders:write"]);
    expect((await feed(other)).orders.map((o) => o.number)).toEqual(expect.arrayContaining([a.number, b.number]));
  });

  it("pages of `limit` orders, followed by their cursors, hand out every order once, even while orders change between pages", async () => {
    const key = await opsKey(["orders:write"]);
    const start = await end();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await placed(4 + i));
    const seen: string[] = [];
    let cursor = start;
    for (let page = 0; page < 10; page++) {
      const got = await feed(key, `&since=${cursor}&limit=2`);
      seen.push(...got.orders.map((o) => o.number));
      cursor = got.cursor;
      // The first order changes after it was handed out: it comes once more, later.
      if (page === 0) await step(key, made[0]!.id, { status: "confirmed" });
      if (!got.more) break;
    }
    expect(seen).toEqual([...made.map((m) => m.number), made[0]!.number]);
  });
});

describe("order states back", () => {
  it("confirm → pack → ship (tracking) → deliver; a step that cannot follow is 409, the same step again 200 unchanged", async () => {
    const key = await opsKey(["orders:write"]);
    const { id, number } = await placed(10);
    const missingTracking = await step(key, id, { status: "shipped" });
    expect(missingTracking.status).toBe(422);
    expect(await missingTracking.json()).toMatchObject({ errors: [{ field: "tracking", message: "Для отправки нужен трек-номер." }] });
    const unknown = await step(key, id, { status: "lost" });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ errors: [{ field: "status" }] });
    expect((await step(key, 999999, { status: "confirmed" })).status).toBe(404);
    const early = await step(key, id, { status: "delivered" });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ state: "new", message: "Заказ сейчас «new»: перейти в «delivered» нельзя." });

    const confirmed = await step(key, id, { status: "confirmed" });
    expect(await confirmed.json()).toMatchObject({ success: true, changed: true, order: { state: "confirmed", status: "new" } });
    const row = await env.DB.prepare("SELECT confirmed_at FROM orders WHERE id = ?").bind(id).first<{ confirmed_at: number | null }>();
    expect(row!.confirmed_at).toBeGreaterThan(0);
    expect(await (await step(key, id, { status: "confirmed" })).json()).toMatchObject({ changed: false });
    expect((await step(key, id, { status: "packed" })).status).toBe(200);
    const shipped = await step(key, id, { status: "shipped", tracking: "UZ 123-456/7" });
    expect(await shipped.json()).toMatchObject({ changed: true, order: { state: "shipped", status: "handed", tracking: "UZ 123-456/7" } });
    expect((await step(key, id, { status: "cancelled" })).status).toBe(409);
    const delivered = (await (await step(key, id, { status: "delivered" })).json()) as { order: OpsOrder };
    expect(delivered.order).toMatchObject({ state: "delivered", status: "delivered", payment: { paid: true } });
    expect(delivered.order.timeline.map((e) => e.state)).toEqual(["placed", "confirmed", "packed", "shipped", "delivered"]);
    expect(delivered.order.timeline[3]!.tracking).toBe("UZ 123-456/7");
    // The shopper is told of the shipment, with its tracking number, in the order's language.
    const sms = await env.DB.prepare("SELECT body FROM outbox WHERE channel = 'sms' AND body LIKE ?").bind(`%${number}%отправлен%`).first<{ body: string }>();
    expect(sms!.body).toBe(`Libos: заказ ${number} отправлен, трек-номер UZ 123-456/7.`);
  });

  it("a confirmed order does not lapse; an unconfirmed one does, as before", async () => {
    const key = await opsKey(["orders:write"]);
    const kept = await placed(11);
    const lapsing = await placed(12);
    await step(key, kept.id, { status: "confirmed" });
    await lapseUnconfirmedOrders(env, 48, Math.floor(Date.now() / 1000) + 49 * 3600);
    const states = await env.DB.prepare("SELECT id, status FROM orders WHERE id IN (?, ?) ORDER BY id").bind(kept.id, lapsing.id).all();
    expect(states.results).toEqual([
      { id: kept.id, status: "new" },
      { id: lapsing.id, status: "cancelled" },
    ]);
  });

  it("the shop's cancel gives the stock back exactly once, however many cancels race; the shopper is told", async () => {
    const key = await opsKey(["orders:write"]);
    const { id, number, sku } = await placed(13, 2);
    const before = await stockOf(sku.id);
    await step(key, id, { status: "packed" }).then((r) => expect(r.status).toBe(409));
    await step(key, id, { status: "confirmed" });
    const answers = await Promise.all(Array.from({ length: 6 }, () => step(key, id, { status: "cancelled" })));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { changed: boolean }[];
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(bodies.filter((b) => b.changed)).toHaveLength(1);
    expect(await stockOf(sku.id)).toBe(before + 2);
    const told = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE channel = 'sms' AND body LIKE ?")
      .bind(`%${number} отменён магазином%`)
      .first<{ n: number }>();
    expect(told!.n).toBe(1);
  });

  it("a return after delivery gives the stock back exactly once under parallel calls; the shopper cannot cancel once the order is packed", async () => {
    const key = await opsKey(["orders:write"]);
    const me = await signUp({ quick: true });
    const { id, number, sku } = await placed(14, 1, me);
    await step(key, id, { status: "confirmed" });
    await step(key, id, { status: "packed" });
    const res = await me.post(`/ru/account/orders/${number}`, { intent: "cancel" });
    expect(res.status).toBe(409);
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(id).first<{ status: string }>())!.status).toBe("new");
    await step(key, id, { status: "shipped", tracking: "T1" });
    await step(key, id, { status: "delivered" });
    const before = await stockOf(sku.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => step(key, id, { status: "returned" })));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    expect(await stockOf(sku.id)).toBe(before + 1);
    expect((await feed(key, "&limit=100")).orders.find((o) => o.id === id)).toMatchObject({ state: "returned", status: "cancelled" });
  });

  it("the shopper's /api/orders shows the state and the timeline", async () => {
    const key = await opsKey(["orders:write"]);
    const me = await signUp({ quick: true });
    const { id } = await placed(15, 1, me);
    await step(key, id, { status: "confirmed" });
    await step(key, id, { status: "shipped", tracking: "TRK-9" });
    const mine = (await (await get(`/api/orders/${id}`, { headers: { Cookie: me.cookie!, Origin: ORIGIN } })).json()) as OpsOrder;
    expect(mine).toMatchObject({ state: "shipped", tracking: "TRK-9" });
    expect(mine.timeline.map((e) => [e.state, e.tracking])).toEqual([
      ["placed", null],
      ["confirmed", null],
      ["shipped", "TRK-9"],
    ]);
  });
});

describe("reviews through the scoped keys", () => {
  const p = catalogue.products[7]!;
  const write = (cookie: string, text: string) =>
    post(`/ru/product/${p.slug}/review`, { userName: "Ops", agree: "on", rating: "2", text }, { cookie, headers: ip() });
  type Pending = { id: number; text: string; version: number };
  const queue = async (key: string) => ((await (await ops("/api/ops/reviews", key)).json()) as { reviews: Pending[] }).reviews;
  const decide = (key: string, id: number, body: unknown) => ops(`/api/ops/reviews/${id}?lang=ru`, key, { body });

  it("lists the reviews waiting; publishes one; rejects another with a reason its author reads, and an edit sends it back", async () => {
    const key = await opsKey(["reviews:moderate"]);
    const [good, bad] = [await signUp({ quick: true }), await signUp({ quick: true })];
    expect((await write(good.cookie!, "Ops: хороший отзыв")).status).toBe(303);
    expect((await write(bad.cookie!, "Ops: реклама")).status).toBe(303);
    const waiting = await queue(key);
    const [g, b] = ["Ops: хороший отзыв", "Ops: реклама"].map((text) => waiting.find((r) => r.text === text)!);

    const noReason = await decide(key, b!.id, { decision: "reject", version: b!.version });
    expect(noReason.status).toBe(422);
    expect(await noReason.json()).toMatchObject({ errors: [{ field: "reason", message: "Укажите причину отказа: автор её увидит." }] });
    expect((await decide(key, g!.id, { decision: "publish", version: g!.version })).status).toBe(200);
    const rejected = await decide(key, b!.id, { decision: "reject", version: b!.version, reason: "Ссылки на другие магазины" });
    expect(await rejected.json()).toEqual({ success: true, id: b!.id, status: "rejected" });
    expect((await decide(key, b!.id, { decision: "reject", version: b!.version, reason: "снова" })).status).toBe(404);
    expect((await queue(key)).map((r) => r.id)).not.toEqual(expect.arrayContaining([g!.id, b!.id]));

    // Its author reads the reason, in the JSON and on the page; nobody else sees the review.
    const mine = (await (await get(`/v2/product-review?product_id=${p.id}&allReviews=1`, { headers: { Cookie: bad.cookie! } })).json()) as {
      reviews: { id: number; pending: boolean; rejected_reason: string | null }[];
    };
    expect(mine.reviews.find((r) => r.id === b!.id)).toMatchObject({ pending: true, rejected_reason: "Ссылки на другие магазины" });
    const page = await (await get(`/ru/product/${p.slug}?reviews=all`, { headers: { Cookie: bad.cookie!, "User-Agent": GOOGLEBOT } })).text();
    expect(testText(page, "review-rejected")).toBe("Отклонён модератором: Ссылки на другие магазины");
    const others = await (await get(`/ru/product/${p.slug}?reviews=all`, { headers: { "User-Agent": GOOGLEBOT } })).text();
    expect(others).not.toContain("Ops: реклама");
    expect(others).toContain("Ops: хороший отзыв");

    // Edited, it waits for a decision again, without the old reason.
    expect((await write(bad.cookie!, "Ops: без рекламы")).status).toBe(303);
    expect((await queue(key)).find((r) => r.id === b!.id)).toMatchObject({ text: "Ops: без рекламы", version: b!.version + 1 });
  });

  it("moderation needs the reviews:moderate scope", async () => {
    const erp = await opsKey(["orders:write", "catalogue:write"]);
    expect((await ops("/api/ops/reviews", erp)).status).toBe(403);
    expect((await decide(erp, 1, { decision: "publish", version: 1 })).status).toBe(403);
  });
});
