import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { demoReviewCount } from "../../workers/seed/reviews";
import { catalogue, colorOf, get, GOOGLEBOT, html, ORIGIN, post, section, testText } from "./helpers";
import { buyable, ip, opsKey, order, Shopper, signUp } from "./fixtures";

type Answer = {
  calculated_values: { rating: number; ratingPercentage: number; reviews_count: number };
  reviews: {
    id: number;
    rating: number;
    text: string;
    likes: number;
    dislikes: number;
    user_like: number;
    user_dislike: number;
    comment_date: string;
    confirmed: boolean;
    pending: boolean;
    rejected_reason: string | null;
    order_in_size: string | null;
    order_in_color: string | null;
  }[];
  countReview: number;
  matching_parameters: { id: number; name: string; values: { id: number; name: string }[] }[];
};

const productWith = (count: number) => catalogue.products.find((_, i) => demoReviewCount(i) === count && i > 0)!;

async function read(productId: number, query = "", headers: Record<string, string> = {}): Promise<Answer> {
  const res = await get(`/v2/product-review?product_id=${productId}${query}`, { headers: { "Accept-Language": "ru-RU", ...headers } });
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

function publish(
  cookie: string | null,
  reviewData: Record<string, unknown>,
  token: string | undefined = "XXXX.DUMMY.TOKEN.XXXX",
  lang = "ru-RU",
  tokenType = "invisible",
) {
  return get("/v2/product-review", {
    method: "POST",
    body: JSON.stringify({ reviewData, token, tokenType, operationType: "publishReview" }),
    headers: { "Content-Type": "application/json", "Accept-Language": lang, Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...ip() },
  });
}

function reactTo(cookie: string | null, reviewId: number, like: 0 | 1, dislike: 0 | 1) {
  return get("/reaction?lang=ru", {
    method: "POST",
    body: JSON.stringify({ product_review_id: reviewId, user_like: like, user_dislike: dislike }),
    headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...ip() },
  });
}

describe("reading reviews (GET /v2/product-review)", () => {
  it("answers the spec's shape: the first 5, all on request, the summary and the parameters", async () => {
    const p = productWith(42);
    const first = await read(p.id);
    expect(first.countReview).toBe(42);
    expect(first.calculated_values.reviews_count).toBe(42);
    expect(first.calculated_values.ratingPercentage).toBe(Math.round(first.calculated_values.rating * 20));
    expect(first.reviews).toHaveLength(5);
    expect((await read(p.id, "&allReviews=1")).reviews).toHaveLength(42);
    expect(first.matching_parameters.length).toBeGreaterThan(0);
    expect(first.matching_parameters[0]!.values).toHaveLength(3);
    const none = await read(productWith(0).id);
    expect(none).toMatchObject({ countReview: 0, reviews: [], calculated_values: { rating: 0, reviews_count: 0 } });
  });

  it("orders by the four sorts: new by date, positive by rating, useful by likes less dislikes", async () => {
    const p = productWith(42);
    const all = (sort: string) => read(p.id, `&allReviews=1&sort=${sort}`).then((a) => a.reviews);
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
      expect((await publish(who.cookie, { product_id: p.id, user_name: "X", rating: 4, text })).status).toBe(201);
      await env.DB.prepare("UPDATE reviews SET created_at = created_at - 100 WHERE user_id != ? AND product_id = ?").bind(who.id, p.id).run();
    }
    // The product may have demo reviews too (no author account, never confirmed): these three are compared.
    const ours = new Set(["Купила, ношу", "Отменила заказ", "Только смотрела"]);
    const sorted = (sort: string) =>
      read(p.id, `&allReviews=1&sort=${sort}`).then((a) => a.reviews.filter((r) => ours.has(r.text)).map((r) => [r.text, r.confirmed]));
    expect((await sorted("new")).map(([text]) => text)).toEqual(["Только смотрела", "Отменила заказ", "Купила, ношу"]);
    const confirmedFirst = await read(p.id, "&allReviews=1&sort=confirmed");
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
    expect((await publish(buyer.cookie, { product_id: p.id, user_name: "S", rating: 5, text: "Размер подошёл" })).status).toBe(201);
    expect((await publish(browser.cookie, { product_id: p.id, user_name: "L", rating: 3, text: "Не покупала" })).status).toBe(201);
    const color = colorOf(p);
    const ours = async (lang: string) => {
      const all = (await read(p.id, "&allReviews=1", { "Accept-Language": lang })).reviews;
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
    const p = productWith(42);
    const names = async (lang: string) => (await read(p.id, "", { "Accept-Language": lang })).matching_parameters.map((m) => m.name);
    const [ru, uz, uk] = await Promise.all([names("ru-RU,ru;q=0.9"), names("uz-UZ"), names("uk")]);
    expect(ru).toContain("Размер");
    expect(uz).toContain("O'lcham");
    expect(uk).toContain("Розмір");
    expect((await get("/v2/product-review?product_id=abc")).status).toBe(400);
  });
});

