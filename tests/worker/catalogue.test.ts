import { describe, expect, it } from "vitest";
import type { ProductRow } from "../../workers/seed/catalogue";
import {
  brandOf,
  byNewest,
  cardSlugs,
  catalogue,
  categoryPathOf,
  colorOf,
  facetCounts,
  get,
  headOf,
  html,
  htmlFollowing,
  PAGE_SIZE,
  products,
  resultCount,
  section,
  skusOf,
  tags,
} from "./helpers";

/** Every card of a listing, page after page, with the count the page shows. */
async function listAll(url: string): Promise<{ count: number; slugs: string[] }> {
  const first = await html(url);
  expect(first.res.status, url).toBe(200);
  const count = resultCount(first.body);
  const slugs = cardSlugs(first.body);
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  for (let page = 2; page <= pages; page++) {
    const next = await html(`${url}${url.includes("?") ? "&" : "?"}page=${page}`);
    expect(next.res.status, `${url} page ${page}`).toBe(200);
    slugs.push(...cardSlugs(next.body));
  }
  return { count, slugs };
}

function slugsOf(rows: ProductRow[]): string[] {
  return [...rows].sort(byNewest).map((p) => p.slug);
}

const inStockSize = (p: ProductRow, size: string) => skusOf(p).some((s) => s.size === size && s.stock > 0);
const onSale = (p: ProductRow) => p.sale_price > 0 && p.sale_price < p.first_price;
const under = (path: string) => (p: ProductRow) => categoryPathOf(p) === path || categoryPathOf(p).startsWith(`${path}/`);

describe("catalogue listing and pagination", () => {
  it("/store shows 24 newest cards of 40, with a link to page 2", async () => {
    const { res, body } = await html("/store");
    expect(res.status).toBe(200);
    expect(products).toHaveLength(40);
    expect(resultCount(body)).toBe(40);
    expect(body).toContain('data-testid="result-count">40 ta mahsulot<');
    const slugs = cardSlugs(body);
    expect(slugs).toHaveLength(PAGE_SIZE);
    expect(slugs).toEqual(slugsOf(products).slice(0, PAGE_SIZE));
    const pagination = section(body, '<nav class="pagination"', "</nav>");
    expect(pagination).toContain('<span aria-current="page" class="pagination__current">1</span>');
    expect(tags(pagination, "a").find((a) => a["data-testid"] === "page-next")?.href).toBe("/store?page=2");
    expect(pagination).not.toContain("page-prev");
  });

  it("the first screen's four cards' pictures load at once, preloaded from the head and decoded in the frame they arrive for; the others lazily", async () => {
    const { body } = await html("/store");
    const pictures = tags(section(body, '<div class="grid"', '<nav class="pagination"'), "img");
    expect(pictures.map((img) => img.loading)).toEqual([...Array<string>(4).fill("eager"), ...Array<string>(PAGE_SIZE - 4).fill("lazy")]);
    expect(pictures.map((img) => img.decoding)).toEqual([...Array<string | undefined>(4).fill(undefined), ...Array<string>(PAGE_SIZE - 4).fill("async")]);
    const preloads = tags(headOf(body), "link").filter((link) => link.rel === "preload" && link.as === "image");
    expect(preloads.map((link) => link.href)).toEqual(pictures.slice(0, 4).map((img) => img.src));
    for (const link of preloads) expect(link.fetchpriority ?? link.fetchPriority).toBe("high");
  });

  it("/store?page=2 shows the remaining 16; page 1 link drops the parameter", async () => {
    const { res, body } = await html("/store?page=2");
    expect(res.status).toBe(200);
    const slugs = cardSlugs(body);
    expect(slugs).toEqual(slugsOf(products).slice(PAGE_SIZE));
    expect(slugs).toHaveLength(40 - PAGE_SIZE);
    const pagination = section(body, '<nav class="pagination"', "</nav>");
    expect(tags(pagination, "a").find((a) => a["data-testid"] === "page-prev")?.href).toBe("/store");
    expect(pagination).not.toContain("page-next");
  });

  it("pages never repeat or drop a product", async () => {
    const { slugs } = await listAll("/store");
    expect(new Set(slugs).size).toBe(40);
    expect([...slugs].sort()).toEqual(products.map((p) => p.slug).sort());
  });

  it("/store?page=3 (past the last page) is a 404", async () => {
    const { res, body } = await html("/store?page=3");
    expect(res.status).toBe(404);
    expect(body).toContain('data-status="404"');
  });

  it("pagination keeps the filters", async () => {
    const { body } = await html("/ru/store?sort=price_asc");
    const pagination = section(body, '<nav class="pagination"', "</nav>");
    expect(tags(pagination, "a").find((a) => a["data-testid"] === "page-next")?.href).toBe("/ru/store?sort=price_asc&page=2");
  });
});

