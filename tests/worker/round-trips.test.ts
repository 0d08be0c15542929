import { describe, expect, it } from "vitest";
import { buyable, ip, order, Shopper, signUp } from "./fixtures";
import { get, post } from "./helpers";

/**
 * D1 round trips before the first byte (the `d1` entry of Server-Timing): what a page costs in
 * production, where each is a network hop (docs/performance.md, "At a distance"). Counts, not
 * times: the reads a page asks for side by side must stay one round trip
 * (docs/decisions/105-reads-in-one-round-trip.md).
 */
const PHONE = "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

async function roundTrips(res: Response): Promise<number> {
  await res.arrayBuffer();
  expect(res.status, res.url).toBeLessThan(400);
  return Number(/d1;desc="(\d+) calls/.exec(res.headers.get("Server-Timing") ?? "")?.[1]);
}

const page = (path: string, cookie?: string) => get(path, { headers: { "User-Agent": PHONE, ...(cookie ? { Cookie: cookie } : {}) } });

describe("D1 round trips before the first byte", () => {
  it("an anonymous page: one (the layout's reads and the page's together)", async () => {
    const { p } = buyable(0);
    // The isolate's copies of the category tree and (for search) the colours are made by the first requests.
    await page("/").then((r) => r.arrayBuffer());
    await page("/search?q=x").then((r) => r.arrayBuffer());
    // A word the catalogue has (found as typed: a word found nothing would try other spellings).
    const word = p.slug.split("-")[0]!;
    for (const path of ["/", "/ru/store/women", `/product/${p.slug}`, `/search?q=${word}`]) {
      expect(await roundTrips(await page(path)), path).toBe(1);
    }
  });

  it("a shopper's page: one (what depends on who the shopper is names the session by its id)", async () => {
    const { p, sku } = buyable(1);
    const { p: liked } = buyable(4);
    const s = new Shopper();
    await s.add(sku.id);
    await s.post("/ru/favorite", { intent: "add", productId: String(liked.id) });
    const member = await signUp({ quick: true });
    await member.add(sku.id);
    for (const who of [s, member])
      for (const path of ["/", "/ru/store/women", `/product/${p.slug}`, `/product/${liked.slug}`]) {
        expect(await roundTrips(await page(path, who.cookie)), `${path} (${who === s ? "guest" : "account"})`).toBe(1);
      }
    // The cart's view finds the cart by the session too, and so does the checkout with its draft
    // and the account (the draft is made on the first visit: a write of its own, then).
    expect(await roundTrips(await page("/cart", s.cookie)), "/cart").toBe(1);
    expect(await roundTrips(await page("/cart", member.cookie)), "/cart (account)").toBe(1);
    // A search is remembered in the shopper's history: the write goes out beside the reads (two calls, one round trip deep).
    const word = p.slug.split("-")[0]!;
    for (const who of [s, member]) expect(await roundTrips(await page(`/search?q=${word}`, who.cookie)), "/search").toBe(2);
    for (const who of [s, member]) {
      expect(await roundTrips(await page("/checkout", who.cookie)), "/checkout, its first visit").toBe(2);
      expect(await roundTrips(await page("/checkout", who.cookie)), "/checkout").toBe(1);
    }
  });

  it("a shopper's page shows what the session's owner has: the counters and hearts of their own rows only", async () => {
    const { p, sku } = buyable(5);
    const s = new Shopper();
    await s.add(sku.id, 2);
    await s.post("/ru/favorite", { intent: "add", productId: String(p.id) });
    const other = new Shopper();
    await other.add(buyable(6).sku.id);
    for (const [who, cart, hearts] of [
      [s, "2", 1],
      [other, "1", 0],
    ] as const) {
      const html = await (await page(`/product/${p.slug}`, who.cookie)).text();
      expect(html).toMatch(new RegExp(`data-testid="cart-counter" aria-label="[^"]*: ${cart}"`));
      expect(html).toMatch(new RegExp(`data-testid="fav-counter" aria-label="[^"]*: ${hearts}"`));
      expect(/aria-pressed="true"[^>]*data-testid="heart"/.test(html), "the product's heart").toBe(hearts === 1);
    }
  });

  it("an add to a cart that exists: the session with the product and the cart's id, then the line with the view read back", async () => {
    const { sku } = buyable(2);
    const { sku: second } = buyable(3);
    const s = new Shopper();
    await s.add(sku.id);
    const res = await s.postJson("/api/cart?lang=ru", { purchasableId: second.id, quantity: 1 });
    expect(res.status).toBe(201);
    expect(await roundTrips(res)).toBe(2);
    // Nothing in the session changed: it is not written again, and its cookie is not sent.
    expect(res.headers.get("Set-Cookie") ?? "").not.toContain("__session=");
  });

  it("an add without JavaScript: two, and the page it goes back to one with the popup (the flash is a cookie, not a session write)", async () => {
    const { p, sku } = buyable(8);
    const s = new Shopper();
    await s.add(buyable(9).sku.id);
    // As the product page's form sends it without JavaScript (`add` holds the 303).
    const res = await s.add(sku.id, 1, { primaryId: String(p.id), redirectTo: `/product/${p.slug}` });
    expect(await roundTrips(res)).toBe(2);
    expect(s.flash).toMatch(/^__flash=/);
    const back = await get(`/product/${p.slug}`, { headers: { "User-Agent": PHONE, Cookie: `${s.cookie}; ${s.flash}` } });
    const html = await back.clone().text();
    expect(html).toContain('data-testid="cart-popup"');
    expect(back.headers.getSetCookie().join()).toMatch(/__flash=; Max-Age=0/);
    expect(await roundTrips(back)).toBe(1);
  });

  it("a checkout step: the session with the cart's id, then the draft's write", async () => {
    const { sku } = buyable(7);
    const s = new Shopper();
    await s.add(sku.id);
    const res = await s.post("/checkout", { intent: "contacts", name: "Aziza", phone: "+998901112233" });
    expect(res.status).toBe(303);
    expect(await roundTrips(res)).toBe(2);
  });

  it("placing an order: the session with what the order needs (found by the session's id), then the order written and read back", async () => {
    const s = new Shopper();
    await s.add(buyable(10).sku.id);
    const placed = await s.place(order("round-trips-api"));
    expect(placed.status).toBe(201);
    expect(await roundTrips(placed)).toBe(2);

    // The checkout's place button: the draft, its store or saved address and the cart's view are read with the session.
    for (const [who, delivery] of [
      [new Shopper(), { cityId: "1", deliveryTypeId: "2", "point-2": "1" }],
      [await signUp({ quick: true }), { cityId: "2", deliveryTypeId: "1", street: "Registon", house: "8" }],
    ] as const) {
      await who.add(buyable(11).sku.id);
      const step = (fields: Record<string, string>) => post("/checkout", fields, { cookie: who.cookie, headers: ip() });
      const steps: Record<string, string>[] = [
        { intent: "contacts", name: "Nigora", phone: "+998 90 711 22 33" },
        { intent: "city", cityId: delivery.cityId },
        { intent: "delivery", ...delivery },
        { intent: "payment", paymentMethod: "cash" },
      ];
      for (const fields of steps) expect((await step(fields)).status, fields.intent).toBe(303);
      const res = await step({ intent: "place" });
      expect(res.headers.get("Location")).toMatch(/\/checkout\/done\//);
      expect(await roundTrips(res)).toBe(2);
    }
  });
});
