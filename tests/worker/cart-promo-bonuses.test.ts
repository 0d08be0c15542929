import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buyable, CLUB, cartWith, DEMO, Shopper, signIn } from "./fixtures";
import { rowAmount, testText } from "./helpers";

// What comes off the cart's sum: promo codes, the club card's rate, bonuses.

describe("promo codes", () => {
  it("a valid code (any case, spaces around) recalculates couponsAmount and total; the form hides", async () => {
    const { s, total: nonClub } = await cartWith();
    const res = await s.post("/cart", { intent: "promo-apply", promoCode: "  sale10 ", redirectTo: "/cart" });
    expect(res.headers.get("Location")).toBe("/cart?notice=promoApplied");
    const { body } = await s.get("/cart");
    const coupons = Math.floor(nonClub * 0.1);
    expect(rowAmount(body, "summary-coupons")).toBe(coupons);
    expect(rowAmount(body, "summary-total")).toBe(nonClub - coupons);
    expect(body).not.toContain('data-testid="promo-form"');
    expect(body).toContain('data-testid="promo-applied"');
    const api = await s.cart();
    expect(api.res.headers.get("X-Cart-Coupons-Paid-Amount")).toBe(String(coupons));
  });

  it("an invalid code: the server's message, the typed code kept (no JavaScript: 422 page)", async () => {
    const { s } = await cartWith();
    const res = await s.post("/cart", { intent: "promo-apply", promoCode: "NOPE-123", redirectTo: "/cart" });
    expect(res.status).toBe(422);
    const body = await res.text();
    expect(testText(body, "promo-error")).toBe("Bunday promokod yo'q.");
    expect(body).toMatch(/data-testid="promo-input"|value="NOPE-123"/);
    expect(body).toContain('value="NOPE-123"');
  });

  it("expired, minimum order, sign-in and used codes are refused with their messages (JSON endpoint)", async () => {
    const { s } = await cartWith();
    const check = async (code: string, status: number, message: string) => {
      const res = await s.postJson("/bpm/validate-promo-code?lang=ru", { promoCode: code });
      expect(res.status, code).toBe(status);
      expect(await res.json(), code).toEqual({ success: false, message });
    };
    await check("OLD20", 422, "Срок действия промокода истёк.");
    await check("BIG100K", 422, "Сумма заказа мала для этого промокода.");
    await check("WELCOME15", 422, "Войдите в кабинет, чтобы использовать этот промокод.");
    await check("", 422, "Введите промокод.");

    const member = await signIn(DEMO, s);
    const user = await env.DB.prepare("SELECT id FROM users WHERE email = 'demo@libos.uz'").first<{ id: number }>();
    await env.DB.prepare("INSERT OR IGNORE INTO promo_redemptions (promo_id, user_id) VALUES (4, ?)").bind(user!.id).run();
    const used = await member.postJson("/bpm/validate-promo-code", { promoCode: "welcome15" });
    expect(await used.json()).toEqual({ success: false, message: "Siz bu promokoddan allaqachon foydalangansiz." });
    const ok = await member.postJson("/bpm/validate-promo-code", { promoCode: "MINUS50K" });
    const { nonClub } = { nonClub: (await member.cart()).lines.length };
    expect(nonClub).toBeGreaterThan(0);
    if (ok.status === 200) expect(await ok.json()).toMatchObject({ success: true, promoCode: "MINUS50K", couponsAmount: 50_000 });
    else expect(await ok.json()).toMatchObject({ success: false });
  });

  it("MINUS50K above its minimum: exactly 50 000 off", async () => {
    const { s, total: nonClub } = await cartWith({ worth: 300_000 });
    const res = await s.postJson("/bpm/validate-promo-code", { promoCode: "minus50k" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, couponsAmount: 50_000 });
    const { body } = await s.get("/cart");
    expect(rowAmount(body, "summary-total")).toBe(nonClub - 50_000);
  });
});

describe("the club card", () => {
  it("takes the club rate off club products for card holders, in the cart and the recalculation; nothing for others", async () => {
    const { p, sku } = buyable(0, { club: true });
    const member = await signIn(CLUB);
    await member.post("/cart", { intent: "delete", purchasableId: String(sku.id) });
    await member.add(sku.id);
    const expected = Math.floor((p.sale_price * 5) / 100);
    const page = await member.get("/cart");
    expect(rowAmount(page.body, "summary-club")).toBe(expected);
    const json = (await (await member.postJson("/checkout/default/shopping-cart-recalculate", { cityId: 1 })).json()) as {
      order: { clubCardDiscount: number; orderSubtotalPrice: number };
    };
    expect(json.order.clubCardDiscount).toBe(expected);
    await member.post("/cart", { intent: "delete", purchasableId: String(sku.id) });
    const guest = new Shopper();
    await guest.add(sku.id);
    expect((await guest.get("/cart")).body).not.toContain('data-testid="summary-club"');
  });
});

describe("bonuses", () => {
  it("a club card holder applies up to what can be used; others see no bonus form", async () => {
    const { p, sku } = buyable(6);
    const member = await signIn(CLUB);
    await member.post("/cart", { intent: "delete", purchasableId: String(sku.id) });
    await member.add(sku.id);
    let page = await member.get("/cart");
    expect(page.body).toContain('data-testid="bonuses"');
    const { res } = await member.cart();
    const goods = Number(res.headers.get("X-Cart-Subtotal-Cost"));
    const canBeUsed = Math.min(150_000, Math.floor(goods * 0.3));
    expect((await member.post("/cart", { intent: "bonuses-apply", bonuses: String(canBeUsed + 1), redirectTo: "/cart" })).status).toBe(422);
    const ok = await member.post("/cart", { intent: "bonuses-apply", bonuses: String(canBeUsed), redirectTo: "/cart" });
    expect(ok.headers.get("Location")).toBe("/cart?notice=bonusesApplied");
    page = await member.get("/cart");
    expect(rowAmount(page.body, "summary-bonuses")).toBe(canBeUsed);
    expect(rowAmount(page.body, "summary-total")).toBe(goods - canBeUsed);
    await member.post("/cart", { intent: "bonuses-remove", redirectTo: "/cart" });
    expect((await member.get("/cart")).body).not.toContain('data-testid="summary-bonuses"');
    void p;

    const plain = new Shopper();
    await plain.add(sku.id);
    expect((await plain.get("/cart")).body).not.toContain('data-testid="bonuses"');
    expect((await plain.post("/cart", { intent: "bonuses-apply", bonuses: "1000" })).status).toBe(403);
  });
});