describe("categories", () => {
  it("/store/women lists exactly the women's products", async () => {
    const expected = products.filter(under("women"));
    expect(expected.length).toBeGreaterThan(PAGE_SIZE); // two pages
    const { count, slugs } = await listAll("/store/women");
    expect(count).toBe(expected.length);
    expect(slugs).toEqual(slugsOf(expected));
  });

  it("/store/men/clothing lists exactly the men's clothing", async () => {
    const expected = products.filter(under("men/clothing"));
    expect(expected.length).toBeGreaterThan(0);
    const { count, slugs } = await listAll("/store/men/clothing");
    expect(count).toBe(expected.length);
    expect(slugs).toEqual(slugsOf(expected));
  });

  it("a leaf category lists its products only", async () => {
    const expected = products.filter(under("women/footwear/sneakers"));
    const { body } = await html("/store/women/footwear/sneakers");
    expect(cardSlugs(body)).toEqual(slugsOf(expected));
    expect(body).toContain("<h1>Krossovkalar</h1>");
    const crumbs = section(body, '<nav class="crumbs"', "</nav>");
    expect(tags(crumbs, "a").map((a) => a.href)).toEqual(["/", "/store", "/store/women", "/store/women/footwear"]);
  });

  it("a department links its subcategories", async () => {
    const { body } = await html("/uk/store/women");
    const chips = section(body, '<nav class="chips"', "</nav>");
    expect(tags(chips, "a").map((a) => a.href)).toEqual(["/uk/store/women/clothing", "/uk/store/women/footwear", "/uk/store/women/accessories"]);
    expect(body).toContain("<h1>Жінкам</h1>");
  });

  it("an existing category without products is an empty 200 page", async () => {
    const empty = catalogue.categories.find((c) => !products.some(under(c.path)))!;
    expect(empty).toBeDefined();
    const { res, body } = await html(`/store/${empty.path}`);
    expect(res.status).toBe(200);
    expect(resultCount(body)).toBe(0);
    expect(body).toContain('data-testid="empty-state"');
  });

  for (const path of [
    "/store/nope",
    "/store/women/nope",
    "/store/Women",
    "/store/women//clothing",
    "/store/women/footwear/sneakers/extra",
    `/store/${"a".repeat(250)}`,
    // Paths the form of a path accepts, longer than D1's 50-byte LIKE pattern limit.
    `/store/${"a".repeat(49)}`,
    `/store/women/${"b".repeat(120)}`,
    `/store/${"c".repeat(200)}`,
    "/ru/store/nope",
  ]) {
    it(`${path.slice(0, 50)} → 404`, async () => {
      const res = await get(path);
      expect(res.status).toBe(404);
      await res.body?.cancel();
    });
  }
});

