import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { demoReviewCount } from "../../workers/seed/reviews";
import { catalogue, get, GOOGLEBOT, html, ORIGIN, post } from "./helpers";
import { ip, opsKey, signUp, productWithReviews, readReviews } from "./fixtures";

// Reviews on the product page without JavaScript: the widget, the add-review popup and its form, and the moderator's list.

describe("the widget and the add-review popup (pages, no JavaScript)", () => {
  const p = productWithReviews(6);
  const form = (cookie: string | undefined, fields: Record<string, string>) =>
    post(`/ru/product/${p.slug}/review`, { userName: "Без JS", agree: "on", ...fields }, { cookie, headers: ip() });

  it("crawlers get the widget inside the document: count, five reviews, show all, the add link; guests see counts and a sign-in link", async () => {
    const many = productWithReviews(42);
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
    const api = await readReviews(many.id);
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
    const before = (await readReviews(p.id)).countReview;
    const sent = await form(me.cookie, { rating: "3", text: "<script>alert(1)</script> так себе", "match.1": "12" });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(`/ru/product/${p.slug}/review?sent=pending#add-review`);
    expect((await readReviews(p.id)).countReview).toBe(before);
    const mine = await readReviews(p.id, "&allReviews=1", { Cookie: me.cookie });
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
    const others = await readReviews(p.id, "&allReviews=1");
    expect(others.reviews.some((r) => r.text === "На модерации: хорошо" && !r.pending)).toBe(true);
    // A rejected review stays its author's alone, marked rejected; nobody else sees it.
    expect((await readReviews(p.id, "&allReviews=1", { Cookie: b.cookie })).reviews.find((r) => r.text === "На модерации: спам")).toMatchObject({
      pending: true,
      rejected_reason: "Спам",
    });
    expect(others.reviews.some((r) => r.text === "На модерации: спам")).toBe(false);

    // Its author edits it after the list was read: publishing the version read is refused, the new one can be.
    expect((await form(c.cookie, { rating: "1", text: "На модерации: вторая версия" })).status).toBe(303);
    const changed = await decide(edited.id, "publish", edited.version);
    expect(changed.status).toBe(409);
    expect(await changed.json()).toMatchObject({ message: "Отзыв изменён после того, как вы его прочитали: откройте список заново." });
    expect((await readReviews(p.id, "&allReviews=1")).reviews.some((r) => r.text.startsWith("На модерации: вт"))).toBe(false);
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
