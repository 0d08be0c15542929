import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { searchTokens } from "~/search/fold";
import { catalogueStatements, generateCatalogue, type Catalogue, type ProductRow } from "../../workers/seed/catalogue";
import { byNewest, cardSlugs, decode, html, htmlFollowing, PAGE_SIZE, products, resultCount, section, tags, titleOf } from "./helpers";

/**
 * The 40-product seed has no product of the brand "Oʻzbegim" (U+02BB), so this
 * file adds its first model (3 colors) from the full demo catalogue, rows as the
 * seed generates them (search_text included).
 */
const big = generateCatalogue({ products: 320 });
const ozbegimBrand = big.brands.find((b) => b.name === "O\u02BBzbegim")!;
const firstOzbegim = big.products.find((p) => p.brand_id === ozbegimBrand.id)!;
const extra = big.products.filter((p) => p.model_code === firstOzbegim.model_code);
const searchable: ProductRow[] = [...products, ...extra];

beforeAll(async () => {
  const ids = new Set(extra.map((p) => p.id));
  const rows: Catalogue = {
    categories: [],
    brands: [],
    colors: [],
    products: extra,
    product_translations: big.product_translations.filter((t) => ids.has(t.product_id)),
    skus: big.skus.filter((s) => ids.has(s.product_id)),
    images: big.images.filter((i) => ids.has(i.product_id)),
  };
  await env.DB.batch(catalogueStatements(rows).map((sql) => env.DB.prepare(sql)));
});

/** What the search should find: every word of the query in the product's search text. */
function expected(q: string): string[] {
  const tokens = searchTokens(q);
  return searchable
    .filter((p) => tokens.every((t) => p.search_text.includes(t)))
    .sort(byNewest)
    .map((p) => p.slug);
}

async function search(q: string, prefix = "") {
  const { res, body } = await html(`${prefix}/search?q=${encodeURIComponent(q)}`);
  expect(res.status, q).toBe(200);
  return body;
}