describe("filters narrow the listing exactly as the seed says", () => {
  const cases: { url: string; expect: (p: ProductRow) => boolean }[] = [
    { url: "/store?brand=aral-sport", expect: (p) => brandOf(p).slug === "aral-sport" },
    { url: "/store?brand=aral-sport&brand=registan", expect: (p) => ["aral-sport", "registan"].includes(brandOf(p).slug) },
    { url: "/store?size=M", expect: (p) => inStockSize(p, "M") },
    { url: "/store?size=38&size=39", expect: (p) => inStockSize(p, "38") || inStockSize(p, "39") },
    { url: "/store?color=black", expect: (p) => colorOf(p).slug === "black" },
    { url: "/store?color=khaki&color=red", expect: (p) => ["khaki", "red"].includes(colorOf(p).slug) },
    { url: "/store?price_min=300000&price_max=700000", expect: (p) => p.sale_price > 0 && p.sale_price >= 300_000 && p.sale_price <= 700_000 },
    { url: "/store?price_min=1000000", expect: (p) => p.sale_price >= 1_000_000 },
    { url: "/store?price_max=300000", expect: (p) => p.sale_price > 0 && p.sale_price <= 300_000 },
    { url: "/store?sale=1", expect: onSale },
    { url: "/store?club=1", expect: (p) => p.in_club === 1 },
    { url: "/store/women?sale=1&club=1", expect: (p) => under("women")(p) && onSale(p) && p.in_club === 1 },
    {
      url: "/store/women?brand=samarqand-style&color=beige",
      expect: (p) => under("women")(p) && brandOf(p).slug === "samarqand-style" && colorOf(p).slug === "beige",
    },
  ];
  for (const c of cases) {
    it(c.url, async () => {
      const expected = products.filter(c.expect);
      expect(expected.length, "the seed has matching products").toBeGreaterThan(0);
      expect(expected.length, "the filter narrows").toBeLessThan(40);
      const { count, slugs } = await listAll(c.url);
      expect(count).toBe(expected.length);
      expect(slugs).toEqual(slugsOf(expected));
    });
  }

  it("an unknown brand gives the empty state with status 200", async () => {
    const { res, body } = await html("/store?brand=no-such-brand");
    expect(res.status).toBe(200);
    expect(resultCount(body)).toBe(0);
    expect(cardSlugs(body)).toEqual([]);
    expect(section(body, '<div class="empty" data-testid="empty-state">', "</div>")).toContain('href="/store"');
  });

  it("keeps chosen filters checked in the form", async () => {
    const { body } = await htmlFollowing("/store?brand=aral-sport&sale=1&price_min=100000");
    const checked = tags(body, "input")
      .filter((i) => "checked" in i)
      .map((i) => `${i.name}=${i.value}`);
    expect(checked.sort()).toEqual(["brand=aral-sport", "sale=1"]);
    expect(tags(body, "input").find((i) => i.name === "price_min")?.value).toBe("100000");
  });
});

