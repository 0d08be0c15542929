import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { suggestProducts } from "~/search/index.server";
import { weekOf } from "~/search/misses.server";
import { ops, opsKey, Shopper } from "./fixtures";
import { cardSlugs, html } from "./helpers";

type Misses = { week: string; misses: { query: string; lang: string; count: number; correctedTo: string | null }[] };

const missesOf = async (key: string, query = "") => (await (await ops(`/api/ops/search/misses${query}`, key)).json()) as Misses;

describe("what the shop learns from searches that find nothing", () => {
  it("counts a week's misses and corrections per language, nothing personal, and shows them to operators", async () => {
    const key = await opsKey(["catalogue:write"]);
    const shopper = new Shopper();
    await shopper.add(1);
    for (let i = 0; i < 3; i++) await shopper.get("/ru/search?q=%D0%B6%D0%B8%D0%BB%D0%B5%D1%82%D0%BA%D0%B0"); // жилетка
    await html("/search?q=krosovka"); // corrected to krossovka
    await html("/search?q=krossovka"); // found: not counted
    await vi.waitFor(async () => {
      const { misses } = await missesOf(key);
      expect(misses.find((m) => m.query === "жилетка")).toEqual({ query: "жилетка", lang: "ru", count: 3, correctedTo: null });
      expect(misses.find((m) => m.query === "krosovka")).toEqual({ query: "krosovka", lang: "uz", count: 1, correctedTo: "krossovka" });
    });
    expect((await missesOf(key)).misses.some((m) => m.query === "krossovka")).toBe(false);
    // Nothing that names who searched: the table has no such column.
    const columns = (await env.DB.prepare("SELECT name FROM pragma_table_info('search_misses')").all<{ name: string }>()).results.map((c) => c.name);
    expect(columns.sort()).toEqual(["corrected_to", "count", "lang", "query", "query_key", "week"]);
    // One language; a week without any; this week's Monday named.
    const ru = await missesOf(key, "?lang=ru");
    expect(ru.misses.every((m) => m.lang === "ru")).toBe(true);
    expect((await missesOf(key, "?week=2020-01-08")).misses).toEqual([]);
    expect((await missesOf(key, "?week=2020-01-08")).week).toBe("2020-01-06");
    expect(new Date(`${(await missesOf(key)).week}T00:00:00Z`).getTime() / 86_400_000).toBe(weekOf(Date.now()));
  });

  it("answers only a key with the catalogue's scope; a bad week or language is 422 in the request's language", async () => {
    expect((await ops("/api/ops/search/misses", null)).status).toBe(401);
    expect((await ops("/api/ops/search/misses", await opsKey(["orders:write"]))).status).toBe(403);
    const key = await opsKey(["catalogue:write"]);
    const bad = await ops("/api/ops/search/misses?week=yesterday&lang=ru", key);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("ГГГГ-ММ-ДД");
    expect((await ops("/api/ops/search/misses?lang=en", key)).status).toBe(422);
    const wrong = await ops("/api/ops/search/misses", key, { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("GET, HEAD");
  });
});

describe("synonyms operators teach search", () => {
  it("a word taught finds at once, on the search page and in the box's suggestions, and is kept when the index is written again", async () => {
    const key = await opsKey(["catalogue:write"]);
    const before = await html("/ru/search?q=%D0%BA%D0%B5%D0%B4%D1%8B&exact=1"); // кеды
    expect(before.body).toContain('data-testid="no-results"');
    const sneakers = cardSlugs((await html(`/ru/search?q=${encodeURIComponent("кроссовки")}`)).body);
    expect(sneakers.length).toBeGreaterThan(0);
    const taught = await ops("/api/ops/search/synonyms?lang=ru", key, { body: { word: "кеды", means: "кроссовки", lang: "ru" } });
    expect(taught.status).toBe(201);
    const body = (await taught.json()) as { products: number };
    expect(body.products).toBeGreaterThan(0);
    const after = await html("/ru/search?q=%D0%BA%D0%B5%D0%B4%D0%B0%D1%85&exact=1"); // кедах: another form
    expect(cardSlugs(after.body)).toEqual(sneakers);
    expect((await suggestProducts(env.DB, "ru", "кеды", 8)).length).toBeGreaterThan(0);
    // Taught again: nothing changes (200, no product reached twice).
    const again = await ops("/api/ops/search/synonyms", key, { body: { word: "кеды", means: "кроссовки", lang: "ru" } });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { products: number }).products).toBe(0);
    // The index written again (a renamed brand, an import) keeps what was taught.
    const { refreshSearchTerms } = await import("~/search/index.server");
    await refreshSearchTerms(env.DB);
    expect(cardSlugs((await html("/ru/search?q=%D0%BA%D0%B5%D0%B4%D1%8B&exact=1")).body)).toEqual(sneakers);
    const list = (await (await ops("/api/ops/search/synonyms", key)).json()) as { synonyms: { word: string; means: string; lang: string }[] };
    expect(list.synonyms[0]).toMatchObject({ word: "кеды", means: "кроссовки", lang: "ru" });
  });

  it("refuses a word that is no word, or another language, with the field named; a key without the scope", async () => {
    const key = await opsKey(["catalogue:write"]);
    const bad = await ops("/api/ops/search/synonyms?lang=ru", key, { body: { word: "<b>", means: "кроссовки", lang: "ru" } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("word");
    expect((await ops("/api/ops/search/synonyms", key, { body: { word: "hudi", means: "", lang: "ru" } })).status).toBe(422);
    expect((await ops("/api/ops/search/synonyms", key, { body: { word: "hudi", means: "кроссовки", lang: "en" } })).status).toBe(422);
    expect((await ops("/api/ops/search/synonyms", await opsKey(["reviews:moderate"]), { body: { word: "hudi", means: "кроссовки", lang: "ru" } })).status).toBe(
      403,
    );
  });
});
