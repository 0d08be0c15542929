import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { colorOf, get, GOOGLEBOT, html, testText } from "./helpers";
import { buyable, order, Shopper, signUp, productWithReviews, readReviews, publishReview } from "./fixtures";

// Reading reviews: the JSON API's answer, its sorts and languages, and the customer it names.

describe("reading reviews (GET /v2/product-review)", () => {
  it("answers the spec's shape: the first 5, all on request, the summary and the parameters", async () => {
    const p = productWithReviews(42);
    const first = await readReviews(p.id);
    expect(first.countReview).toBe(42);
    expect(first.calculated_values.reviews_count).toBe(42);
    expect(first.calculated_values.ratingPercentage).toBe(Math.round(first.calculated_values.rating * 20));
    expect(first.reviews).toHaveLength(5);
    expect((await readReviews(p.id, "&allReviews=1")).reviews).toHaveLength(42);
    expect(first.matching_parameters.length).toBeGreaterThan(0);
    expect(first.matching_parameters[0]!.values).toHaveLength(3);
    const none = await readReviews(productWithReviews(0).id);
    expect(none).toMatchObject({ countReview: 0, reviews: [], calculated_values: { rating: 0, reviews_count: 0 } });
  });

  it("orders by the four sorts: new by date, positive by rating, useful by likes less dislikes", async () => {
    const p = productWithReviews(42);
    const all = (sort: string) => readReviews(p.id, `&allReviews=1&sort=${sort}`).then((a) => a.reviews);
    const dates = (await all("new")).map((r) => r.comment_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const ratings = (await all("positive")).map((r) => r.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const useful = (await all("useful")).map((r) => r.likes - r.dislikes);
    expect(useful).toEqual([...useful].sort((a, b) => b - a));
    expect(new Set(useful).size).toBeGreaterThan(2);
    // An unknown sort is the default.
    expect((await all("whatever")).map((r) => r.id)).toEqual((await all("new")).map((r) => r.id));
  });

  it("confirmed puts buyers first: a review is confirmed when its author has a placed (not cancelled) order with the product", async () => {
    const { p, sku } = buyable(13);
    const buyer = await signUp({ firstName: "Buyer", quick: true });
    const other = await signUp({ firstName: "Browser", quick: true });
    const cancelled = await signUp({ firstName: "Changed mind", quick: true });
    // The buyer orders through the cart and the checkout's call, as a shopper would.
    const placeFor = async (who: { cookie: string }, key: string) => {
      const s = new Shopper();
      s.cookie = who.cookie;
      await s.add(sku.id);
      const res = await s.place(order(key));
      expect(res.status).toBe(201);
    };
    await placeFor(buyer, "confirmed-buyer-0001");
    await placeFor(cancelled, "confirmed-cancel-0001");
    await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE idempotency_key = 'confirmed-cancel-0001'").run();
    // The buyer writes first (the oldest), so "new" would put the buyer last.
    for (const [who, text] of [
      [buyer, "Купила, ношу"],
      [cancelled, "Отменила заказ"],
      [other, "Только смотрела"],
    ] as const) {
      expect((await publishReview(who.cookie, { product_id: p.id, user_name: "X", rating: 4, text })).status).toBe(201);
      await env.DB.prepare("UPDATE reviews SET created_at = created_at - 100 WHERE user_id != ? AND product_id = ?").bind(who.id, p.id).run();
    }
    // The product may have demo reviews too (no author account, never confirmed): these three are compared.
    const ours = new Set(["Купила, ношу", "Отменила заказ", "Только смотрела"]);
    const sorted = (sort: string) =>
      readReviews(p.id, `&allReviews=1&sort=${sort}`).then((a) => a.reviews.filter((r) => ours.has(r.text)).map((r) => [r.text, r.confirmed]));
    expect((await sorted("new")).map(([text]) => text)).toEqual(["Только смотрела", "Отменила заказ", "Купила, ношу"]);
    const confirmedFirst = await readReviews(p.id, "&allReviews=1&sort=confirmed");
    expect(confirmedFirst.reviews[0]).toMatchObject({ text: "Купила, ношу", confirmed: true });
    expect(await sorted("confirmed")).toEqual([
      ["Купила, ношу", true],
      ["Только смотрела", false],
      ["Отменила заказ", false],
    ]);
  });

  it("a confirmed review tells the size and colour its author bought (the latest order's), in the JSON and the widget, in each language", async () => {
    const { p, skus } = buyable(17, { sizes: 2 });
    const [first, second] = skus as [(typeof skus)[number], (typeof skus)[number]];
    const buyer = await signUp({ firstName: "Sizes", quick: true });
    const browser = await signUp({ firstName: "Looker", quick: true });
    const s = new Shopper();
    s.cookie = buyer.cookie;
    // Two orders: the review names the later one's size.
    for (const [sku, key] of [
      [first, "bought-in-first-0001"],
      [second, "bought-in-second-0001"],
    ] as const) {
      await s.add(sku.id);
      expect((await s.place(order(key))).status).toBe(201);
    }
    expect((await publishReview(buyer.cookie, { product_id: p.id, user_name: "S", rating: 5, text: "Размер подошёл" })).status).toBe(201);
    expect((await publishReview(browser.cookie, { product_id: p.id, user_name: "L", rating: 3, text: "Не покупала" })).status).toBe(201);
    const color = colorOf(p);
    const ours = async (lang: string) => {
      const all = (await readReviews(p.id, "&allReviews=1", { "Accept-Language": lang })).reviews;
      return [all.find((r) => r.text === "Размер подошёл")!, all.find((r) => r.text === "Не покупала")!];
    };
    const [boughtRu, notBought] = await ours("ru-RU");
    expect(boughtRu).toMatchObject({ confirmed: true, order_in_size: second.size, order_in_color: color.name_ru });
    expect(notBought).toMatchObject({ confirmed: false, order_in_size: null, order_in_color: null });
    expect((await ours("uz-UZ"))[0]).toMatchObject({ order_in_size: second.size, order_in_color: color.name_uz });
    expect((await ours("uk"))[0]).toMatchObject({ order_in_size: second.size, order_in_color: color.name_uk });
    // The widget (the whole document for a crawler), in Ukrainian and Uzbek: only the buyer's review says it.
    const { body: uk } = await html(`/uk/product/${p.slug}?reviews=all`, { headers: { "User-Agent": GOOGLEBOT } });
    expect(uk.match(/data-testid="bought-in"/g)).toHaveLength(1);
    const { body: uz } = await html(`/product/${p.slug}?reviews=all`, { headers: { "User-Agent": GOOGLEBOT } });
    expect(testText(uz, "bought-in")).toBe(`Xarid qilingan: ${second.size} o'lcham, ${color.name_uz} rang`);
    expect(testText(uk, "bought-in")).toBe(`Куплено в розмірі ${second.size}, колір: ${color.name_uk}`);
  });

  it("speaks the language Accept-Language asks for: ru-RU → ru, uz-UZ → uz, uk → uk", async () => {
    const p = productWithReviews(42);
    const names = async (lang: string) => (await readReviews(p.id, "", { "Accept-Language": lang })).matching_parameters.map((m) => m.name);
    const [ru, uz, uk] = await Promise.all([names("ru-RU,ru;q=0.9"), names("uz-UZ"), names("uk")]);
    expect(ru).toContain("Размер");
    expect(uz).toContain("O'lcham");
    expect(uk).toContain("Розмір");
    expect((await get("/v2/product-review?product_id=abc")).status).toBe(400);
  });
});

describe("the customer (GET /v2/user-data)", () => {
  it("is the signed-in shopper, or 401", async () => {
    const me = await signUp({ firstName: "Dilnoza", quick: true });
    expect(await (await get("/v2/user-data", { headers: { Cookie: me.cookie } })).json()).toMatchObject({ customer: { id: me.id, firstName: "Dilnoza" } });
    expect((await get("/v2/user-data")).status).toBe(401);
  });
});
