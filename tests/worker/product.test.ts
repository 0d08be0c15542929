import { describe, expect, it } from "vitest";
import { formatUzs } from "~/i18n/format";
import {
  brandOf,
  cardSlugs,
  catalogue,
  decode,
  fx,
  get,
  GOOGLEBOT,
  html,
  inStock,
  nameOf,
  ORIGIN,
  productBySlug,
  products,
  section,
  skusOf,
  tags,
} from "./helpers";

type JsonLd = {
  "@type": string;
  name: string;
  sku: string;
  url: string;
  brand: { name: string };
  image: string[];
  offers?: { "@type": string; price: number; priceCurrency: string; availability: string; url: string };
};

/** The page's one JSON-LD script: the Product (its BreadcrumbList beside it: tests/worker/json-ld.test.ts). */
function jsonLdOf(body: string): JsonLd {
  const scripts = [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return (JSON.parse(scripts[0]![1]!) as JsonLd[]).find((n) => n["@type"] === "Product")!;
}

/** The product article (gallery, price, colors, sizes), without header, related and streamed data. */
function articleOf(body: string): string {
  return section(body, '<article class="product" data-testid="product">', "</article>");
}

const equalPriceProduct = products.find((p) => p.sale_price > 0 && p.sale_price === p.first_price && inStock(p))!;

describe("product page", () => {
  it("answers 200 for every fixture slug", async () => {
    for (const slug of new Set([fx.productOneSlug, fx.saleProductSlug, fx.hiddenPriceProductSlug, fx.soldOutProductSlug, fx.clubProductSlug])) {
      const res = await get(`/product/${slug}`);
      expect(res.status, slug).toBe(200);
      await res.body?.cancel();
    }
  });

  it("shows name, brand and the color", async () => {
    const p = productBySlug(fx.productOneSlug);
    const article = articleOf((await html(`/product/${p.slug}`)).body);
    expect(article).toContain(`<p class="product__brand">${brandOf(p).name}</p>`);
    expect(article).toContain(`<h1 class="product__name">${nameOf(p, "uz")}</h1>`);
    expect(article).toContain(`<strong data-testid="color">Xaki</strong>`);
  });

  it("has Product JSON-LD with a UZS offer at the sale price, in stock", async () => {
    const p = productBySlug(fx.saleProductSlug);
    const ld = jsonLdOf((await html(`/product/${p.slug}`)).body);
    expect(ld["@type"]).toBe("Product");
    expect(ld.name).toBe(nameOf(p, "uz"));
    expect(ld.sku).toBe(String(p.id));
    expect(ld.brand.name).toBe(brandOf(p).name);
    expect(ld.url).toBe(`${ORIGIN}/product/${p.slug}`);
    expect(ld.image[0]).toBe(`${ORIGIN}/photos/demo/1/sneaker/khaki/1.jpg`);
    expect(ld.offers).toMatchObject({
      "@type": "Offer",
      priceCurrency: "UZS",
      price: p.sale_price,
      availability: "https://schema.org/InStock",
      url: `${ORIGIN}/product/${p.slug}`,
    });
    expect(p.sale_price).toBeLessThan(p.first_price);
  });

  it("JSON-LD of a /ru page has the Russian name and the /ru URL", async () => {
    const p = productBySlug(fx.clubProductSlug);
    const ld = jsonLdOf((await html(`/ru/product/${p.slug}`)).body);
    expect(ld.name).toBe(nameOf(p, "ru"));
    expect(ld.url).toBe(`${ORIGIN}/ru/product/${p.slug}`);
    expect(ld.offers?.price).toBe(p.sale_price);
  });

  it("a product sold out in every size is OutOfStock, all sizes disabled", async () => {
    const p = productBySlug(fx.soldOutProductSlug);
    expect(inStock(p)).toBe(false);
    const { res, body } = await html(`/product/${p.slug}`);
    expect(res.status).toBe(200);
    const ld = jsonLdOf(body);
    expect(ld.offers?.availability).toBe("https://schema.org/OutOfStock");
    expect(ld.offers?.price).toBe(p.sale_price);
    const article = articleOf(body);
    expect(article).toContain('data-testid="sold-out"');
    const radios = tags(article, "input").filter((i) => i.type === "radio");
    expect(radios).toHaveLength(skusOf(p).length);
    for (const r of radios) expect(r).toHaveProperty("disabled");
  });

  it("a hidden price (sale_price 0) shows no price and no offer", async () => {
    const p = productBySlug(fx.hiddenPriceProductSlug);
    expect(p.sale_price).toBe(0);
    const { res, body } = await html(`/product/${p.slug}`);
    expect(res.status).toBe(200);
    const ld = jsonLdOf(body);
    expect(ld).not.toHaveProperty("offers");
    const article = articleOf(body);
    expect(article).not.toContain('data-testid="price"');
    expect(article).not.toContain("price__old");
    expect(decode(article)).not.toContain("so'm");
    expect(decode(article)).not.toContain(formatUzs(p.first_price, "uz").split(" so'm")[0]);
    // Still purchasable: in stock sizes are enabled.
    expect(tags(article, "input").some((i) => i.type === "radio" && !("disabled" in i))).toBe(true);
  });

  it("a sale shows the new price and the struck-through old price, formatted", async () => {
    const p = productBySlug(fx.saleProductSlug);
    for (const lang of ["uz", "ru"] as const) {
      const article = articleOf((await html(`${lang === "uz" ? "" : "/ru"}/product/${p.slug}`)).body);
      const price = section(article, '<p class="price price--large" data-testid="price">', "</p>");
      expect(decode(price)).toContain(`<span class="price__now price__now--sale">${formatUzs(p.sale_price, lang)}</span>`);
      expect(decode(price)).toContain(
        `<s class="price__old" aria-label="${lang === "uz" ? "Eski narx" : "Старая цена"}">${formatUzs(p.first_price, lang)}</s>`,
      );
    }
    // 997 000 so'm style: groups of three digits separated by plain spaces.
    expect(formatUzs(p.sale_price, "uz")).toMatch(/^\d{1,3}( \d{3})+ so'm$/);
    const discount = Math.round((1 - p.sale_price / p.first_price) * 100);
    const article = articleOf((await html(`/product/${p.slug}`)).body);
    expect(article).toContain(`<span class="badge badge--sale">−<!-- -->${discount}<!-- -->%</span>`);
  });

  it("equal sale and first price shows no old price and no sale badge", async () => {
    expect(equalPriceProduct).toBeDefined();
    const article = articleOf((await html(`/product/${equalPriceProduct.slug}`)).body);
    expect(decode(article)).toContain(`<span class="price__now">${formatUzs(equalPriceProduct.sale_price, "uz")}</span>`);
    expect(article).not.toContain("price__old");
    expect(article).not.toContain("badge--sale");
  });

  it("renders sizes in order, sold-out ones as disabled radios", async () => {
    const p = productBySlug(fx.productOneSlug);
    const article = articleOf((await html(`/product/${p.slug}`)).body);
    const sizes = section(article, '<fieldset class="sizes">', "</fieldset>");
    const labels = [...sizes.matchAll(/<label class="([^"]+)"><input ([^>]*)\/><span>([^<]+)<\/span><\/label>/g)].map((m) => ({
      cls: m[1],
      input: `<input ${m[2]}>`,
      size: m[3],
    }));
    const skus = skusOf(p);
    expect(labels.map((l) => l.size)).toEqual(skus.map((s) => s.size));
    expect(skus.filter((s) => s.stock === 0)).toHaveLength(1);
    labels.forEach((l, i) => {
      const sku = skus[i]!;
      const input = tags(l.input, "input")[0]!;
      expect(input.value).toBe(String(sku.id));
      expect(input.name).toBe("purchasableId");
      if (sku.stock === 0) {
        expect(l.cls).toBe("size size--soldout");
        expect(input).toHaveProperty("disabled");
      } else {
        expect(l.cls).toBe("size");
        expect(input).not.toHaveProperty("disabled");
      }
    });
    expect(article).not.toContain('data-testid="sold-out"');
  });

  it("links the other colors of the same model, in the page language", async () => {
    const p = productBySlug(fx.productOneSlug);
    const siblings = products.filter((x) => x.model_code === p.model_code && x.id !== p.id);
    expect(siblings.length).toBe(2);
    for (const [prefix, lang] of [
      ["", "uz"],
      ["/uk", "uk"],
    ] as const) {
      const article = articleOf((await html(`${prefix}/product/${p.slug}`)).body);
      const swatches = section(article, '<ul class="swatches"', "</ul>");
      const links = tags(swatches, "a")
        .map((a) => a.href)
        .sort();
      expect(links, lang).toEqual(siblings.map((s) => `${prefix}/product/${s.slug}`).sort());
      expect(swatches).toContain('aria-current="true"');
    }
  });

  it("a single-color product has no color swatches", async () => {
    const single = products.find((p) => products.filter((x) => x.model_code === p.model_code).length === 1)!;
    const article = articleOf((await html(`/product/${single.slug}`)).body);
    expect(article).not.toContain('class="swatches"');
  });

  it("breadcrumbs follow the category path", async () => {
    const { body } = await html(`/product/${fx.productOneSlug}`);
    const crumbs = section(body, '<nav class="crumbs"', "</nav>");
    expect(tags(crumbs, "a").map((a) => a.href)).toEqual(["/", "/store/women", "/store/women/footwear", "/store/women/footwear/sneakers"]);
  });
});

