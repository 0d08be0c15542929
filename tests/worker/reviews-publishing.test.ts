import { describe, expect, it } from "vitest";
import { catalogue } from "./helpers";
import { signUp, productWithReviews, readReviews, publishReview, reactTo } from "./fixtures";

// Writing reviews and reacting to them through the JSON API: publishing, its refusals and limits, likes and dislikes.

describe("publishing (POST /v2/product-review)", () => {
  const p = productWithReviews(1);

  it("refuses a guest (401), publishes a signed-in shopper's review at once with a good token, and a second one edits the first", async () => {
    expect((await publishReview(null, { product_id: p.id, user_name: "Anon", rating: 5 })).status).toBe(401);
    const me = await signUp({ firstName: "Malika", quick: true });
    const before = (await readReviews(p.id)).countReview;
    const res = await publishReview(me.cookie, { product_id: p.id, user_name: "Malika", rating: 4, text: "<b>Хорошо</b>", matchings: [11, 21, 999] });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ success: true, status: "published" });
    // Others see it at once (it passed the captcha).
    const seen = await readReviews(p.id, "&allReviews=1");
    expect(seen.countReview).toBe(before + 1);
    expect(seen.reviews.some((r) => r.text === "<b>Хорошо</b>")).toBe(true);
    const edited = await publishReview(me.cookie, { product_id: p.id, user_name: "Malika", rating: 2, text: "Передумала" });
    expect(edited.status).toBe(201);
    const after = await readReviews(p.id, "&allReviews=1");
    expect(after.countReview).toBe(before + 1);
    expect(after.reviews.filter((r) => r.text === "Передумала" && r.rating === 2)).toHaveLength(1);
  });

  it("answers 422 with {errors: [{field, message}]} in the asked language: no rating, too long a text, a refused captcha", async () => {
    const me = await signUp({ quick: true });
    const noRating = await publishReview(me.cookie, { product_id: p.id, user_name: "A" }, undefined, "uz-UZ");
    expect(noRating.status).toBe(422);
    expect(await noRating.json()).toMatchObject({ errors: [{ field: "rating", message: "1 dan 5 gacha baho qo'ying." }] });
    const long = await publishReview(me.cookie, { product_id: p.id, user_name: "A", rating: 3, text: "я".repeat(501) });
    expect(long.status).toBe(422);
    // Each field under its name here and under the spec's (user_name, review_text), for the older client's form.
    expect(await long.json()).toMatchObject({
      errors: [
        { field: "text", message: "Не больше 500 символов." },
        { field: "review_text", message: "Не больше 500 символов." },
      ],
    });
    const noName = await publishReview(me.cookie, { product_id: p.id, rating: 3 });
    expect(noName.status).toBe(422);
    const named = ((await noName.json()) as { errors: { field: string; message: string }[] }).errors;
    expect(named.map((e) => e.field)).toEqual(["userName", "user_name"]);
    expect(named[0]!.message).toBe(named[1]!.message);
    // The siteverify stand-in refuses this token: the client is to show the interactive widget.
    const refused = await publishReview(me.cookie, { product_id: p.id, user_name: "A", rating: 3 }, "XXXX.DUMMY.TOKEN.XXXX.REJECT");
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ captcha: "interactive", errors: [{ field: "token", message: "Подтвердите, что вы не робот." }] });
    const missing = await publishReview(me.cookie, { product_id: p.id, user_name: "A", rating: 3 }, "");
    expect(missing.status).toBe(422);
    expect((await publishReview(me.cookie, { product_id: 999999, user_name: "A", rating: 3 })).status).toBe(404);
  });

  it("takes the spec's captcha versions as tokenType: v3 (invisible) and v2 (the interactive challenge); an unknown one is a 422", async () => {
    for (const tokenType of ["v3", "v2", "invisible", "interactive"]) {
      const res = await publishReview(
        (await signUp({ quick: true })).cookie,
        { product_id: p.id, user_name: tokenType, rating: 4 },
        undefined,
        "ru-RU",
        tokenType,
      );
      expect(res.status, tokenType).toBe(201);
      expect(await res.json()).toMatchObject({ success: true, status: "published" });
    }
    const unknown = await publishReview((await signUp({ quick: true })).cookie, { product_id: p.id, user_name: "v4", rating: 4 }, undefined, "ru-RU", "v4");
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ errors: [{ field: "tokenType", message: "Подтвердите, что вы не робот." }] });
  });

  it("limits an account to 5 reviews an hour: 429 with Retry-After and the message", async () => {
    const me = await signUp({ quick: true });
    const products = catalogue.products.slice(10, 16);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (const q of products) {
      last = await publishReview(me.cookie, { product_id: q.id, user_name: "Fast", rating: 5 });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject({ message: "Слишком много отзывов. Попробуйте позже." });
  });
});

describe("reactions (POST /reaction)", () => {
  it("counts 50 parallel likes from 50 accounts as 50", async () => {
    const review = (await readReviews(productWithReviews(0).id)).reviews[0] ?? null;
    expect(review).toBeNull();
    const me = await signUp({ quick: true });
    const p = productWithReviews(0);
    await publishReview(me.cookie, { product_id: p.id, user_name: "Liked", rating: 5 });
    const id = (await readReviews(p.id)).reviews[0]!.id;
    const readers = await Promise.all(Array.from({ length: 50 }, () => signUp({ quick: true })));
    const answers = await Promise.all(readers.map((r) => reactTo(r.cookie, id, 1, 0)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await readReviews(p.id)).reviews[0]).toMatchObject({ likes: 50, dislikes: 0 });
  });

  it("keeps like and dislike exclusive, a repeated like is the same like, none clears it; guests get 401", async () => {
    const p = productWithReviews(5);
    const id = (await readReviews(p.id)).reviews[0]!.id;
    const base = (await readReviews(p.id)).reviews[0]!;
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
    const mine = await readReviews(p.id, "", { Cookie: me.cookie });
    expect(mine.reviews.find((r) => r.id === id)).toMatchObject({ user_like: 1, user_dislike: 0 });
  });
});
