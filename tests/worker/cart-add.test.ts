import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buyable, ip, Shopper } from "./fixtures";
import { decode, fx, get, html, nameOf, post, productBySlug, skusOf, testText } from "./helpers";

// Adding to the cart through the real Worker: the product page's form with and
// without JavaScript (redirectTo), a double click, sizes and stock, and bad
// input, which never answers 5xx.

describe("adding from the product page", () => {
  it("without JavaScript: 303 back to the product, the popup as a section once, the counter updated", async () => {
    const { p, sku } = buyable(0);
    const s = new Shopper();
    const res = await s.post("/cart", {
      intent: "add",
      primaryId: String(p.id),
      purchasableId: String(sku.id),
      quantity: "1",
      redirectTo: `/product/${p.slug}`,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/product/${p.slug}`);
    expect(s.cookie).toMatch(/^__session=/);
    const { body } = await s.get(`/product/${p.slug}`);
    expect(body).toContain('data-testid="cart-popup"');
    expect(body).toContain('data-status="true"');
    expect(decode(body)).toContain(nameOf(p, "uz"));
    expect(testText(body, "cart-popup-total")).toMatch(/so'm/);
    expect(body).toMatch(/data-testid="cart-counter"[^>]*aria-label="Savat: 1"/);
    // A flash: the next page does not show it again.
    const again = await s.get(`/product/${p.slug}`);
    expect(again.body).not.toContain('data-testid="cart-popup"');
  });

  it("without JavaScript a double click (the same form sent twice as a page) adds once; with JavaScript or a second press later, each add counts", async () => {
    // Four adds of one size in the end.
    const { p, sku } = buyable(2, { stock: 4 });
    const s = new Shopper();
    await s.add(sku.id);
    const quantity = async () => (await s.cart()).lines.find((line) => line.purchasableId === sku.id)?.quantity;
    expect(await quantity()).toBe(1);
    const send = (dest: string) =>
      post(
        "/cart",
        { intent: "add", primaryId: String(p.id), purchasableId: String(sku.id), quantity: "1", redirectTo: `/product/${p.slug}` },
        { cookie: s.cookie, headers: { ...ip(), "Sec-Fetch-Dest": dest } },
      );
    // The copies arrive together: one statement decides, so they count once…
    const twice = await Promise.all([send("document"), send("document")]);
    expect(twice.map((res) => res.status)).toEqual([303, 303]);
    expect(await quantity()).toBe(2);
    // …and a copy answers as the add did: back on the product page, "added" (not an error).
    const copy = await send("document");
    expect(copy.status).toBe(303);
    expect(await quantity()).toBe(2);
    const { body } = await s.get(copy.headers.get("Location")!);
    expect(body).toContain('data-testid="cart-popup"');
    expect(body).toContain('data-status="true"');
    // Fetch requests (the enhanced form, API clients) mean every add they send.
    await Promise.all([send("empty"), send("empty")]);
    expect(await quantity()).toBe(4);
  });

  it("with JavaScript (no redirectTo): the answer is the popup's data", async () => {
    const { p, sku } = buyable(1);
    const s = new Shopper();
    const res = await s.post("/cart.data", { intent: "add", primaryId: String(p.id), purchasableId: String(sku.id), quantity: "1" });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("cartPopup.added");
    expect(text).toContain(nameOf(p, "uz"));
  });

  it("no size chosen: the error next to the size picker, nothing added", async () => {
    const { p } = buyable(0);
    const s = new Shopper();
    const res = await s.post("/cart", { intent: "add", primaryId: String(p.id), purchasableId: "", quantity: "1", redirectTo: `/product/${p.slug}` });
    expect(res.status).toBe(303);
    const { body } = await s.get(`/product/${p.slug}`);
    expect(body).toContain('data-testid="size-error"');
    expect(testText(body, "size-error")).toBe("O'lchamni tanlang.");
    expect(body).not.toContain('data-testid="cart-popup"');
    expect((await s.cart()).lines).toEqual([]);
  });

  it("a sold-out size: inline error, nothing added; more than the stock: the error popup", async () => {
    const p = productBySlug(fx.productOneSlug);
    const soldOut = skusOf(p).find((s) => s.stock === 0)!;
    const s = new Shopper();
    await s.post("/cart", { intent: "add", purchasableId: String(soldOut.id), redirectTo: `/product/${p.slug}` });
    const { body } = await s.get(`/product/${p.slug}`);
    expect(testText(body, "size-error")).toContain("tugagan");
    expect((await s.cart()).lines).toEqual([]);

    const sku = skusOf(p).find((x) => x.stock > 0)!;
    await env.DB.prepare("UPDATE skus SET stock = 1 WHERE id = ?").bind(sku.id).run();
    await s.add(sku.id, 1, { redirectTo: `/product/${p.slug}` });
    await s.get(`/product/${p.slug}`);
    await s.add(sku.id, 1, { redirectTo: `/product/${p.slug}` });
    const second = await s.get(`/product/${p.slug}`);
    expect(second.body).toContain('data-status="false"');
    expect(testText(second.body, "cart-popup-message")).toContain("1 dona");
    expect((await s.cart()).lines).toEqual([expect.objectContaining({ purchasableId: sku.id, quantity: 1 })]);
  });

  it("a product with a hidden price cannot be added", async () => {
    const p = productBySlug(fx.hiddenPriceProductSlug);
    const sku = skusOf(p).find((x) => x.stock > 0)!;
    const s = new Shopper();
    const res = await s.post("/api/cart", { primaryId: String(p.id), purchasableId: String(sku.id), quantity: "1" });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ status: false, code: "price_hidden" });
  });

  it("the product page has the add form with the spec's fields", async () => {
    const p = productBySlug(fx.productOneSlug);
    const { body } = await html(`/product/${p.slug}`);
    const form = /<form[^>]*data-testid="add-to-cart"[\s\S]*?<\/form>/.exec(body)![0];
    expect(form).toMatch(/method="post"/);
    expect(form).toMatch(/action="\/cart"/);
    for (const name of ["intent", "primaryId", "quantity", "purchasableId", "redirectTo"]) expect(form).toContain(`name="${name}"`);
  });
});

describe("bad input never answers 5xx", () => {
  const { p, sku } = buyable(2);
  const cases: [string, Record<string, string>][] = [
    ["missing ids", { quantity: "1" }],
    ["non-numeric sku", { purchasableId: "abc", quantity: "1" }],
    ["quantity 0", { purchasableId: String(sku.id), quantity: "0" }],
    ["quantity −5", { purchasableId: String(sku.id), quantity: "-5" }],
    ["quantity 10^9", { purchasableId: String(sku.id), quantity: "1000000000" }],
    ["unknown sku", { purchasableId: "99999999", quantity: "1" }],
    ["sku of another product", { primaryId: String(p.id + 1), purchasableId: String(sku.id), quantity: "1" }],
    ["huge id", { purchasableId: "1e99", quantity: "1" }],
  ];
  for (const [what, fields] of cases) {
    it(`POST /api/cart with ${what} → 4xx JSON`, async () => {
      const res = await new Shopper().post("/api/cart", fields);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await res.json()).toMatchObject({ status: false });
    });
    it(`POST /cart (form) with ${what} → 4xx, nothing added`, async () => {
      const s = new Shopper();
      const res = await s.post("/cart", { intent: "add", ...fields });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await s.cart()).lines).toEqual([]);
    });
  }

  it("unknown intents, malformed bodies and other shoppers' lines", async () => {
    const a = new Shopper();
    await a.add(sku.id);
    expect((await a.post("/cart", { intent: "explode" })).status).toBe(400);
    const raw = await get("/cart", { method: "POST", body: "%%%", headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: "http://shop.test" } });
    expect(raw.status).toBe(400);
    // B names A's line: not found for B, A's cart unchanged (a removal finds no such line in B's
    // cart, which is what it asks for: done, and nothing of A's is touched).
    const b = new Shopper();
    await b.add(buyable(3).sku.id);
    for (const intent of ["decrement", "increment", "move-to-favourites"]) {
      expect((await b.post("/cart", { intent, purchasableId: String(sku.id) })).status, intent).toBe(404);
    }
    expect((await b.post("/cart", { intent: "delete", purchasableId: String(sku.id) })).headers.get("Location")).toBe("/cart?notice=removed");
    expect((await b.post("/api/cart", { purchasableId: String(sku.id), quantity: "-1" })).status).toBe(404);
    expect((await a.cart()).lines).toEqual([expect.objectContaining({ purchasableId: sku.id, quantity: 1 })]);
  });

  it("cross-site cart posts are refused", async () => {
    const res = await get("/cart", {
      method: "POST",
      body: new URLSearchParams({ intent: "add", purchasableId: String(sku.id) }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(res.status).toBe(403);
  });
});
