import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { html } from "./helpers";

/**
 * The counts a category page reads (category_facets) are kept by triggers on products, skus and
 * category_products (workers/migrations/0031_category_listing.sql): whatever writes the
 * catalogue, they must equal a recount from scratch.
 */
const LISTED = `WITH listed AS (
    SELECT a.id AS category_id, p.* FROM products p JOIN categories c ON c.id = p.category_id
    JOIN categories a ON c.path = a.path OR (c.path >= a.path || '/' AND c.path < a.path || '0')
    UNION ALL SELECT 0, p.* FROM products p)`;
const RECOUNTS = [
  "SELECT category_id, 'total' AS facet, '' AS value, COUNT(*) AS n FROM listed GROUP BY category_id",
  "SELECT category_id, 'brand' AS facet, CAST(brand_id AS TEXT) AS value, COUNT(*) AS n FROM listed GROUP BY category_id, brand_id",
  "SELECT category_id, 'color' AS facet, CAST(color_id AS TEXT) AS value, COUNT(*) AS n FROM listed GROUP BY category_id, color_id",
  "SELECT category_id, 'sale' AS facet, '' AS value, COUNT(*) AS n FROM listed WHERE sale_price > 0 AND sale_price < first_price GROUP BY category_id",
  "SELECT category_id, 'club' AS facet, '' AS value, COUNT(*) AS n FROM listed WHERE in_club = 1 GROUP BY category_id",
  "SELECT l.category_id, 'size' AS facet, s.size AS value, COUNT(*) AS n FROM listed l JOIN skus s ON s.product_id = l.id AND s.stock > 0 GROUP BY l.category_id, s.size",
];

type Count = { category_id: number; facet: string; value: string; n: number };
const key = (c: Count) => `${c.category_id}/${c.facet}/${c.value}`;

async function kept(): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare("SELECT category_id, facet, value, n FROM category_facets WHERE n != 0").all<Count>();
  return Object.fromEntries(results.map((c) => [key(c), c.n]));
}

async function recounted(): Promise<Record<string, number>> {
  const answers = await env.DB.batch(RECOUNTS.map((sql) => env.DB.prepare(`${LISTED} ${sql}`)));
  return Object.fromEntries(answers.flatMap((a) => (a.results as Count[]).map((c) => [key(c), c.n])));
}

describe("the counts a category page reads", () => {
  it("equal a recount after the seed", async () => {
    expect(await kept()).toEqual(await recounted());
  });

  it("follow stock across 0, parallel stock takes, a price change, a category move and a deletion", async () => {
    const { results: skus } = await env.DB.prepare("SELECT id, product_id FROM skus WHERE stock > 0 ORDER BY id LIMIT 3").all<{
      id: number;
      product_id: number;
    }>();
    const [a, b, c] = skus as [{ id: number; product_id: number }, { id: number; product_id: number }, { id: number; product_id: number }];
    await env.DB.prepare("UPDATE skus SET stock = 2 WHERE id = ?").bind(a.id).run();
    // Five parallel takes of one on a stock of 2: two succeed, the size leaves the counts once.
    await Promise.allSettled(Array.from({ length: 5 }, () => env.DB.prepare("UPDATE skus SET stock = stock - 1 WHERE id = ? AND stock >= 1").bind(a.id).run()));
    expect(await env.DB.prepare("SELECT stock FROM skus WHERE id = ?").bind(a.id).first("stock")).toBe(0);
    await env.DB.prepare("UPDATE skus SET stock = 0 WHERE id = ?").bind(b.id).run();
    await env.DB.prepare("UPDATE skus SET stock = 7 WHERE id = ?").bind(b.id).run();
    await env.DB.prepare("UPDATE products SET sale_price = first_price - 1000 WHERE id = ?").bind(c.product_id).run();
    await env.DB.prepare("UPDATE products SET category_id = (SELECT id FROM categories WHERE path = 'men/clothing/t-shirts') WHERE id = ?")
      .bind(b.product_id)
      .run();
    await env.DB.batch([
      env.DB.prepare("DELETE FROM cart_lines WHERE sku_id IN (SELECT id FROM skus WHERE product_id = ?)").bind(c.product_id),
      env.DB.prepare("DELETE FROM images WHERE product_id = ?").bind(c.product_id),
      env.DB.prepare("DELETE FROM product_translations WHERE product_id = ?").bind(c.product_id),
      env.DB.prepare("DELETE FROM skus WHERE product_id = ?").bind(c.product_id),
      env.DB.prepare("DELETE FROM products WHERE id = ?").bind(c.product_id),
    ]);
    expect(await kept()).toEqual(await recounted());
  });

  it("are what the page shows, and a filter's own facet keeps them", async () => {
    const total = await env.DB.prepare(
      "SELECT n FROM category_facets WHERE category_id = (SELECT id FROM categories WHERE path = 'women') AND facet = 'total'",
    ).first<number>("n");
    const { body } = await html("/ru/store/women");
    expect(body).toContain(`>${total} товар`);
    const filtered = await html("/ru/store/women?size=M");
    // The size facet is the category's own under a size filter alone: every size of the category, counted.
    expect(filtered.body).toMatch(/name="size"[^>]*value="M"/);
  });
});
