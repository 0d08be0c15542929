import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { lapseUnconfirmedOrders } from "~/orders/index.server";
import { get, html, ORIGIN, post } from "./helpers";
import { buyable, clientAddress, ip, order, Shopper, stockOf } from "./fixtures";

/** Placing orders cannot tie up stock or flood a phone. */

const ORDERS_PER_SHOPPER = 3;
const ORDERS_PER_ADDRESS = 20;

/** A JSON placement from a fixed client address. */
function placeFrom(s: Shopper, address: string, fields: Record<string, unknown>) {
  return get("/order/request?lang=ru", {
    method: "POST",
    body: JSON.stringify(fields),
    headers: { "Content-Type": "application/json", Accept: "application/json", Origin: ORIGIN, Cookie: s.cookie!, "CF-Connecting-IP": address },
  });
}

const smsTo = async (phone: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE channel = 'sms' AND recipient = ?").bind(phone).first<{ n: number }>())!.n;

describe("order placement limits", () => {
  it(`one shopper places ${ORDERS_PER_SHOPPER} orders in 10 minutes; the next is 429 with Retry-After, in the request's language, and holds nothing`, async () => {
    const s = new Shopper();
    for (let i = 0; i < ORDERS_PER_SHOPPER; i++) {
      await s.add(buyable(i).sku.id);
      expect((await s.place(order(`limit-shopper-${i}`))).status).toBe(201);
    }
    const { sku } = buyable(ORDERS_PER_SHOPPER);
    await s.add(sku.id);
    const before = await stockOf(sku.id);
    const res = await s.place(order("limit-shopper-x"));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(res.headers.get("Retry-After"))).toBeLessThanOrEqual(600);
    const body = (await res.json()) as { message: string; code: string };
    expect(body.code).toBe("too_many_orders");
    expect(body.message).toBe("Слишком много заказов за короткое время. Попробуйте снова через несколько минут.");
    expect(await stockOf(sku.id)).toBe(before);
    // The same key again is the order it made, not a new one: a retry of a placed order is never refused.
    expect((await s.place(order("limit-shopper-0"))).status).toBe(200);
  });

  it("the checkout page's place button (no JavaScript) answers 429 with Retry-After and the reason on the page, the cart kept", async () => {
    const s = new Shopper();
    for (let i = 0; i < ORDERS_PER_SHOPPER; i++) {
      await s.add(buyable(10 + i).sku.id);
      expect((await s.place(order(`limit-page-${i}`))).status).toBe(201);
    }
    await s.add(buyable(14).sku.id);
    const step = async (fields: Record<string, string>) => expect((await post("/ru/checkout", fields, { cookie: s.cookie, headers: ip() })).status).toBe(303);
    await step({ intent: "contacts", name: "Limit Page", phone: "+998 90 700 00 01" });
    await step({ intent: "city", cityId: "1" });
    await step({ intent: "delivery", cityId: "1", deliveryTypeId: "1", street: "Amir Temur", house: "1" });
    await step({ intent: "payment", paymentMethod: "cash" });
    const review = await html("/ru/checkout", { headers: { Cookie: s.cookie! } });
    const key = /name="idempotencyKey" value="([0-9a-f]+)"/.exec(review.body)![1]!;
    const res = await post("/ru/checkout", { intent: "place", idempotencyKey: key }, { cookie: s.cookie, headers: ip() });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await res.text()).toContain("Слишком много заказов за короткое время.");
    const cart = (await (await get("/api/cart", { headers: { Cookie: s.cookie! } })).json()) as unknown[];
    expect(cart).toHaveLength(1);
  });

  it(`one client address places ${ORDERS_PER_ADDRESS} orders in 10 minutes (different shoppers); the next is 429`, async () => {
    const address = clientAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= ORDERS_PER_ADDRESS; i++) {
      const s = new Shopper();
      await s.add(buyable(i % 12).sku.id);
      statuses.push((await placeFrom(s, address, order(`limit-address-${i}`))).status);
    }
    expect(statuses.slice(0, ORDERS_PER_ADDRESS)).toEqual(Array(ORDERS_PER_ADDRESS).fill(201));
    expect(statuses[ORDERS_PER_ADDRESS]).toBe(429);
    // Another address is not affected.
    const other = new Shopper();
    await other.add(buyable(0).sku.id);
    expect((await placeFrom(other, clientAddress(), order("limit-address-other"))).status).toBe(201);
  });
});

