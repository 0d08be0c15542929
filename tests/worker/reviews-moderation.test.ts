import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { get, GOOGLEBOT, post, section } from "./helpers";
import { ip, signUp, productWithReviews, readReviews, reactTo } from "./fixtures";

// A review held for moderation: who sees it, and the reactions it refuses meanwhile.

describe("a review held for moderation", () => {
  const p = productWithReviews(7);
  const held = async () => {
    const author = await signUp({ firstName: "Held", quick: true });
    const sent = await post(
      `/ru/product/${p.slug}/review`,
      { userName: "Held", agree: "on", rating: "4", text: "Ждёт проверки" },
      { cookie: author.cookie, headers: ip() },
    );
    expect(sent.status).toBe(303);
    const id = (await readReviews(p.id, "&allReviews=1", { Cookie: author.cookie })).reviews.find((r) => r.text === "Ждёт проверки" && r.pending)!.id;
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
      expect((await readReviews(p.id, "&allReviews=1", headers)).reviews.some((r) => r.id === id)).toBe(false);
  });
});
