import { describe, expect, it } from "vitest";
import { brandOf, byNewest, catalogue, categoryPathOf, get, nameOf, products, skusOf } from "./helpers";
import { signUp } from "./fixtures";

type ApiProduct = {
  id: number;
  slug: string;
  name: string;
  url: string;
  firstPrice: number;
  salePrice: number;
  currency: string;
  inClub: boolean;
  inStock: boolean;
  image: { url: string; width: number; height: number };
  sizes?: { id: number; size: string; available: boolean }[];
  images?: { url: string }[];
  brand?: { slug: string; name: string };
  category?: { path: string; name: string };
};

const list = async (query: string, init: RequestInit = {}) => {
  const res = await get(`/api/catalog/v3/products${query}`, init);
  return { res, body: (await res.json()) as ApiProduct[] };
};

describe("GET /api/catalog/v3/products", () => {
  it("pages the catalogue newest first with the pagination headers, names in the asked language and links to the product pages", async () => {
    const { res, body } = await list("?lang=ru&per-page=5&page=2");
    expect(res.status).toBe(200);
    const newest = [...products].sort(byNewest);
    expect(body.map((p) => p.id)).toEqual(newest.slice(5, 10).map((p) => p.id));
    expect(res.headers.get("X-Pagination-Total-Count")).toBe(String(products.length));
    expect(res.headers.get("X-Pagination-Page-Count")).toBe(String(Math.ceil(products.length / 5)));
    expect(res.headers.get("X-Pagination-Current-Page")).toBe("2");
    expect(res.headers.get("X-Pagination-Per-Page")).toBe("5");
    expect(res.headers.get("has-next-page")).toBe("true");
    const last = await list(`?per-page=5&page=${Math.ceil(products.length / 5)}`);
    expect(last.res.headers.get("has-next-page")).toBe("false");
    const first = newest[5]!;
    expect(body[0]).toMatchObject({
      id: first.id,
      slug: first.slug,
      name: nameOf(first, "ru"),
      firstPrice: first.first_price,
      salePrice: first.sale_price,
      currency: "UZS",
    });
    expect(body[0]!.url).toMatch(new RegExp(`/ru/product/${first.slug}$`));
    // Without expand, only the card's fields.
    expect(body[0]).not.toHaveProperty("sizes");
    expect(body[0]).not.toHaveProperty("brand");
  });

  it("is the same for everyone: public and kept by shared caches, for a signed-in caller too", async () => {
    const { res } = await list("?lang=uz");
    expect(res.headers.get("Cache-Control")).toMatch(/^public, /);
    const { cookie } = await signUp();
    const { res: personal, body } = await list("?lang=uz&per-page=1", { headers: { Cookie: cookie } });
    expect(personal.status).toBe(200);
    expect(body).toHaveLength(1);
    // A request with a session is answered for that session only (its header counts are not here, but the rule is one).
    expect(personal.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("applies the listing's filters and sort: brand, category, price, sale, text", async () => {
    const brand = brandOf(products[0]!);
    const { body: byBrand, res } = await list(`?brand=${brand.slug}&per-page=100`);
    const expected = products.filter((p) => p.brand_id === brand.id);
    expect(byBrand.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected.map((p) => p.id).sort((a, b) => a - b));
    expect(res.headers.get("X-Pagination-Total-Count")).toBe(String(expected.length));

    const path = categoryPathOf(products[0]!).split("/")[0]!;
    const { body: inCategory } = await list(`?category=${path}&per-page=100`);
    const underPath = products.filter((p) => categoryPathOf(p) === path || categoryPathOf(p).startsWith(`${path}/`));
    expect(inCategory.map((p) => p.id).sort((a, b) => a - b)).toEqual(underPath.map((p) => p.id).sort((a, b) => a - b));

    const { body: cheapest } = await list("?sort=price_asc&per-page=100");
    const prices = cheapest.filter((p) => p.salePrice > 0).map((p) => p.salePrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const { body: onSale } = await list("?sale=1&per-page=100");
    expect(onSale.length).toBeGreaterThan(0);
    for (const p of onSale) expect(p.salePrice).toBeLessThan(p.firstPrice);

    const named = products[3]!;
    const { body: found } = await list(`?lang=ru&q=${encodeURIComponent(nameOf(named, "ru"))}&per-page=100`);
    expect(found.map((p) => p.id)).toContain(named.id);
  });

  it("expand adds sizes, images, brand and category, read in one more round trip", async () => {
    const { res, body } = await list("?lang=uk&per-page=3&expand=sizes,images,brand,category");
    expect(res.status).toBe(200);
    for (const item of body) {
      const seed = products.find((p) => p.id === item.id)!;
      expect(item.sizes!.map((s) => s.id).sort((a, b) => a - b)).toEqual(
        skusOf(seed)
          .map((s) => s.id)
          .sort((a, b) => a - b),
      );
      for (const s of item.sizes!) expect(typeof s.available).toBe("boolean");
      // Stock counts stay the shop's: only whether a size can be bought.
      expect(item.sizes![0]).not.toHaveProperty("stock");
      expect(item.images!.map((i) => i.url)).toEqual(
        catalogue.images
          .filter((i) => i.product_id === seed.id)
          .sort((a, b) => a.position - b.position)
          .map((i) => i.url),
      );
      expect(item.brand).toEqual({ slug: brandOf(seed).slug, name: brandOf(seed).name });
      expect(item.category!.path).toBe(categoryPathOf(seed));
      expect(item.category!.name).toBe(catalogue.categories.find((c) => c.id === seed.category_id)!.name_uk);
    }
    expect(res.headers.get("Server-Timing")).toMatch(/d1;desc="2 calls/);
  });

  it("refuses what it cannot answer with a message in the asked language", async () => {
    const { res, body } = await list("?lang=ru&expand=sizes,stock");
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, message: expect.stringContaining("stock") });
    expect((body as unknown as { message: string }).message).toMatch(/[А-Яа-я]/);
    const category = await list("?lang=uz&category=..%2Fetc");
    expect(category.res.status).toBe(400);
    expect(category.body).toMatchObject({ success: false, errors: [{ field: "category" }] });
    // A page past the end is an empty page, with the headers that say so.
    const past = await list("?page=999");
    expect(past.res.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.res.headers.get("X-Pagination-Current-Page")).toBe("999");
  });
});

describe("GET /api/catalog/v3/products/<id>", () => {
  it("one product, with what expand asks for", async () => {
    const seed = products[7]!;
    const res = await get(`/api/catalog/v3/products/${seed.id}?lang=uz&expand=brand`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ApiProduct;
    expect(body).toMatchObject({ id: seed.id, name: nameOf(seed, "uz"), brand: { slug: brandOf(seed).slug } });
    expect(body.url).toMatch(new RegExp(`/product/${seed.slug}$`));
    expect(body).not.toHaveProperty("sizes");
  });

  it("an unknown or malformed id is a localized 404", async () => {
    const missing = await get("/api/catalog/v3/products/999999?lang=uk");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toMatch(/[А-Яа-яІіЇї]/);
    expect((await get("/api/catalog/v3/products/abc")).status).toBe(404);
    const post = await get("/api/catalog/v3/products", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
  });
});