describe("facet counts", () => {
  function count<T>(rows: ProductRow[], key: (p: ProductRow) => T[]): Map<T, number> {
    const out = new Map<T, number>();
    for (const p of rows) for (const k of new Set(key(p))) out.set(k, (out.get(k) ?? 0) + 1);
    return out;
  }

  it("count every brand, color and in-stock size of the unfiltered catalogue", async () => {
    const { body } = await html("/store");
    expect(facetCounts(body, "brand")).toEqual(count(products, (p) => [brandOf(p).slug]));
    expect(facetCounts(body, "color")).toEqual(count(products, (p) => [colorOf(p).slug]));
    expect(facetCounts(body, "size")).toEqual(
      count(products, (p) =>
        skusOf(p)
          .filter((s) => s.stock > 0)
          .map((s) => s.size),
      ),
    );
    const offers = section(body, "<legend>Takliflar</legend>", "</fieldset>");
    const numbers = [...offers.matchAll(/facet__count">(\d+)</g)].map((m) => Number(m[1]));
    expect(numbers).toEqual([products.filter(onSale).length, products.filter((p) => p.in_club === 1).length]);
  });

  it("count each facet under the other active filters (not its own)", async () => {
    const aral = products.filter((p) => brandOf(p).slug === "aral-sport");
    const { body } = await html("/store?brand=aral-sport");
    // Brand counts ignore the brand filter: the shopper can add another brand.
    expect(facetCounts(body, "brand")).toEqual(count(products, (p) => [brandOf(p).slug]));
    expect(facetCounts(body, "color")).toEqual(count(aral, (p) => [colorOf(p).slug]));
    const offers = section(body, "<legend>Takliflar</legend>", "</fieldset>");
    const numbers = [...offers.matchAll(/facet__count">(\d+)</g)].map((m) => Number(m[1]));
    expect(numbers).toEqual([aral.filter(onSale).length, aral.filter((p) => p.in_club === 1).length]);
  });

  it("shows the visible price range as placeholders (hidden prices excluded)", async () => {
    const prices = products.map((p) => p.sale_price).filter((x) => x > 0);
    const { body } = await html("/store");
    const inputs = tags(body, "input");
    expect(inputs.find((i) => i.name === "price_min")?.placeholder).toBe(String(Math.min(...prices)));
    expect(inputs.find((i) => i.name === "price_max")?.placeholder).toBe(String(Math.max(...prices)));
  });

  it("lists sizes in scale order (letters, then numbers)", async () => {
    const sizes = [...facetCounts((await html("/store")).body, "size").keys()];
    const letters = ["XS", "S", "M", "L", "XL", "XXL", "3XL"];
    const rank = (s: string) => (letters.includes(s) ? letters.indexOf(s) : Number.isFinite(Number(s)) ? 100 + Number(s) : 10_000);
    expect(sizes).toEqual([...sizes].sort((a, b) => rank(a) - rank(b)));
    expect(sizes.length).toBeGreaterThan(5);
  });
});

describe("sorting", () => {
  const priced = (dir: 1 | -1) => (a: ProductRow, b: ProductRow) =>
    Number(a.sale_price === 0) - Number(b.sale_price === 0) || dir * (a.sale_price - b.sale_price) || a.id - b.id;

  it("price_asc: cheapest first by sale price, hidden prices last", async () => {
    const { slugs } = await listAll("/store?sort=price_asc");
    expect(slugs).toEqual([...products].sort(priced(1)).map((p) => p.slug));
    const hidden = products.filter((p) => p.sale_price === 0).map((p) => p.slug);
    expect(hidden.length).toBeGreaterThan(0);
    expect(slugs.slice(-hidden.length).sort()).toEqual(hidden.sort());
  });

  it("price_desc: dearest first, hidden prices still last", async () => {
    const { slugs } = await listAll("/store?sort=price_desc");
    expect(slugs).toEqual([...products].sort(priced(-1)).map((p) => p.slug));
  });

  it("popular: most popular first", async () => {
    const { slugs } = await listAll("/store?sort=popular");
    expect(slugs).toEqual([...products].sort((a, b) => b.popularity - a.popularity || a.id - b.id).map((p) => p.slug));
  });

  it("the chosen sort is selected in the sort control", async () => {
    const { body } = await html("/store?sort=price_desc");
    const select = section(body, '<select id="sort"', "</select>");
    expect(select).toContain('<option value="price_desc" selected="">');
    expect(tags(select, "option").filter((o) => "selected" in o)).toHaveLength(1);
  });
});

describe("bad input never breaks the catalogue", () => {
  const all = slugsOf(products).slice(0, PAGE_SIZE);
  const cases: { url: string; status: number; firstPage?: boolean }[] = [
    { url: "/store?page=-1", status: 200, firstPage: true },
    { url: "/store?page=0", status: 200, firstPage: true },
    { url: "/store?page=abc", status: 200, firstPage: true },
    { url: "/store?page=1.5", status: 200, firstPage: true },
    { url: "/store?page=", status: 200, firstPage: true },
    { url: "/store?price_min=1e99", status: 200, firstPage: true },
    { url: "/store?price_max=-5", status: 200, firstPage: true },
    { url: "/store?price_min=abc&price_max=NaN", status: 200, firstPage: true },
    { url: "/store?price_min=Infinity", status: 200, firstPage: true },
    { url: "/store?brand=%3Cscript%3Ealert(1)%3C%2Fscript%3E", status: 200, firstPage: true },
    { url: "/store?size=%00", status: 200, firstPage: true },
    { url: "/store?color=%27%20OR%201%3D1--", status: 200, firstPage: true },
    { url: "/store?sort=bogus", status: 200, firstPage: true },
    { url: "/store?sale=yes&club=2", status: 200, firstPage: true },
    { url: "/store?brand[]=x&brand[0]=y", status: 200, firstPage: true },
    { url: "/store?%E0%A4%A=1", status: 200, firstPage: true },
    { url: "/store?brand=%E0%A4%A", status: 200, firstPage: true },
    { url: "/store?page=2&brand=aral-sport", status: 404 },
    { url: "/store/women?page=9", status: 404 },
  ];
  for (const c of cases) {
    it(`${c.url} → ${c.status}`, async () => {
      // Empty or unordered parameters first redirect to the clean URL: where it ends counts.
      const { res, body } = await htmlFollowing(c.url);
      expect(res.status).toBe(c.status);
      expect(body).not.toContain("<script>alert(1)");
      if (c.firstPage) expect(cardSlugs(body)).toEqual(all);
    });
  }

  it("every page number past the last is a 404 linking to the listing's first page", async () => {
    for (const [url, first] of [
      ["/store?page=999", "/store"],
      ["/store?page=1001", "/store"],
      ["/store?page=99999", "/store"],
      ["/store?page=100000000000000000000", "/store"],
      ["/ru/store/women?sort=price_asc&page=1001", "/ru/store/women?sort=price_asc"],
      ["/uk/search?q=krossovka&page=500", "/uk/search?q=krossovka"],
      ["/search?page=2", "/search"],
    ]) {
      const { res, body } = await html(url!);
      expect(res.status, url).toBe(404);
      expect(body, url).toContain('data-status="404"');
      expect(tags(body, "a").find((a) => a["data-testid"] === "first-page")?.href, url).toBe(first);
    }
  });

  it("a parameter repeated 50 times counts once", async () => {
    const url = `/store?${Array.from({ length: 50 }, () => "brand=aral-sport").join("&")}`;
    const { res, body } = await htmlFollowing(url);
    expect(res.status).toBe(200);
    expect(resultCount(body)).toBe(products.filter((p) => brandOf(p).slug === "aral-sport").length);
  });

  it("50 different values of every list filter stay within D1's limits", async () => {
    const many = (name: string, value: (i: number) => string) => Array.from({ length: 50 }, (_, i) => `${name}=${value(i)}`).join("&");
    const url = `/store/women?${many("brand", (i) => `brand-${i}`)}&${many("size", (i) => String(30 + i))}&${many("color", (i) => `c${i}`)}&price_min=1&price_max=99999999&sale=1&club=1&sort=price_desc`;
    expect(url.length).toBeLessThan(4096);
    const { res, body } = await htmlFollowing(url);
    expect(res.status).toBe(200);
    expect(resultCount(body)).toBe(0);
    expect(body).toContain('data-testid="empty-state"');
  });

  it("a 10 kB query string → 414 before any parsing", async () => {
    const res = await get(`/store?brand=${"a".repeat(10_000)}`);
    expect(res.status).toBe(414);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await res.text()).toBe("URI Too Long");
  });

  it("a flood of junk never answers 5xx", async () => {
    const junk = [
      "/store?page=%FF",
      "/store?q=%00%00",
      `/store?${"x=1&".repeat(500)}`,
      `/store/women?size=${encodeURIComponent("M".repeat(500))}`,
      `/store?brand=${encodeURIComponent("é".repeat(60))}`,
      "/store?sort=price_asc&sort=price_desc",
      "/store?page=1e3",
      "/store?page=0x10",
      "/store?price_min=9007199254740993",
      "/store/%2e%2e/men",
      "/store/women%2Fclothing",
      "/store?__proto__=1&constructor=2",
    ];
    for (const url of junk) {
      const { res } = await htmlFollowing(url);
      expect([200, 400, 404, 414], `${url.slice(0, 60)} → ${res.status}`).toContain(res.status);
    }
  });
});

describe("one URL per set of filters", () => {
  it("redirects any other spelling to the clean one: empty and default parameters out, a fixed order, repeated values sorted", async () => {
    const cases: [string, string][] = [
      ["/store?brand=&size=&color=&price_min=&price_max=&sort=new", "/store"],
      ["/ru/store/men?sort=price_asc&brand=registan&brand=khiva-leather&price_min=", "/ru/store/men?brand=khiva-leather&brand=registan&sort=price_asc"],
      ["/store?page=2&sort=price_desc", "/store?sort=price_desc&page=2"],
      ["/store?sale=1&brand=registan&brand=registan", "/store?brand=registan&sale=1"],
      ["/search?sort=new&q=krossovka&page=1", "/search?q=krossovka"],
      // A campaign's tag is kept, after the listing's own.
      ["/store?utm_source=sms&sort=popular", "/store?sort=popular&utm_source=sms"],
    ];
    for (const [from, to] of cases) {
      const res = await get(from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get("Location"), from).toBe(to);
      expect((await get(to)).status, to).toBe(200);
    }
  });
});