describe("order confirmations by SMS", () => {
  it("at most 3 per phone in 10 minutes: the 4th order naming the phone is placed, with its e-mail but no SMS", async () => {
    const phone = "+998907770011";
    for (let i = 0; i < 4; i++) {
      const s = new Shopper();
      await s.add(buyable(i).sku.id);
      const res = await s.place(order(`sms-limit-${i}`, { phone, email: `sms-limit-${i}@example.uz` }));
      expect(res.status).toBe(201);
    }
    expect(await smsTo(phone)).toBe(3);
    const mail = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE channel = 'email' AND recipient = 'sms-limit-3@example.uz'").first<{
      n: number;
    }>();
    expect(mail!.n).toBe(1);
  });
});

describe("orders paid on delivery that the shop never confirms", () => {
  it("lapse after the configured hours: cancelled and their stock back, once; confirmed, online and recent ones stay", async () => {
    const placed: Record<string, { number: string; skuId: number }> = {};
    for (const [i, kind] of ["cash", "card", "confirmed", "online", "recent"].entries()) {
      const s = new Shopper();
      const { sku } = buyable(20 + i);
      await s.add(sku.id);
      const paymentMethod = kind === "confirmed" || kind === "recent" ? "cash" : kind;
      const res = await s.place(order(`lapse-${kind}`, { paymentMethod }));
      expect(res.status, kind).toBe(201);
      placed[kind] = { number: ((await res.json()) as { order: { number: string } }).order.number, skuId: sku.id };
    }
    const age = 49 * 3600;
    await env.DB.prepare(
      "UPDATE orders SET created_at = created_at - ? WHERE idempotency_key IN ('lapse-cash', 'lapse-card', 'lapse-confirmed', 'lapse-online')",
    )
      .bind(age)
      .run();
    await env.DB.prepare("UPDATE orders SET confirmed_at = unixepoch() WHERE idempotency_key = 'lapse-confirmed'").run();
    const stock = Object.fromEntries(await Promise.all(Object.entries(placed).map(async ([k, v]) => [k, await stockOf(v.skuId)] as const)));

    const outboxBefore = (await env.DB.prepare("SELECT MAX(id) AS id FROM outbox").first<{ id: number }>())!.id;
    expect(await lapseUnconfirmedOrders(env, 48)).toBe(2);
    expect(await lapseUnconfirmedOrders(env, 48)).toBe(0);
    // The shoppers are told, once, in the order's language (these were placed in Russian).
    const told = await env.DB.prepare("SELECT channel, body FROM outbox WHERE id > ? ORDER BY id").bind(outboxBefore).all<{ channel: string; body: string }>();
    expect(told.results.map((m) => m.channel)).toEqual(["sms", "sms"]);
    expect(told.results[0]!.body).toBe(`Libos: заказ ${placed.cash!.number} отменён, так как не был подтверждён. Если есть вопросы, позвоните нам.`);
    expect(told.results[1]!.body).toContain(placed.card!.number);
    const status = async (key: string) =>
      (await env.DB.prepare("SELECT status FROM orders WHERE idempotency_key = ?").bind(`lapse-${key}`).first<{ status: string }>())!.status;
    expect(await status("cash")).toBe("cancelled");
    expect(await status("card")).toBe("cancelled");
    expect(await stockOf(placed.cash!.skuId)).toBe(stock.cash! + 1);
    expect(await stockOf(placed.card!.skuId)).toBe(stock.card! + 1);
    for (const kept of ["confirmed", "online", "recent"]) {
      expect(await status(kept), kept).toBe("new");
      expect(await stockOf(placed[kept]!.skuId), kept).toBe(stock[kept]);
    }
  });
});