describe("publishing (POST /v2/product-review)", () => {
  const p = productWith(1);

  it("refuses a guest (401), publishes a signed-in shopper's review at once with a good token, and a second one edits the first", async () => {
    expect((await publish(null, { product_id: p.id, user_name: "Anon", rating: 5 })).status).toBe(401);
    const me = await signUp({ firstName: "Malika", quick: true });
    const before = (await read(p.id)).countReview;
    const res = await publish(me.cookie, { product_id: p.id, user_name: "Malika", rating: 4, text: "<b>Хорошо</b>", matchings: [11, 21, 999] });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ success: true, status: "published" });
    // Others see it at once (it passed the captcha).
    const seen = await read(p.id, "&allReviews=1");
    expect(seen.countReview).toBe(before + 1);
    expect(seen.reviews.some((r) => r.text === "<b>Хорошо</b>")).toBe(true);
    const edited = await publish(me.cookie, { product_id: p.id, user_name: "Malika", rating: 2, text: "Передумала" });
    expect(edited.status).toBe(201);
    const after = await read(p.id, "&allReviews=1");
    expect(after.countReview).toBe(before + 1);
    expect(after.reviews.filter((r) => r.text === "Передумала" && r.rating === 2)).toHaveLength(1);
  });

  it("answers 422 with {errors: [{field, message}]} in the asked language: no rating, too long a text, a refused captcha", async () => {
    const me = await signUp({ quick: true });
    const noRating = await publish(me.cookie, { product_id: p.id, user_name: "A" }, undefined, "uz-UZ");
    expect(noRating.status).toBe(422);
    expect(await noRating.json()).toMatchObject({ errors: [{ field: "rating", message: "1 dan 5 gacha baho qo'ying." }] });
    const long = await publish(me.cookie, { product_id: p.id, user_name: "A", rating: 3, text: "я".repeat(501) });
    expect(long.status).toBe(422);
    // Each field under its name here and under the spec's (user_name, review_text), for the older client's form.
    expect(await long.json()).toMatchObject({
      errors: [
        { field: "text", message: "Не больше 500 символов." },
        { field: "review_text", message: "Не больше 500 символов." },
      ],
    });
    const noName = await publish(me.cookie, { product_id: p.id, rating: 3 });
    expect(noName.status).toBe(422);
    const named = ((await noName.json()) as { errors: { field: string; message: string }[] }).errors;
    expect(named.map((e) => e.field)).toEqual(["userName", "user_name"]);
    expect(named[0]!.message).toBe(named[1]!.message);
    // The siteverify stand-in refuses this token: the client is to show the interactive widget.
    const refused = await publish(me.cookie, { product_id: p.id, user_name: "A", rating: 3 }, "XXXX.DUMMY.TOKEN.XXXX.REJECT");
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ captcha: "interactive", errors: [{ field: "token", message: "Подтвердите, что вы не робот." }] });
    const missing = await publish(me.cookie, { product_id: p.id, user_name: "A", rating: 3 }, "");
    expect(missing.status).toBe(422);
    expect((await publish(me.cookie, { product_id: 999999, user_name: "A", rating: 3 })).status).toBe(404);
  });

  it("takes the spec's captcha versions as tokenType: v3 (invisible) and v2 (the interactive challenge); an unknown one is a 422", async () => {
    for (const tokenType of ["v3", "v2", "invisible", "interactive"]) {
      const res = await publish((await signUp({ quick: true })).cookie, { product_id: p.id, user_name: tokenType, rating: 4 }, undefined, "ru-RU", tokenType);
      expect(res.status, tokenType).toBe(201);
      expect(await res.json()).toMatchObject({ success: true, status: "published" });
    }
    const unknown = await publish((await signUp({ quick: true })).cookie, { product_id: p.id, user_name: "v4", rating: 4 }, undefined, "ru-RU", "v4");
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ errors: [{ field: "tokenType", message: "Подтвердите, что вы не робот." }] });
  });

  it("limits an account to 5 reviews an hour: 429 with Retry-After and the message", async () => {
    const me = await signUp({ quick: true });
    const products = catalogue.products.slice(10, 16);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (const q of products) {
      last = await publish(me.cookie, { product_id: q.id, user_name: "Fast", rating: 5 });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject({ message: "Слишком много отзывов. Попробуйте позже." });
  });
});

