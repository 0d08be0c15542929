import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buyable, cartWith, ip, Shopper } from "./fixtures";
import { countTestId, get, post, testText } from "./helpers";

// The cart's limits: distinct items at the checkout, promo code tries and new
// guest carts per address, stock that fell under a line; and the daily clean-up.

describe("the checkout limit (CHECKOUT_MAX_ITEMS, default 5)", () => {
  it("5 distinct items proceed; 6 are sent back to the cart with the message", async () => {
    const { s } = await cartWith({ lines: 5 });
    const ok = await s.get("/checkout");
    expect(ok.res.status).toBe(200);
    expect(countTestId(ok.body, "checkout-line")).toBe(5);
    await s.add(buyable(5).sku.id);
    const refused = await get("/checkout", { headers: { Cookie: s.cookie! } });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/cart?checkout=limit");
    const { body } = await s.get("/cart?checkout=limit");
    expect(testText(body, "checkout-limit")).toContain("6");
    expect(testText(body, "checkout-limit")).toContain("5");
  });

  it("an empty cart's checkout goes to the cart", async () => {
    const res = await get("/ru/checkout");
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/ru/cart");
  });
});

describe("limits and changed stock", () => {
  it("promo codes: 20 tries per address per 10 minutes, then 429", async () => {
    const s = new Shopper();
    await s.add(buyable(9).sku.id);
    const from = ip();
    for (let i = 0; i < 20; i++) {
      const res = await post("/cart", { intent: "promo-apply", promoCode: `GUESS${i}` }, { cookie: s.cookie, headers: from });
      expect(res.status, `try ${i + 1}`).toBe(422);
    }
    const limited = await post("/cart", { intent: "promo-apply", promoCode: "SALE10" }, { cookie: s.cookie, headers: from });
    expect(limited.status).toBe(429);
    expect(testText(await limited.text(), "promo-error")).toBe("Juda ko'p urinish. Promokodni birozdan so'ng qayta kiriting.");
    // Another address is not affected.
    expect((await post("/cart", { intent: "promo-apply", promoCode: "SALE10" }, { cookie: s.cookie, headers: ip() })).status).toBe(303);
  });

  it("a line above the stock left says so and cannot grow", async () => {
    const s = new Shopper();
    const { sku } = buyable(10);
    await s.add(sku.id);
    await s.add(sku.id);
    await env.DB.prepare("UPDATE skus SET stock = 1 WHERE id = ?").bind(sku.id).run();
    let { body } = await s.get("/cart");
    expect(testText(body, "cart-line-stock")).toBe("Omborda 1 dona qoldi: miqdorni kamaytiring.");
    expect(body).toMatch(/data-testid="cart-line-increment"[^>]*disabled|disabled=""[^>]*data-testid="cart-line-increment"/);
    await env.DB.prepare("UPDATE skus SET stock = 0 WHERE id = ?").bind(sku.id).run();
    ({ body } = await s.get("/cart"));
    expect(testText(body, "cart-line-stock")).toContain("tugadi");
    // The checkout page still lists it; placing the order (checkout issue) checks stock again.
    await env.DB.prepare("UPDATE skus SET stock = 5 WHERE id = ?").bind(sku.id).run();
    ({ body } = await s.get("/cart"));
    expect(body).not.toContain('data-testid="cart-line-stock"');
  });
});

describe("housekeeping", () => {
  it("new guest carts are limited per address (NEW_GUEST_CARTS per 10 minutes), then 429", async () => {
    const { sku } = buyable(11);
    const from = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await post("/api/cart", { purchasableId: String(sku.id), quantity: "1" }, { headers: from })).status);
    expect(statuses.slice(0, 120).every((s) => s === 201)).toBe(true);
    expect(statuses[120]).toBe(429);
    // A shopper whose cart exists is not affected.
    const s = new Shopper();
    await s.add(sku.id);
    expect((await post("/api/cart", { purchasableId: String(sku.id), quantity: "1" }, { cookie: s.cookie, headers: from })).status).toBe(201);
  });

  it("the daily clean-up removes expired sessions and guest carts no live session names", async () => {
    const { purgeExpired } = await import("../../workers/maintenance");
    const live = new Shopper();
    await live.add(buyable(12).sku.id);
    const liveCart = (await env.DB.prepare(
      "SELECT id FROM carts WHERE guest_key = (SELECT json_extract(data, '$.guestKey') FROM sessions ORDER BY rowid DESC LIMIT 1)",
    ).first<{
      id: number;
    }>())!.id;
    const old = Math.floor(Date.now() / 1000) - 90 * 86400;
    const orphan = (await env.DB.prepare("INSERT INTO carts (updated_at) VALUES (?) RETURNING id").bind(old).first<{ id: number }>())!.id;
    await env.DB.prepare("INSERT INTO cart_lines (cart_id, sku_id, quantity) VALUES (?, ?, 1)").bind(orphan, buyable(12).sku.id).run();
    await env.DB.prepare("UPDATE carts SET updated_at = ? WHERE id = ?").bind(old, liveCart).run();
    await env.DB.prepare("INSERT INTO sessions (id, data, expires_at) VALUES ('expired-1', '{}', ?)").bind(old).run();
    const result = await purgeExpired(env.DB);
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    expect(await env.DB.prepare("SELECT id FROM carts WHERE id = ?").bind(orphan).first()).toBeNull();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM cart_lines WHERE cart_id = ?").bind(orphan).first<{ n: number }>()).toEqual({ n: 0 });
    // Named by a live session: kept, however old.
    expect(await env.DB.prepare("SELECT id FROM carts WHERE id = ?").bind(liveCart).first()).not.toBeNull();
    expect((await live.cart()).lines).toHaveLength(1);
    expect(await env.DB.prepare("SELECT id FROM sessions WHERE id = 'expired-1'").first()).toBeNull();
  });
});
