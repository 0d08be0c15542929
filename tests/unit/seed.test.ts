import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../workers/seed/shop.ts";
import { CLUB, DEMO } from "../shared/accounts";
import {
  catalogueStatements,
  FIXTURES,
  fixtures,
  generateCatalogue,
  ROWS_PER_STATEMENT,
  SHAPES,
  SIZE_SCALES,
  searchText,
  TABLE_COLUMNS,
  type Catalogue,
  type ProductRow,
} from "../../workers/seed/catalogue.ts";

const full = generateCatalogue();
const small = generateCatalogue({ products: 40 });

function stockByProduct(cat: Catalogue): Map<number, number> {
  const m = new Map<number, number>();
  for (const p of cat.products) m.set(p.id, 0);
  for (const s of cat.skus) m.set(s.product_id, (m.get(s.product_id) ?? 0) + s.stock);
  return m;
}

const isSale = (p: ProductRow) => p.sale_price > 0 && p.sale_price < p.first_price;

/** Splits a statement on quotes: an even number of `'` means every literal is closed ('' counts as two). */
function quotesBalanced(sql: string): boolean {
  return (sql.match(/'/g)?.length ?? 0) % 2 === 0;
}

/** Strips string literals; what remains must not contain a quote or non-SQL text. */
function stripLiterals(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'/g, "?");
}

describe("generateCatalogue", () => {
  it("is deterministic", () => {
    expect(generateCatalogue()).toEqual(full);
    expect(generateCatalogue({ products: 40 })).toEqual(small);
    expect(catalogueStatements(generateCatalogue())).toEqual(catalogueStatements(full));
  });

  it("makes a small catalogue that is a prefix of the full one", () => {
    expect(small.products).toEqual(full.products.slice(0, 40));
    expect(small.categories).toEqual(full.categories);
    expect(small.skus).toEqual(full.skus.filter((s) => s.product_id <= 40));
    expect(small.images).toEqual(full.images.filter((i) => i.product_id <= 40));
  });

  it("has the expected counts", () => {
    expect(full.products.length).toBe(320);
    expect(small.products.length).toBe(40);
    expect(full.brands.length).toBeGreaterThanOrEqual(22);
    expect(full.colors.length).toBeGreaterThanOrEqual(10);
    for (const cat of [full, small]) {
      for (const p of cat.products) {
        expect(cat.images.filter((i) => i.product_id === p.id).length).toBeGreaterThanOrEqual(2);
        const langs = cat.product_translations.filter((t) => t.product_id === p.id).map((t) => t.lang);
        expect(langs.sort()).toEqual(["ru", "uk", "uz"]);
        expect(cat.skus.some((s) => s.product_id === p.id)).toBe(true);
      }
    }
  });

  it("rows have exactly the table columns", () => {
    for (const table of Object.keys(TABLE_COLUMNS) as (keyof typeof TABLE_COLUMNS)[]) {
      for (const row of full[table]) expect(Object.keys(row).sort()).toEqual([...TABLE_COLUMNS[table]].sort());
    }
  });

  it("builds a three-level category tree and puts products only in leaves", () => {
    const byId = new Map(full.categories.map((c) => [c.id, c]));
    const top = full.categories.filter((c) => c.depth === 0).map((c) => c.slug);
    expect(top).toEqual(["women", "men", "kids"]);
    for (const c of full.categories) {
      if (c.depth === 0) expect(c.parent_id).toBeNull();
      else {
        const parent = byId.get(c.parent_id!)!;
        expect(parent.depth).toBe(c.depth - 1);
        expect(c.path).toBe(`${parent.path}/${c.slug}`);
        expect(parent.id).toBeLessThan(c.id);
      }
      if (c.depth === 1) {
        const children = full.categories.filter((x) => x.parent_id === c.id).length;
        expect(children).toBeGreaterThanOrEqual(2);
        expect(children).toBeLessThanOrEqual(4);
      }
    }
    expect(new Set(full.categories.map((c) => c.path)).size).toBe(full.categories.length);
    expect(byId.get(full.categories.find((c) => c.path === "kids/footwear/sneakers")!.id)!.size_kind).toBe("kids-footwear");
    expect(full.categories.find((c) => c.path === "men/accessories/bags")!.size_kind).toBe("one");
    for (const p of full.products) expect(byId.get(p.category_id)!.depth).toBe(2);
  });

  it("uses unique, url-safe slugs and valid references", () => {
    for (const rows of [full.products, full.brands, full.colors]) {
      expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
      for (const r of rows) expect(r.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    const brandIds = new Set(full.brands.map((b) => b.id));
    const colorIds = new Set(full.colors.map((c) => c.id));
    for (const p of full.products) {
      expect(brandIds.has(p.brand_id)).toBe(true);
      expect(colorIds.has(p.color_id)).toBe(true);
      expect(SHAPES).toContain(p.shape);
      expect([1, 2, 3]).toContain(p.vendor_id);
      expect(p.popularity).toBeGreaterThanOrEqual(0);
      expect(p.popularity).toBeLessThanOrEqual(1000);
      expect(p.created_at).toBeGreaterThanOrEqual(Date.UTC(2026, 0, 1) / 1000);
      expect(p.created_at).toBeLessThan(Date.UTC(2026, 10, 1) / 1000);
    }
    expect(new Set(full.skus.map((s) => s.id)).size).toBe(full.skus.length);
    expect(new Set(full.images.map((i) => i.id)).size).toBe(full.images.length);
  });

  it("groups colors of one model", () => {
    const models = new Map<string, ProductRow[]>();
    for (const p of full.products) models.set(p.model_code, [...(models.get(p.model_code) ?? []), p]);
    const multi = [...models.values()].filter((ps) => ps.length > 1);
    expect(multi.length).toBeGreaterThan(20);
    for (const ps of multi) {
      expect(ps.length).toBeLessThanOrEqual(3);
      expect(new Set(ps.map((p) => p.color_id)).size).toBe(ps.length);
      expect(new Set(ps.map((p) => `${p.brand_id}/${p.category_id}/${p.first_price}`)).size).toBe(1);
      const names = ps.map((p) => full.product_translations.find((t) => t.product_id === p.id && t.lang === "uz")!.name);
      expect(new Set(names).size).toBe(1);
    }
  });

  it("follows the price rules", () => {
    for (const p of full.products) {
      expect(Number.isInteger(p.first_price)).toBe(true);
      expect(Number.isInteger(p.sale_price)).toBe(true);
      expect(p.first_price).toBeGreaterThan(0);
      expect(p.first_price % 1000).toBe(0);
      expect(p.sale_price % 1000).toBe(0);
      expect(p.sale_price).toBeLessThanOrEqual(p.first_price);
    }
    const share = full.products.filter(isSale).length / full.products.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.4);
    const hidden = full.products.filter((p) => p.sale_price === 0).length;
    expect(hidden).toBeGreaterThanOrEqual(3);
    expect(hidden).toBeLessThanOrEqual(5);
    const club = full.products.filter((p) => p.in_club === 1).length / full.products.length;
    expect(club).toBeGreaterThan(0.1);
    expect(club).toBeLessThan(0.3);
  });

  it("has sizes in scale order with some sold out", () => {
    const byId = new Map(full.categories.map((c) => [c.id, c]));
    for (const p of full.products) {
      const skus = full.skus.filter((s) => s.product_id === p.id).sort((a, b) => a.position - b.position);
      const scale = SIZE_SCALES[byId.get(p.category_id)!.size_kind];
      const idx = skus.map((s) => scale.indexOf(s.size));
      expect(idx.every((i) => i >= 0)).toBe(true);
      expect(idx).toEqual([...idx].sort((a, b) => a - b));
      expect(skus.map((s) => s.position)).toEqual(skus.map((_, i) => i));
      for (const s of skus) expect(s.stock >= 0 && s.stock <= 20).toBe(true);
    }
    const zeroShare = full.skus.filter((s) => s.stock === 0).length / full.skus.length;
    expect(zeroShare).toBeGreaterThan(0.1);
    expect(zeroShare).toBeLessThan(0.25);
    const soldOut = [...stockByProduct(full).values()].filter((s) => s === 0).length;
    expect(soldOut).toBeGreaterThanOrEqual(4);
    expect(soldOut).toBeLessThanOrEqual(6);
  });

  it("has a demo photo per shape, colour and view", () => {
    const colorSlug = new Map(full.colors.map((c) => [c.id, c.slug]));
    for (const p of full.products) {
      const imgs = full.images.filter((i) => i.product_id === p.id);
      expect(imgs.length).toBeLessThanOrEqual(3);
      imgs.forEach((img, i) => {
        expect(img.url).toBe(`/photos/demo/1/${p.shape}/${colorSlug.get(p.color_id)}/${i + 1}.jpg`);
        expect([img.width, img.height]).toEqual([1200, 1600]);
      });
    }
  });

  it("keeps product 1 a usable fixture", () => {
    for (const cat of [full, small]) {
      const p = cat.products[0]!;
      expect(p.id).toBe(1);
      expect(cat.categories.find((c) => c.id === p.category_id)!.path.startsWith("women/footwear/")).toBe(true);
      expect(isSale(p)).toBe(true);
      const stocks = cat.skus.filter((s) => s.product_id === 1).map((s) => s.stock);
      expect(stocks.some((s) => s === 0)).toBe(true);
      expect(stocks.some((s) => s > 0)).toBe(true);
      expect(cat.products.filter((x) => x.model_code === p.model_code).length).toBeGreaterThanOrEqual(2);
    }
  });

  it("FIXTURES match both catalogue sizes", () => {
    expect(fixtures(full)).toEqual(FIXTURES);
    expect(fixtures(small)).toEqual(FIXTURES);
    for (const cat of [full, small]) {
      const bySlug = new Map(cat.products.map((p) => [p.slug, p]));
      const stock = stockByProduct(cat);
      expect(isSale(bySlug.get(FIXTURES.saleProductSlug)!)).toBe(true);
      expect(bySlug.get(FIXTURES.hiddenPriceProductSlug)!.sale_price).toBe(0);
      expect(stock.get(bySlug.get(FIXTURES.soldOutProductSlug)!.id)).toBe(0);
      expect(bySlug.get(FIXTURES.clubProductSlug)!.in_club).toBe(1);
    }
  });

  it("writes search_text from names, brand, category chain and color", () => {
    const p = full.products.find((x) => x.brand_id === full.brands.find((b) => b.slug === "ozbegim")!.id)!;
    expect(p.search_text).toContain("ozbegim");
    expect(p.search_text).not.toMatch(/['\u02BB\u02BC\u2018\u2019`]/);
    expect(p.search_text).toBe(p.search_text.toLowerCase());
    const one = full.products[0]!;
    for (const word of ["ayollar", "женщинам", "жінкам", "poyabzal", "обувь", "взуття", "krossovkalar", "кроссовки"]) {
      expect(one.search_text).toContain(word);
    }
  });
});

describe("searchText", () => {
  it("drops apostrophe variants, lower-cases and collapses whitespace", () => {
    const variants = ["O'g'il", "Oʻgʻil", "Oʼgʼil", "O‘g‘il", "O’g’il", "O`g`il", "Ogil"];
    for (const v of variants) expect(searchText([v])).toBe("ogil");
    expect(searchText(["  Ko‘ylak\t", "", " ПЛАТЬЕ   Сукня \n"])).toBe("koylak платье сукня");
  });
});

describe("catalogueStatements", () => {
  const statements = catalogueStatements(full);

  it("emits balanced, escaped INSERT OR IGNORE statements of bounded size", () => {
    for (const sql of statements) {
      expect(sql.startsWith("INSERT OR IGNORE INTO ")).toBe(true);
      expect(quotesBalanced(sql)).toBe(true);
      const bare = stripLiterals(sql);
      expect(bare).not.toContain("'");
      expect(bare).toMatch(/^INSERT OR IGNORE INTO \w+ \([\w, ]+\) VALUES\n(\((NULL|-?\d+|\?)(, (NULL|-?\d+|\?))*\)(,\n)?)+$/);
      expect(new TextEncoder().encode(sql).length).toBeLessThan(50_000);
      expect(sql.split("\n").length - 1).toBeLessThanOrEqual(ROWS_PER_STATEMENT);
    }
  });

  it("escapes apostrophes in Uzbek text", () => {
    const dresses = statements.find((s) => s.includes("'women/clothing/dresses'"))!;
    expect(dresses).toContain("'Ko''ylaklar'");
  });

  it("covers every row", () => {
    const rows = (table: string) => statements.filter((s) => s.startsWith(`INSERT OR IGNORE INTO ${table} `)).reduce((n, s) => n + s.split("\n").length - 1, 0);
    for (const table of Object.keys(TABLE_COLUMNS) as (keyof Catalogue)[]) expect(rows(table)).toBe(full[table].length);
  });
});

describe("demo reviews", () => {
  it("give the products the e2e tests name their counts (tests/e2e/support.ts REVIEWED), in both catalogue sizes", async () => {
    const { demoReviewCount } = await import("../../workers/seed/reviews");
    const expected = {
      "khiva-leather-nur-shoes-green-5": 42,
      "khiva-leather-nur-shoes-burgundy-4": 6,
      "chimgan-outdoor-bahor-sneakers-beige-3": 5,
      "chimgan-outdoor-bahor-sneakers-red-2": 1,
      "kamalak-safar-cap-red-6": 0,
    };
    for (const cat of [full, small])
      for (const [slug, count] of Object.entries(expected)) expect(demoReviewCount(cat.products.findIndex((p) => p.slug === slug)), slug).toBe(count);
  });
});

describe("the demo accounts the tests sign in with", () => {
  it("are the seed's", () => {
    for (const account of [DEMO, CLUB]) expect(DEMO_ACCOUNTS).toContainEqual(expect.objectContaining({ email: account.login, password: account.password }));
    expect(DEMO_ACCOUNTS.find((a) => a.email === CLUB.login)?.clubCard).toBeTruthy();
    expect(DEMO_ACCOUNTS.find((a) => a.email === DEMO.login)?.clubCard).toBeNull();
  });
});