describe("reactions (POST /reaction)", () => {
  it("counts 50 parallel likes from 50 accounts as 50", async () => {
    const review = (await read(productWith(0).id)).reviews[0] ?? null;
    expect(review).toBeNull();
    const me = await signUp({ quick: true });
    const p = productWith(0);
    await publish(me.cookie, { product_id: p.id, user_name: "Liked", rating: 5 });
    const id = (await read(p.id)).reviews[0]!.id;
    const readers = await Promise.all(Array.from({ length: 50 }, () => signUp({ quick: true })));
    const answers = await Promise.all(readers.map((r) => reactTo(r.cookie, id, 1, 0)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await read(p.id)).reviews[0]).toMatchObject({ likes: 50, dislikes: 0 });
  });

  it("keeps like and dislike exclusive, a repeated like is the same like, none clears it; guests get 401", async () => {
    const p = productWith(5);
    const id = (await read(p.id)).reviews[0]!.id;
    const base = (await read(p.id)).reviews[0]!;
    const me = await signUp({ quick: true });
    const like = await reactTo(me.cookie, id, 1, 0);
    expect(await like.json()).toMatchObject({ likes: base.likes + 1, dislikes: base.dislikes, user_like: 1, user_dislike: 0 });
    expect(await (await reactTo(me.cookie, id, 1, 0)).json()).toMatchObject({ likes: base.likes + 1 });
    expect(await (await reactTo(me.cookie, id, 0, 1)).json()).toMatchObject({ likes: base.likes, dislikes: base.dislikes + 1, user_like: 0, user_dislike: 1 });
    expect(await (await reactTo(me.cookie, id, 0, 0)).json()).toMatchObject({ likes: base.likes, dislikes: base.dislikes });
    expect((await reactTo(me.cookie, id, 1, 1)).status).toBe(422);
    expect((await reactTo(me.cookie, 99_999_999, 1, 0)).status).toBe(404);
    expect((await reactTo(null, id, 1, 0)).status).toBe(401);
    // The caller's own reaction comes back with the list.
    await reactTo(me.cookie, id, 1, 0);
    const mine = await read(p.id, "", { Cookie: me.cookie });
    expect(mine.reviews.find((r) => r.id === id)).toMatchObject({ user_like: 1, user_dislike: 0 });
  });
});