describe("related products (streamed)", () => {
  function expectedRelated(slug: string): string[] {
    const p = productBySlug(slug);
    return products
      .filter((x) => x.category_id === p.category_id && x.model_code !== p.model_code)
      .sort((a, b) => b.popularity - a.popularity || a.id - b.id)
      .slice(0, 8)
      .map((x) => x.slug);
  }

  it("crawlers get the related grid inside the document", async () => {
    for (const slug of [fx.productOneSlug, fx.soldOutProductSlug, "samarqand-style-kumush-skirt-blue-7"]) {
      const expected = expectedRelated(slug);
      expect(expected.length, slug).toBeGreaterThan(0);
      const { res, body } = await html(`/product/${slug}`, { headers: { "User-Agent": GOOGLEBOT } });
      expect(res.status).toBe(200);
      const related = section(body, '<section aria-labelledby="related" class="related">', "</section>");
      expect(related).not.toContain("grid--placeholder");
      expect(cardSlugs(related), slug).toEqual(expected);
    }
  });

  it("no product page leaves a boundary for a script to fill in a crawler's document", async () => {
    for (const p of products) {
      const { body } = await html(`/product/${p.slug}`, { headers: { "User-Agent": GOOGLEBOT } });
      expect(body, p.slug).not.toContain("grid--placeholder");
      expect(body, p.slug).not.toContain('<div hidden id="S:');
      expect(cardSlugs(section(body, '<section aria-labelledby="related"', "</section>")), p.slug).toEqual(expectedRelated(p.slug));
    }
  });

  it("browsers get a placeholder first and the grid later in the same response", async () => {
    const { res, body } = await html(`/product/${fx.productOneSlug}`, {
      headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36" },
    });
    expect(res.status).toBe(200);
    const related = section(body, '<section aria-labelledby="related" class="related">', "</section>");
    expect(related).toContain('<div class="grid grid--placeholder" aria-busy="true"></div>');
    const rest = body.slice(body.indexOf("</main>"));
    expect(cardSlugs(rest)).toEqual(expectedRelated(fx.productOneSlug));
  });

  it("carries its server-written markup once: the hydration data names it by hash, a data request gets the text", async () => {
    const browser = { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36" } };
    const { body } = await html(`/product/${fx.productOneSlug}`, browser);
    // In the markup (class="…"), never again inside the hydration script (class=\"…\").
    for (const part of ["product__description", "product__name", "product__brand", "card__brand", "heart-form", "reviews__", "@context"]) {
      expect(body, part).toContain(part);
      expect(body.includes(`\\"${part}`), part).toBe(false);
    }
    expect(body).toMatch(/inDocument\\",\d+/);
    const data = await get(`/product/${fx.productOneSlug}.data`, browser);
    expect(data.status).toBe(200);
    const text = await data.text();
    for (const part of ["product__description", "card__brand", "reviews__", "@context"]) expect(text, part).toContain(part);
    expect(text).not.toContain("inDocument");
  });
});

describe("unknown and malformed slugs", () => {
  for (const path of [
    "/product/no-such-product",
    "/product/%3Cscript%3E",
    "/product/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "/product/Chimgan-Outdoor-Bahor-Sneakers-Khaki-1",
    `/product/${"a".repeat(200)}`,
    "/product/%00",
    "/product/'%20OR%201=1--",
    "/ru/product/no-such-product",
    `/xx/product/${fx.productOneSlug}`,
  ]) {
    it(`${path.slice(0, 60)} → 404`, async () => {
      const { res, body } = await html(path);
      expect(res.status).toBe(404);
      expect(body).not.toContain("<script>alert");
      expect(body).toContain('data-status="404"');
    });
  }

  it("every seed product has a page (no slug the sitemap lists is a 404)", async () => {
    const slugs = catalogue.products.map((p) => p.slug);
    const statuses = await Promise.all(
      slugs.map(async (slug) => {
        const res = await get(`/product/${slug}`);
        await res.body?.cancel();
        return res.status;
      }),
    );
    expect(statuses).toEqual(slugs.map(() => 200));
  });
});
