import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SUGGEST_CANDIDATES, suggestProducts } from "~/search/index.server";
import { html } from "./helpers";

/**
 * The listing's bounds (docs/decisions/026-flat-listings.md), at a size the demo never reaches:
 * 2,450 more T-shirts on sale in this file's own D1. A filtered listing counts its total to 2,400
 * and says "more than"; facets counted over more than 1,000 products show no numbers; the
 * category without filters keeps its exact counts; paging stops at page 100.
 */
const CATEGORY = "men/clothing/t-shirts";
const ADDED = 2_450;

beforeAll(async () => {
  const base = "SELECT value AS n FROM json_each(?)";
  const ns = JSON.stringify(Array.from({ length: ADDED }, (_, i) => i + 1));
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO products (slug, model_code, category_id, brand_id, color_id, first_price, sale_price, in_club, popularity, created_at, shape, search_name)
       SELECT 'bulk-tee-' || n, 'BULK-' || n, (SELECT id FROM categories WHERE path = ?2), 1 + n % 5, 1 + n % 7, 200000, 150000, 0, n, 1700000000 + n, 'tshirt', 'bulktee'
       FROM (${base.replace("?", "?1")})`,
    ).bind(ns, CATEGORY),
    env.DB.prepare(
      `INSERT INTO product_translations (product_id, lang, name, description)
       SELECT p.id, l.value, 'Bulk tee ' || p.id, '' FROM products p, json_each('["uz","ru","uk"]') l WHERE p.slug LIKE 'bulk-tee-%'`,
    ),
    env.DB.prepare(
      "INSERT INTO images (product_id, position, url, width, height) SELECT id, 0, '/photos/demo/1/tshirt/black/1.jpg', 1200, 1600 FROM products WHERE slug LIKE 'bulk-tee-%'",
    ),
    env.DB.prepare("INSERT INTO skus (product_id, size, position, stock) SELECT id, 'M', 0, 3 FROM products WHERE slug LIKE 'bulk-tee-%'"),
  ]);
});

/** Brand rows with a count beside them. */
const countedBrands = (body: string) => [...body.matchAll(/name="brand"[^>]*\/>[^<]*<span class="facet__count">/g)].length;

describe("a listing's bounds at a real shop's size", () => {
  it("without filters: the exact total and every facet's counts, kept", async () => {
    const kept = (await env.DB.prepare("SELECT n FROM category_facets WHERE facet = 'total' AND category_id = (SELECT id FROM categories WHERE path = ?)")
      .bind(CATEGORY)
      .first<number>("n"))!;
    expect(kept).toBeGreaterThan(ADDED);
    const { res, body } = await html(`/ru/store/${CATEGORY}`);
    expect(res.status).toBe(200);
    expect(/data-testid="result-count">([^<]*)</.exec(body)?.[1]).toMatch(new RegExp(`^${kept} товар`));
    expect(countedBrands(body)).toBeGreaterThan(0);
  });

  it("filtered past the reach: 'more than 2 400', facets over more than 1,000 products without numbers, the filter's own kept", async () => {
    const { res, body } = await html(`/ru/store/${CATEGORY}?sale=1`);
    expect(res.status).toBe(200);
    expect(body).toMatch(/data-testid="result-count">более 2\s?400 товаров</);
    expect(countedBrands(body)).toBe(0);
    expect(body).toMatch(/name="brand"/);
    // The sale box is the only filter: its own count is the category's kept one.
    expect(body).toMatch(/name="sale"[^>]*\/><span>[^<]*<\/span><span class="facet__count">\d+<\/span>/);
  });

  it("pages to the 2,400th product: page 100 is there, page 101 is a 404 that links to the first", async () => {
    expect((await html(`/ru/store/${CATEGORY}?page=100`)).res.status).toBe(200);
    const past = await html(`/ru/store/${CATEGORY}?page=101`);
    expect(past.res.status).toBe(404);
    expect(past.body).toContain(`href="/ru/store/${CATEGORY}"`);
  });

  it("the search box ranks the newest matches only: an old product past them is not suggested, however popular", async () => {
    expect(ADDED).toBeGreaterThan(SUGGEST_CANDIDATES);
    await env.DB.prepare("UPDATE products SET popularity = 100000000 WHERE slug = 'bulk-tee-1'").run();
    const found = await suggestProducts(env.DB, "ru", "bulkt", 6);
    // The newest are the most popular of the rest too (popularity = n): the last six, in that order.
    expect(found.map((p) => p.slug)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `bulk-tee-${ADDED - i}`));
    // Within the newest, the most popular leads.
    await env.DB.prepare("UPDATE products SET popularity = 100000000 WHERE slug = ?")
      .bind(`bulk-tee-${ADDED - 900}`)
      .run();
    expect((await suggestProducts(env.DB, "ru", "bulkt", 6))[0]!.slug).toBe(`bulk-tee-${ADDED - 900}`);
  });
});