describe("a review held for moderation", () => {
  const p = productWith(7);
  const held = async () => {
    const author = await signUp({ firstName: "Held", quick: true });
    const sent = await post(
      `/ru/product/${p.slug}/review`,
      { userName: "Held", agree: "on", rating: "4", text: "Ждёт проверки" },
      { cookie: author.cookie, headers: ip() },
    );
    expect(sent.status).toBe(303);
    const id = (await read(p.id, "&allReviews=1", { Cookie: author.cookie })).reviews.find((r) => r.text === "Ждёт проверки" && r.pending)!.id;
    return { author, id };
  };
  const reactions = (id: number) =>
    env.DB.prepare("SELECT COUNT(*) AS n FROM review_reactions WHERE review_id = ?")
      .bind(id)
      .first<{ n: number }>()
      .then((r) => r!.n);

  it("takes no reactions: another account (or its author) gets 404 as for an unknown review, and nothing is counted", async () => {
    const { author, id } = await held();
    const other = await signUp({ quick: true });
    for (const [who, like, dislike] of [
      [other, 1, 0],
      [other, 0, 1],
      [other, 0, 0],
      [author, 1, 0],
    ] as const) {
      const res = await reactTo(who.cookie, id, like, dislike);
      expect(res.status, `${like}${dislike}`).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: "Такой отзыв не найден." });
    }
    expect(await reactions(id)).toBe(0);
    // The widget's form without JavaScript is refused alike.
    const form = await post(
      "/reaction?lang=ru",
      { product_review_id: String(id), user_like: "1", user_dislike: "0", redirectTo: `/ru/product/${p.slug}` },
      { cookie: other.cookie },
    );
    expect(form.status).toBe(404);
    expect(await reactions(id)).toBe(0);
    // Published, it takes them.
    await env.DB.prepare("UPDATE reviews SET status = 'published' WHERE id = ?").bind(id).run();
    expect(await (await reactTo(other.cookie, id, 1, 0)).json()).toMatchObject({ likes: 1, dislikes: 0, user_like: 1 });
  });

  it("a reaction given before an edit sent it back to moderation can be neither changed nor taken back meanwhile", async () => {
    const { author, id } = await held();
    const other = await signUp({ quick: true });
    await env.DB.prepare("UPDATE reviews SET status = 'published' WHERE id = ?").bind(id).run();
    expect((await reactTo(other.cookie, id, 1, 0)).status).toBe(200);
    // Its author edits it without the captcha: held again.
    expect(
      (
        await post(
          `/ru/product/${p.slug}/review`,
          { userName: "Held", agree: "on", rating: "2", text: "Ждёт проверки" },
          { cookie: author.cookie, headers: ip() },
        )
      ).status,
    ).toBe(303);
    expect((await reactTo(other.cookie, id, 0, 1)).status).toBe(404);
    expect((await reactTo(other.cookie, id, 0, 0)).status).toBe(404);
    expect(await env.DB.prepare("SELECT reaction FROM review_reactions WHERE review_id = ?").bind(id).all()).toMatchObject({ results: [{ reaction: 1 }] });
  });

  it("is shown to its author alone, without reaction buttons; others never see it in the widget or the API", async () => {
    const { author, id } = await held();
    const other = await signUp({ quick: true });
    const page = (cookie?: string) =>
      get(`/ru/product/${p.slug}?reviews=all`, { headers: { "User-Agent": GOOGLEBOT, ...(cookie ? { Cookie: cookie } : {}) } }).then((r) => r.text());
    const mine = await page(author.cookie);
    const item = section(mine, `id="review-${id}"`, "</li>");
    expect(item).toContain("review__pending");
    expect(item).not.toContain("reaction-form");
    expect(item).not.toContain('data-testid="like"');
    for (const body of [await page(other.cookie), await page()]) expect(body).not.toContain(`id="review-${id}"`);
    for (const headers of [{ Cookie: other.cookie }, {}] as Record<string, string>[])
      expect((await read(p.id, "&allReviews=1", headers)).reviews.some((r) => r.id === id)).toBe(false);
  });
});

describe("the customer (GET /v2/user-data)", () => {
  it("is the signed-in shopper, or 401", async () => {
    const me = await signUp({ firstName: "Dilnoza", quick: true });
    expect(await (await get("/v2/user-data", { headers: { Cookie: me.cookie } })).json()).toMatchObject({ customer: { id: me.id, firstName: "Dilnoza" } });
    expect((await get("/v2/user-data")).status).toBe(401);
  });
});

