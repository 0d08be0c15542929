import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HISTORY_MAX } from "~/search/index.server";
import { purgeExpired } from "../../workers/maintenance";
import { ip, Shopper, signIn, signUp } from "./fixtures";
import { get, ORIGIN, testText } from "./helpers";

/**
 * The header search box's calls: suggestions for a query being typed (the same for everyone)
 * and the shopper's recent searches (an account's in D1, a guest's by their session).
 */

type Answer = {
  query: string;
  search_url: string;
  categories: { name: string; parent: string | null; url: string }[];
  brands: { name: string; url: string }[];
  products: { id: number; name: string; brand: string; url: string; price: number; first_price: number; image: { url: string } }[];
};
type History = { kept: boolean; items: { id: number; query: string; url: string }[] };

async function suggest(q: string, lang = "ru", init: RequestInit = {}): Promise<{ res: Response; answer: Answer }> {
  const res = await get(`/api/search/autocomplete?lang=${lang}&q=${encodeURIComponent(q)}`, init);
  expect(res.status, q).toBe(200);
  return { res, answer: (await res.json()) as Answer };
}

async function historyOf(shopper: Shopper): Promise<History> {
  const res = await get("/api/search/history?lang=ru", { headers: shopper.cookie ? { Cookie: shopper.cookie } : {} });
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  return (await res.json()) as History;
}

const remember = (shopper: Shopper, q: string) => shopper.postJson("/api/search/history?lang=ru", { q });

