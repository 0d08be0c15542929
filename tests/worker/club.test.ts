import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import ruAccount from "../../locales/ru/account.json";
import ukAccount from "../../locales/uk/account.json";
import uzAccount from "../../locales/uz/account.json";
import { BONUS_SHARE_PERCENT } from "~/cart/summary";
import { formatUzs } from "~/i18n/format";
import { DEMO_ACCOUNTS } from "../../workers/seed/shop";
import { buyable, CLUB, DEMO, ip, order, signIn, signUp } from "./fixtures";
import { decode, get, html, post, testText } from "./helpers";

const clubAccount = DEMO_ACCOUNTS.find((a) => a.email === CLUB.login)!;
/** The rules as configured (wrangler.toml's CLUB_DISCOUNT_PERCENT), never a copy of the number. */
const percent = Number(env.CLUB_DISCOUNT_PERCENT);
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

describe("the club card page", () => {
  it("shows a card holder the card's number, the bonus balance and the rules as the cart applies them", async () => {
    const s = await signIn(CLUB);
    const { res, body } = await s.get("/ru/account/club");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(testText(body, "club-number")).toBe(clubAccount.clubCard);
    const balance = (await env.DB.prepare("SELECT bonus_balance AS b FROM users WHERE email = ?").bind(CLUB.login).first<{ b: number }>())!.b;
    expect(testText(body, "club-balance")).toBe(formatUzs(balance, "ru"));
    expect(percent).toBeGreaterThan(0);
    expect(testText(body, "club-rule-discount")).toBe(fill(ruAccount.club.ruleDiscount, { percent }));
    expect(testText(body, "club-rule-bonuses")).toBe(fill(ruAccount.club.ruleBonuses, { share: BONUS_SHARE_PERCENT }));
    expect(decode(body)).toContain(ruAccount.club.title);
  });

  it("lists per order the club discount and the bonuses spent, once the card counted in an order", async () => {
    const s = await signIn(CLUB);
    const club = buyable(0, { club: true });
    await s.add(club.sku.id);
    expect((await post("/cart", { intent: "bonuses-apply", bonuses: "2000" }, { cookie: s.cookie, headers: ip() })).status).toBe(303);
    const placed = await s.place(order("club-page-0001"));
    expect(placed.status).toBe(201);
    const { number, totals } = ((await placed.json()) as { order: { number: string; totals: { bonusesUsed: number; clubDiscount: number } } }).order;
    expect(totals.bonusesUsed).toBe(2000);
    const expectedDiscount = Math.floor((club.p.sale_price * percent) / 100);
    const { body } = await s.get("/uk/account/club");
    const row = body.slice(body.indexOf(`>${number}</a>`));
    expect(testText(row, "club-order-discount")).toBe(formatUzs(expectedDiscount, "uk"));
    expect(testText(row, "club-order-bonuses")).toBe(formatUzs(2000, "uk"));
    expect(decode(body)).toContain(ukAccount.club.ordersTitle);
  });

  it("says so to an account without a card, in uz; a guest is sent to sign in and back", async () => {
    const plain = await signIn(DEMO);
    const { body } = await plain.get("/account/club");
    expect(testText(body, "club-no-card")).toBe(uzAccount.club.noCard);
    expect(body).not.toContain('data-testid="club-number"');
    const fresh = await signUp();
    expect(testText((await fresh.get("/account/club")).body, "club-orders-empty")).toBe(uzAccount.club.ordersEmpty);
    const guest = await get("/ru/account/club");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe("/ru/login?return_url=%2Fru%2Faccount%2Fclub");
  });
});

describe("the club explained to everyone", () => {
  it("is one public page per language with the configured rules and a way to the own card", async () => {
    for (const [lang, texts] of [
      ["uz", uzAccount],
      ["ru", ruAccount],
      ["uk", ukAccount],
    ] as const) {
      const { res, body } = await html(lang === "uz" ? "/club" : `/${lang}/club`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).not.toContain("private");
      expect(res.headers.get("Set-Cookie")).toBeNull();
      expect(testText(body, "club-rule-discount")).toBe(fill(texts.club.ruleDiscount, { percent }));
      expect(body).toContain(`href="${lang === "uz" ? "" : `/${lang}`}/account/club"`);
    }
  });

  it("is where a club product's badge leads from the product page", async () => {
    const { p } = buyable(1, { club: true });
    const { body } = await html(`/ru/product/${p.slug}`);
    expect(body).toMatch(/<a class="badge badge--club"[^>]*href="\/ru\/club"/);
  });
});