describe("the widget and the add-review popup (pages, no JavaScript)", () => {
  const p = productWith(6);
  const form = (cookie: string | undefined, fields: Record<string, string>) =>
    post(`/ru/product/${p.slug}/review`, { userName: "Без JS", agree: "on", ...fields }, { cookie, headers: ip() });

  it("crawlers get the widget inside the document: count, five reviews, show all, the add link; guests see counts and a sign-in link", async () => {
    const many = productWith(42);
    const { body } = await html(`/ru/product/${many.slug}`, { headers: { "User-Agent": GOOGLEBOT } });
    expect(body).toContain('data-testid="reviews-count">42 отзыва<');
    expect(body.match(/data-testid="review"/g)).toHaveLength(5);
    expect(body).toContain(`href="/ru/product/${many.slug}?reviews=all#reviews"`);
    expect(body).toContain(`href="/ru/product/${many.slug}/review" data-testid="add-review"`);
    expect(body).toContain('data-testid="like-count"');
    expect(body).not.toContain('class="reaction-form"');
    // The product's JSON-LD carries the rating and the newest reviews (Google's review snippets).
    type ProductLd = {
      "@type": string;
      aggregateRating: { ratingValue: number; reviewCount: number };
      review: { reviewRating: { ratingValue: number }; author: { name: string } }[];
    };
    const ld = (JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(body)![1]!) as ProductLd[]).find((n) => n["@type"] === "Product")!;
    const api = await read(many.id);
    expect(ld.aggregateRating).toMatchObject({ ratingValue: api.calculated_values.rating, reviewCount: 42 });
    expect(ld.review).toHaveLength(5);
    expect(ld.review[0]!.author.name).toBeTruthy();
    // A product without reviews (not one the other tests write on).
    const quiet = catalogue.products.filter((_, i) => demoReviewCount(i) === 0)[4]!;
    const none = await html(`/ru/product/${quiet.slug}`);
    expect(none.body).not.toContain("aggregateRating");
    const all = await html(`/ru/product/${many.slug}?reviews=all&sort=useful`, { headers: { "User-Agent": GOOGLEBOT } });
    expect(all.body.match(/data-testid="review"/g)).toHaveLength(42);
    expect(all.body).toContain('<button type="submit" name="sort" value="useful" aria-current="true"');
  });

  it("dates each review by its day in Tashkent, in words of the page's language and in its datetime", async () => {
    // A product whose reviews no other test here reads: 19:30 UTC on 7 December is already the 8th in Tashkent (UTC+5).
    const p = catalogue.products.find((_, i) => demoReviewCount(i) > 0 && ![0, 1, 5, 7, 42].includes(demoReviewCount(i)))!;
    await env.DB.prepare("UPDATE reviews SET created_at = ? WHERE product_id = ?")
      .bind(Date.UTC(2026, 11, 7, 19, 30) / 1000, p.id)
      .run();
    const dates = async (path: string) =>
      [...(await html(path, { headers: { "User-Agent": GOOGLEBOT } })).body.matchAll(/<time datetime="([^"]+)">([^<]*)<\/time>/g)].map((m) => [m[1], m[2]]);
    expect(await dates(`/product/${p.slug}`)).toContainEqual(["2026-12-08", "8-dekabr, 2026"]);
    expect(await dates(`/ru/product/${p.slug}`)).toContainEqual(["2026-12-08", "8 декабря 2026"]);
    expect(await dates(`/uk/product/${p.slug}`)).toContainEqual(["2026-12-08", "8 грудня 2026"]);
    expect(new Set((await dates(`/product/${p.slug}`)).map(([, text]) => text))).toEqual(new Set(["8-dekabr, 2026"]));
  });

  it("a guest's popup asks to sign in; the links remember the product and come back to the popup", async () => {
    const { res, body } = await html(`/ru/product/${p.slug}/review`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(body).toContain('data-testid="review-guest"');
    expect(body).toContain('<meta name="robots" content="noindex');
    for (const [from, to] of [
      ["login-from-popup", "/ru/login"],
      ["signup-from-popup", "/ru/signup"],
    ]) {
      const go = await get(`/ru/product-review/${from}?product=${p.slug}`);
      expect(go.status).toBe(303);
      expect(go.headers.get("Location")).toBe(`${to}?return_url=${encodeURIComponent(`/ru/product/${p.slug}/review`)}`);
    }
    expect((await get(`/ru/product-review/elsewhere?product=${p.slug}`)).status).toBe(404);
    expect((await form(undefined, { rating: "5" })).headers.get("Location")).toBe(`/ru/product-review/login-from-popup?product=${p.slug}`);
  });

  it("a review sent without the captcha (no JavaScript) waits for moderation: its author sees it, others do not; text is escaped", async () => {
    const me = await signUp({ quick: true });
    const before = (await read(p.id)).countReview;
    const sent = await form(me.cookie, { rating: "3", text: "<script>alert(1)</script> так себе", "match.1": "12" });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(`/ru/product/${p.slug}/review?sent=pending#add-review`);
    expect((await read(p.id)).countReview).toBe(before);
    const mine = await read(p.id, "&allReviews=1", { Cookie: me.cookie });
    expect(mine.countReview).toBe(before + 1);
    expect(mine.reviews.find((r) => r.text.includes("так себе"))).toMatchObject({ pending: true });
    const page = await (await get(`/ru/product/${p.slug}?reviews=all`, { headers: { Cookie: me.cookie, "User-Agent": GOOGLEBOT } })).text();
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt; так себе");
    expect(page).not.toContain("<script>alert(1)</script>");
  });

  it("a moderator with a reviews:moderate key lists pending reviews, publishes one for everyone, rejects another, and never decides an edit unread", async () => {
    const [a, b, c] = [await signUp({ quick: true }), await signUp({ quick: true }), await signUp({ quick: true })];
    for (const [who, text] of [
      [a, "На модерации: хорошо"],
      [b, "На модерации: спам"],
      [c, "На модерации: первая версия"],
    ] as const)
      expect((await form(who.cookie, { rating: "4", text })).status).toBe(303);
    const address = ip();
    const moderator = await opsKey(["reviews:moderate"]);
    const moderation = (path: string, init: RequestInit = {}, key = moderator) =>
      get(`/api/moderation/reviews${path}?lang=ru`, { ...init, headers: { Authorization: `Bearer ${key}`, Origin: ORIGIN, ...address, ...init.headers } });
    const decide = (id: number, decision: string, version: number | string, key?: string) =>
      moderation(
        `/${id}`,
        { method: "POST", body: JSON.stringify({ decision, version, reason: "Спам" }), headers: { "Content-Type": "application/json" } },
        key,
      );

    const listed = await moderation("");
    expect(listed.status).toBe(200);
    expect(listed.headers.get("Cache-Control")).toBe("private, no-store");
    type Pending = { id: number; text: string; product_slug: string; version: number };
    const pending = ((await listed.json()) as { reviews: Pending[] }).reviews;
    const find = (text: string) => pending.find((r) => r.text === text)!;
    const [good, spam, edited] = [find("На модерации: хорошо"), find("На модерации: спам"), find("На модерации: первая версия")];
    expect(good).toMatchObject({ product_slug: p.slug, version: 1 });

    const wrong = await moderation("", {}, "wrong-key-wrong-key-wrong");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("WWW-Authenticate")).toBe('Bearer realm="ops"');
    // A key of the operations API without the moderation scope may not moderate.
    expect((await moderation("", {}, await opsKey(["orders:write"]))).status).toBe(403);
    expect((await decide(good.id, "publish", good.version, "wrong-key-wrong-key-wrong")).status).toBe(401);
    const bad = await decide(good.id, "maybe", good.version);
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ errors: [{ field: "decision", message: "Решение: publish или reject." }] });

    expect(await (await decide(good.id, "publish", good.version)).json()).toMatchObject({ success: true, status: "published" });
    expect((await decide(spam.id, "reject", spam.version)).status).toBe(200);
    // Decided: neither is pending any more, so a second decision finds nothing.
    expect((await decide(good.id, "reject", good.version)).status).toBe(404);
    const others = await read(p.id, "&allReviews=1");
    expect(others.reviews.some((r) => r.text === "На модерации: хорошо" && !r.pending)).toBe(true);
    // A rejected review stays its author's alone, marked rejected; nobody else sees it.
    expect((await read(p.id, "&allReviews=1", { Cookie: b.cookie })).reviews.find((r) => r.text === "На модерации: спам")).toMatchObject({
      pending: true,
      rejected_reason: "Спам",
    });
    expect(others.reviews.some((r) => r.text === "На модерации: спам")).toBe(false);

    // Its author edits it after the list was read: publishing the version read is refused, the new one can be.
    expect((await form(c.cookie, { rating: "1", text: "На модерации: вторая версия" })).status).toBe(303);
    const changed = await decide(edited.id, "publish", edited.version);
    expect(changed.status).toBe(409);
    expect(await changed.json()).toMatchObject({ message: "Отзыв изменён после того, как вы его прочитали: откройте список заново." });
    expect((await read(p.id, "&allReviews=1")).reviews.some((r) => r.text.startsWith("На модерации: вт"))).toBe(false);
    expect((await decide(edited.id, "publish", edited.version + 1)).status).toBe(200);
  });

  it("refuses bad input with the form's errors (values kept), a refused token with the interactive widget, and too many with 429", async () => {
    const me = await signUp({ quick: true });
    const noRating = await form(me.cookie, { text: "Без оценки" });
    expect(noRating.status).toBe(400);
    const body = await noRating.text();
    expect(body).toContain("Поставьте оценку от 1 до 5.");
    expect(body).toContain("Без оценки");
    const noRules = await form(me.cookie, { rating: "4", agree: "" });
    expect(await noRules.text()).toContain("Прочитайте правила написания отзывов.");
    const refused = await form(me.cookie, { rating: "4", text: "С токеном", token: "XXXX.DUMMY.TOKEN.XXXX.REJECT", tokenType: "invisible" });
    expect(refused.status).toBe(422);
    const again = await refused.text();
    expect(again).toContain('data-mode="interactive"');
    expect(again).toContain("С токеном");
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await form(me.cookie, { rating: "4" })).status);
    const limited = statuses.indexOf(429);
    expect(limited).toBeGreaterThan(0);
    const last = await form(me.cookie, { rating: "4" });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await last.text()).toContain("Слишком много отзывов. Попробуйте позже.");
  });
});
