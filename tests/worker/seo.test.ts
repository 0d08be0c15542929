import { describe, expect, it } from "vitest";
import homeUz from "../../locales/uz/home.json";
import { categoryPathOf, colorOf, fx, get, headOf, html, nameOf, ORIGIN, productBySlug, products, tags, titleOf } from "./helpers";

type Lang = "uz" | "ru" | "uk";
const LANGS: Lang[] = ["uz", "ru", "uk"];

/** `path` (unprefixed) as the URL of `lang`: uz has no prefix. */
function localized(path: string, lang: Lang): string {
  if (lang === "uz") return path;
  return path === "/" ? `/${lang}` : `/${lang}${path}`;
}

function headLinks(body: string) {
  const head = headOf(body);
  return {
    head,
    canonical: tags(head, "link")
      .filter((l) => l.rel === "canonical")
      .map((l) => l.href),
    alternates: tags(head, "link")
      .filter((l) => l.rel === "alternate")
      .map((l) => [l.hreflang, l.href]),
    robots: tags(head, "meta")
      .filter((m) => m.name === "robots")
      .map((m) => m.content),
    og: Object.fromEntries(
      tags(head, "meta")
        .filter((m) => m.property)
        .map((m) => [m.property, m.content]),
    ),
    description: tags(head, "meta").find((m) => m.name === "description")?.content,
  };
}

function expectedAlternates(path: string): [string, string][] {
  return [
    ["uz", ORIGIN + localized(path, "uz")],
    ["ru", ORIGIN + localized(path, "ru")],
    ["uk", ORIGIN + localized(path, "uk")],
    ["x-default", ORIGIN + localized(path, "uz")],
  ];
}

describe("canonical and hreflang alternates", () => {
  const pages: { name: string; path: string; query?: string; noindex: boolean }[] = [
    { name: "home", path: "/", noindex: false },
    { name: "catalogue", path: "/store", noindex: false },
    { name: "category", path: "/store/women/footwear", noindex: false },
    { name: "product", path: `/product/${fx.productOneSlug}`, noindex: false },
    // Search results are never indexed; their canonical is the bare search page.
    { name: "search", path: "/search", query: "?q=krossovka", noindex: true },
  ];
  for (const page of pages) {
    for (const lang of LANGS) {
      it(`${page.name} in ${lang}`, async () => {
        const { res, body } = await html(localized(page.path, lang) + (page.query ?? ""));
        expect(res.status).toBe(200);
        const seo = headLinks(body);
        expect(seo.canonical).toEqual([ORIGIN + localized(page.path, lang)]);
        expect(seo.alternates).toEqual(expectedAlternates(page.path));
        expect(seo.og["og:url"]).toBe(ORIGIN + localized(page.path, lang));
        expect(seo.robots).toEqual(page.noindex ? ["noindex, follow"] : []);
      });
    }
  }

  it("emits the hreflang attribute as React spells it (hrefLang; HTML attribute names are case-insensitive)", async () => {
    // Recorded so a change is noticed: browsers and crawlers lower-case attribute
    // names, so `hrefLang` is the same attribute as `hreflang`.
    const { body } = await html("/store");
    expect(headOf(body)).toContain(`<link rel="alternate" hrefLang="ru" href="${ORIGIN}/ru/store"/>`);
  });
});

describe("catalogue indexing rules", () => {
  const filtered: [url: string, canonical: string][] = [
    ["/store?brand=aral-sport", "/store"],
    ["/store?sort=price_asc", "/store"],
    ["/store?sort=popular&page=2", "/store"],
    ["/store?sale=1", "/store"],
    ["/store?club=1", "/store"],
    ["/store?size=M", "/store"],
    ["/store?price_min=100000", "/store"],
    ["/store?price_max=500000", "/store"],
    ["/store/women?color=black", "/store/women"],
    ["/ru/store/women/clothing?brand=aral-sport&brand=registan", "/ru/store/women/clothing"],
    ["/uk/store?sort=price_desc", "/uk/store"],
  ];
  for (const [url, canonical] of filtered) {
    it(`${url} is noindex, follow with canonical ${canonical}`, async () => {
      const { res, body } = await html(url);
      expect(res.status).toBe(200);
      const seo = headLinks(body);
      expect(seo.robots).toEqual(["noindex, follow"]);
      expect(seo.canonical).toEqual([ORIGIN + canonical]);
    });
  }

  it("/store?page=2 is indexable and its own canonical", async () => {
    const { res, body } = await html("/store?page=2");
    expect(res.status).toBe(200);
    const seo = headLinks(body);
    expect(seo.robots).toEqual([]);
    expect(seo.canonical).toEqual([`${ORIGIN}/store?page=2`]);
    expect(seo.alternates).toEqual(expectedAlternates("/store?page=2"));
  });

  it("/ru/store?page=2 links the other languages' page 2", async () => {
    const seo = headLinks((await html("/ru/store?page=2")).body);
    expect(seo.canonical).toEqual([`${ORIGIN}/ru/store?page=2`]);
    expect(seo.alternates).toEqual(expectedAlternates("/store?page=2"));
  });

  it("page=1 and the default sort redirect to the plain listing; dropped garbage values are the plain listing", async () => {
    for (const url of ["/store?page=1", "/store?sort=new", "/store?brand=&size=&sort=new"]) {
      const res = await get(url);
      expect(res.status, url).toBe(301);
      expect(res.headers.get("Location"), url).toBe("/store");
    }
    for (const url of ["/store?brand=%3Cscript%3E", "/store?page=abc", "/store?utm_source=x"]) {
      const seo = headLinks((await html(url)).body);
      expect(seo.robots, url).toEqual([]);
      expect(seo.canonical, url).toEqual([`${ORIGIN}/store`]);
    }
  });
});

describe("titles and descriptions", () => {
  it("home has the localized title and description", async () => {
    const { body } = await html("/");
    expect(titleOf(body)).toBe(homeUz.title);
    expect(headLinks(body).description).toBe(homeUz.description);
    expect(headLinks(body).og["og:title"]).toBe(homeUz.title);
  });

  it("catalogue title and description name the category and its product count", async () => {
    const count = products.filter((p) => categoryPathOf(p) === "women/footwear/sneakers").length;
    expect(count).toBeGreaterThan(1);
    const { body } = await html("/store/women/footwear/sneakers");
    // With its parents: a category's name alone repeats under women, men and kids.
    expect(titleOf(body)).toBe("Krossovkalar — Poyabzal — Ayollar — Libos");
    expect(headLinks(body).description).toBe(`Krossovkalar — Poyabzal — Ayollar: Libos onlayn do'konida ${count} ta mahsulot.`);
  });

  it("product page has product title, og:image (absolute) and og:type product", async () => {
    const p = productBySlug(fx.productOneSlug);
    const { body } = await html(`/ru/product/${p.slug}`);
    expect(titleOf(body)).toBe(`${nameOf(p, "ru")}, ${colorOf(p).name_ru} | Libos`);
    const og = headLinks(body).og;
    expect(og["og:image"]).toBe(`${ORIGIN}/photos/demo/1/sneaker/khaki/1.jpg`);
    expect(og["og:type"]).toBe("product");
    expect(headLinks(body).description).toBe(`${nameOf(p, "ru")}, ${colorOf(p).name_ru}. Верх: экокожа, подошва: резина. Протирать влажной тканью.`);
  });
});