describe("search", () => {
  it("finds a brand's products by the brand name", async () => {
    const body = await search("Samarqand");
    const samarqand = products.filter((p) => p.slug.startsWith("samarqand-style-")).map((p) => p.slug);
    expect(samarqand.length).toBeGreaterThan(1);
    expect(resultCount(body)).toBe(samarqand.length);
    expect(cardSlugs(body).sort()).toEqual(samarqand.sort());
    expect(cardSlugs(body)).toEqual(expected("Samarqand"));
  });

  it("is case-insensitive", async () => {
    const counts = [];
    for (const q of ["samarqand style", "SAMARQAND STYLE", "Samarqand Style", "sAmArQaNd"]) counts.push(resultCount(await search(q)));
    expect(new Set(counts)).toEqual(new Set([expected("samarqand").length]));
  });

  it("needs every word: brand + product word", async () => {
    const body = await search("aral ko'ylak");
    const slugs = expected("aral ko'ylak");
    expect(slugs.length).toBeGreaterThan(0);
    expect(slugs.length).toBeLessThan(expected("aral").length);
    expect(cardSlugs(body)).toEqual(slugs);
  });

  it("folds the Uzbek apostrophe variants: Oʻzbegim", async () => {
    expect(extra.length).toBe(3);
    const variants = ["o'zbegim", "o\u2018zbegim", "o\u2019zbegim", "o\u02BBzbegim", "o\u02BCzbegim", "o`zbegim", "ozbegim", "O'ZBEGIM", "O\u02BBzbegim"];
    for (const q of variants) {
      const body = await search(q);
      expect(resultCount(body), q).toBe(extra.length);
      expect(cardSlugs(body).sort(), q).toEqual(extra.map((p) => p.slug).sort());
    }
  });

  it("folds the Uzbek apostrophe variants: koʻylak (dress)", async () => {
    const dresses = expected("koylak");
    expect(dresses.length).toBeGreaterThan(0);
    for (const q of ["ko'ylak", "ko\u2018ylak", "ko\u02BBylak", "koylak", "KO'YLAK", "Ko\u02BBylak"]) {
      expect(cardSlugs(await search(q)), q).toEqual(dresses);
    }
  });

  it("finds Russian and Ukrainian product words from the Uzbek page", async () => {
    for (const q of ["кроссовки", "КРОССОВКИ", "спідниця", "платье"]) {
      const slugs = expected(q);
      expect(slugs.length, q).toBeGreaterThan(0);
      const body = await search(q);
      expect(body).toContain('<html lang="uz-Latn">');
      expect(cardSlugs(body), q).toEqual(slugs);
    }
  });

  it("finds Uzbek words from the Russian page, showing Russian names", async () => {
    const body = await search("krossovka", "/ru");
    expect(body).toContain('<html lang="ru">');
    expect(cardSlugs(body)).toEqual(expected("krossovka"));
    expect(body).toContain("кроссовки");
  });

  it("pages long result lists", async () => {
    const slugs = expected("ayollar");
    expect(slugs.length).toBeGreaterThan(PAGE_SIZE);
    const first = await search("ayollar");
    expect(resultCount(first)).toBe(slugs.length);
    expect(cardSlugs(first)).toEqual(slugs.slice(0, PAGE_SIZE));
    const second = await html("/search?q=ayollar&page=2");
    expect(second.res.status).toBe(200);
    expect(cardSlugs(second.body)).toEqual(slugs.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    expect((await html("/search?q=ayollar&page=9")).res.status).toBe(404);
  });

  it("combines with filters", async () => {
    const { res, body } = await html("/search?q=samarqand&color=beige");
    expect(res.status).toBe(200);
    const slugs = products.filter((p) => p.slug.startsWith("samarqand-style-") && p.slug.includes("-beige-")).map((p) => p.slug);
    expect(slugs.length).toBeGreaterThan(0);
    expect(cardSlugs(body).sort()).toEqual(slugs.sort());
    // The filters form keeps the query.
    expect(tags(body, "input").find((i) => i.type === "hidden" && i.name === "q")?.value).toBe("samarqand");
  });

  it("treats LIKE wildcards literally", async () => {
    for (const q of ["%%", "__", "a%b", "\\\\"]) {
      const body = await search(q);
      expect(body, q).toContain('data-testid="no-results"');
    }
  });

  it("a query without a searchable word (under 2 letters) finds nothing, not everything", async () => {
    for (const q of ["a", "%", "_", "!!", "o'", "x y z"]) {
      const body = await search(q);
      expect(body, q).toContain('data-testid="no-results"');
      expect(body, q).not.toContain('data-testid="result-count"');
    }
  });

  it("no results: a message with category links and popular products", async () => {
    const body = await search("zzqqxx");
    const empty = section(body, '<div class="empty" data-testid="no-results">', "<h2>Mashhur mahsulotlar</h2>");
    expect(decode(empty)).toContain("«zzqqxx» bo'yicha hech narsa topilmadi");
    expect(tags(empty, "a").map((a) => a.href)).toEqual(["/store/women", "/store/men", "/store/kids"]);
    const popular = [...searchable]
      .sort((a, b) => b.popularity - a.popularity || a.id - b.id)
      .slice(0, 8)
      .map((p) => p.slug);
    expect(cardSlugs(body)).toEqual(popular);
    expect(body).not.toContain('data-testid="result-count"');
  });

  it("empty query: the search prompt, not a listing", async () => {
    for (const url of ["/search", "/search?q=", "/search?q=%20%20%20"]) {
      // "q=" is not the clean URL: it redirects to /search.
      const { res, body } = await htmlFollowing(url);
      expect(res.status, url).toBe(200);
      expect(body, url).toContain('data-testid="search-prompt"');
      expect(body, url).not.toContain('data-testid="result-count"');
      expect(body, url).not.toContain('data-testid="no-results"');
      expect(cardSlugs(body).length, url).toBe(8);
      expect(titleOf(body), url).toBe("Qidiruv");
    }
  });

  it("answers any word the form accepts, in any script and length (no LIKE pattern limit)", async () => {
    // D1 refuses LIKE patterns over 50 bytes: 49 Latin or 25 Cyrillic letters used to answer 500.
    const words = { latin: "krossovka", cyrillic: "кроссовки", uzbek: "oʻzbekcha" };
    for (const [script, word] of Object.entries(words)) {
      for (const length of [25, 49, 100, 200]) {
        const q = word.repeat(Math.ceil(length / word.length)).slice(0, length);
        const { res, body } = await html(`/search?q=${encodeURIComponent(q)}`);
        expect(res.status, `${script} ${length}`).toBe(200);
        expect(body, `${script} ${length}`).toContain('data-testid="no-results"');
      }
    }
  });

  it("a 500-character query is cut to 100 characters, not an error", async () => {
    const q = "krossovka ".repeat(50);
    const { res, body } = await html(`/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    const input = tags(body, "input").find((i) => i.type === "search" && i.value !== undefined && i.value !== "");
    expect(input?.value).toBe(q.trim().slice(0, 100).trim());
    expect(cardSlugs(body)).toEqual(expected("krossovka"));
  });

  it("escapes the query where it is shown", async () => {
    const q = `<script>alert(1)</script>"'`;
    const body = await search(q);
    expect(body).not.toContain("<script>alert(1)");
    expect(titleOf(body)).toBe(`«${q}» bo'yicha qidiruv`);
    expect(body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("search pages are never indexed", async () => {
    for (const url of ["/search", "/search?q=samarqand", "/search?q=zzqqxx"]) {
      const { body } = await html(url);
      expect(body, url).toContain('<meta name="robots" content="noindex, follow"/>');
    }
  });
});