describe("GET /api/search/autocomplete", () => {
  it("suggests categories, brands and products with photo and price for a word being typed, in the language asked", async () => {
    const { res, answer } = await suggest("кросс");
    expect(res.headers.get("Cache-Control")).toMatch(/^public/);
    expect(res.headers.get("Content-Language")).toBe("ru");
    expect(answer.categories.map((c) => c.name)).toContain("Кроссовки");
    for (const c of answer.categories) expect(c.url).toMatch(/^\/ru\/store\//);
    expect(answer.products.length).toBeGreaterThan(0);
    expect(answer.products.length).toBeLessThanOrEqual(6);
    for (const p of answer.products) {
      expect(p.name.toLowerCase()).toContain("кроссовки");
      expect(p.url).toMatch(/^\/ru\/product\/[a-z0-9-]+$/);
      expect(p.image.url).toMatch(/^\//);
      expect(Number.isInteger(p.price) && p.price <= p.first_price).toBe(true);
    }
    expect(answer.search_url).toBe(`/ru/search?q=${encodeURIComponent("кросс")}`);
  });

  it("reads Uzbek in Latin or Cyrillic, with or without the apostrophe, and the other keyboard layout", async () => {
    const latin = (await suggest("krossovka", "uz")).answer;
    const cyrillic = (await suggest("кроссовка", "uz")).answer;
    expect(latin.categories.map((c) => c.name)).toContain("Krossovkalar");
    expect(cyrillic.categories.map((c) => c.name)).toEqual(latin.categories.map((c) => c.name));
    expect(cyrillic.products.map((p) => p.id)).toEqual(latin.products.map((p) => p.id));
    // The brand Oʻzbegim, typed without its apostrophe, with a plain one and in Cyrillic.
    for (const q of ["ozbeg", "o'zbeg", "ўзбег"])
      expect(
        (await suggest(q, "uz")).answer.brands.map((b) => b.name),
        q,
      ).toEqual(["O\u02BBzbegim"]);
    const brand = (await suggest("urban", "uz")).answer.brands[0]!;
    expect(brand).toEqual({ name: "Urban Step", url: "/store?brand=urban-step" });
    // "кросс" typed on the Latin layout.
    const layout = (await suggest("rhjcc")).answer;
    expect(layout.categories.map((c) => c.name)).toContain("Кроссовки");
  });

  it("answers the same for every shopper and sets no cookie; nothing to suggest is empty lists", async () => {
    const member = await signUp();
    const { answer: theirs } = await suggest("джинс", "ru", { headers: { Cookie: member.cookie! } });
    const { res, answer: anyone } = await suggest("джинс");
    expect(theirs).toEqual(anyone);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    for (const q of ["", "a", "qwxzjvbnq"]) {
      const { answer } = await suggest(q);
      expect([answer.categories, answer.brands, answer.products], q).toEqual([[], [], []]);
    }
  });

  it("refuses an overlong query with a localized 400 naming the field", async () => {
    const res = await get(`/api/search/autocomplete?lang=uz&q=${"a".repeat(101)}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: { field: string }[] };
    expect(body.errors[0]!.field).toBe("q");
    expect(body.message).toMatch(/100/);
    const wrong = await get("/api/search/autocomplete", { method: "POST", headers: { Origin: ORIGIN } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("GET, HEAD");
  });
});

describe("recent searches", () => {
  it("a guest without a session has none kept; the first POST starts a session that keeps them, newest first, once each", async () => {
    const guest = new Shopper();
    expect(await historyOf(guest)).toEqual({ kept: false, items: [] });
    const first = await remember(guest, "  кроссовки  ");
    expect(first.status).toBe(201);
    expect(guest.cookie).toMatch(/^__session=/);
    await remember(guest, "джинсы");
    await remember(guest, "Кроссовки");
    const history = await historyOf(guest);
    expect(history.kept).toBe(true);
    expect(history.items.map((e) => e.query)).toEqual(["Кроссовки", "джинсы"]);
    expect(history.items[0]!.url).toBe(`/ru/search?q=${encodeURIComponent("Кроссовки")}`);
  });

  it("the search page remembers what a shopper with a session searched; an anonymous one stays uncached and unremembered", async () => {
    const member = await signUp();
    const page = await member.get("/ru/search?q=%D1%88%D0%B0%D0%BF%D0%BA%D0%B0");
    expect(page.res.status).toBe(200);
    expect((await historyOf(member)).items.map((e) => e.query)).toEqual(["шапка"]);
    const anonymous = await get("/ru/search?q=test", { headers: ip() });
    expect(anonymous.headers.get("Set-Cookie")).toBeNull();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM search_history WHERE query = 'test'").first("n")).toBe(0);
  });

  it("keeps the newest ten, forgets one entry of one's own only, and clears all", async () => {
    const a = await signUp();
    const b = new Shopper();
    for (let i = 1; i <= HISTORY_MAX + 2; i++) await remember(a, `запрос ${i}`);
    await remember(b, "чужой");
    const items = (await historyOf(a)).items;
    expect(items.map((e) => e.query)).toEqual(Array.from({ length: HISTORY_MAX }, (_, i) => `запрос ${HISTORY_MAX + 2 - i}`));
    const theirs = (await historyOf(b)).items[0]!;
    // Another's entry: nothing changes (204 as for any entry not there), it stays theirs.
    const foreign = await get(`/api/search/history/${theirs.id}?lang=ru`, { method: "DELETE", headers: { Cookie: a.cookie!, Origin: ORIGIN } });
    expect(foreign.status).toBe(204);
    expect((await historyOf(b)).items).toHaveLength(1);
    const one = await get(`/api/search/history/${items[0]!.id}?lang=ru`, { method: "DELETE", headers: { Cookie: a.cookie!, Origin: ORIGIN } });
    expect(one.status).toBe(204);
    expect((await historyOf(a)).items.map((e) => e.id)).not.toContain(items[0]!.id);
    const all = await get("/api/search/history?lang=ru", { method: "DELETE", headers: { Cookie: a.cookie!, Origin: ORIGIN } });
    expect(all.status).toBe(204);
    expect((await historyOf(a)).items).toEqual([]);
  });

  it("refuses an empty query (422 naming q), a long one, and a wrong method", async () => {
    const guest = new Shopper();
    const empty = await remember(guest, "   ");
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe("q");
    expect((await remember(guest, "x".repeat(101))).status).toBe(422);
    expect(guest.cookie).toBeUndefined();
    const put = await get("/api/search/history", { method: "PUT", headers: { Origin: ORIGIN } });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, HEAD, POST, DELETE");
  });

  it("a guest's searches join the account at sign-in; a guest's are forgotten with their session", async () => {
    const member = await signUp();
    await remember(member, "платье");
    const guest = new Shopper();
    await remember(guest, "куртка");
    await remember(guest, "Платье");
    const signedIn = await signIn(member, { cookie: guest.cookie });
    expect((await historyOf(signedIn)).items.map((e) => e.query)).toEqual(["Платье", "куртка"]);
    const gone = new Shopper();
    await remember(gone, "сумка");
    await env.DB.prepare("DELETE FROM sessions WHERE id IN (SELECT id FROM sessions ORDER BY rowid DESC LIMIT 1)").run();
    await purgeExpired(env.DB);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM search_history WHERE query = 'сумка'").first("n")).toBe(0);
  });

  it("without JavaScript, the empty search page lists them with forms to forget one or all", async () => {
    const guest = new Shopper();
    await remember(guest, "сапоги");
    await remember(guest, "шарф");
    const page = await guest.get("/ru/search");
    expect(page.res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(testText(page.body, "recent-searches")).toMatch(/шарф.*сапоги/s);
    const entry = (await historyOf(guest)).items.find((e) => e.query === "шарф")!;
    const forget = await guest.post("/ru/search", { intent: "forget", id: String(entry.id) });
    expect(forget.status).toBe(303);
    expect(forget.headers.get("Location")).toBe("/ru/search");
    expect((await historyOf(guest)).items.map((e) => e.query)).toEqual(["сапоги"]);
    const bad = await guest.post("/ru/search", { intent: "forget", id: "x" });
    expect(bad.status).toBe(400);
    expect((await guest.post("/ru/search", { intent: "forget-all" })).status).toBe(303);
    expect((await historyOf(guest)).items).toEqual([]);
  });
});
