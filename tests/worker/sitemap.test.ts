import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PRODUCTS_PER_FILE, productSitemap, SITEMAP_SQL, sitemapIndex } from "~/catalogue/index.server";
import { NEWS } from "../../workers/seed/news";
import { catalogue, get, ORIGIN } from "./helpers";

type Lang = "uz" | "ru" | "uk";
const LANGS: Lang[] = ["uz", "ru", "uk"];
const XML = "application/xml; charset=utf-8";
/** The sitemap protocol's limits per file. */
const MAX_URLS = 50_000;
const MAX_BYTES = 50 * 1024 * 1024;

function localized(path: string, lang: Lang): string {
  if (lang === "uz") return ORIGIN + path;
  return ORIGIN + (path === "/" ? `/${lang}` : `/${lang}${path}`);
}

type UrlEntry = { loc: string; lastmod?: string; alternates: [string, string][] };

function parseUrlset(xml: string): UrlEntry[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => ({
    loc: /<loc>([^<]*)<\/loc>/.exec(m[1]!)![1]!,
    lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(m[1]!)?.[1],
    alternates: [...m[1]!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((a) => [a[1]!, a[2]!] as [string, string]),
  }));
}

/** The `<loc>`s of a sitemap index, checked to be one. */
function parseIndex(xml: string): string[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  return [...xml.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]!);
}

async function text(stream: ReadableStream<Uint8Array> | null): Promise<string> {
  expect(stream).not.toBeNull();
  return new Response(stream).text();
}

// Categories with at least one product in their subtree; empty ones are left out of the sitemap.
const productPaths = catalogue.products.map((p) => catalogue.categories.find((c) => c.id === p.category_id)!.path);
const nonEmpty = catalogue.categories.filter((c) => productPaths.some((path) => path === c.path || path.startsWith(`${c.path}/`)));
const empty = catalogue.categories.filter((c) => !nonEmpty.includes(c));

/** The pages file's paths, in order: home, the catalogue, its categories, the news list and its articles (newest first). */
const pagePaths = [
  "/",
  "/store",
  ...[...nonEmpty].sort((a, b) => a.depth - b.depth || a.position - b.position || a.id - b.id).map((c) => `/store/${c.path}`),
  "/news",
  ...[...NEWS].sort((a, b) => b.date.localeCompare(a.date)).map((a) => `/news/${a.slug}`),
];
const byId = [...catalogue.products].sort((a, b) => a.id - b.id);
const productPathsById = byId.map((p) => `/product/${p.slug}`);

describe("robots.txt", () => {
  it("is text/plain and points at the absolute sitemap URL", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const lines = (await res.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines.filter((l) => l.startsWith("Sitemap:"))).toHaveLength(1);
    // Filtered listings stay crawlable (they say noindex themselves).
    expect(lines.some((l) => /^Disallow: .*store/.test(l))).toBe(false);
    expect(lines.some((l) => l === "Disallow: /")).toBe(false);
    // Sign-in pages with a return_url (one per page they return to) are not for crawlers.
    expect(lines).toContain("Disallow: /*return_url=");
  });

  it("names the configured origin (PUBLIC_ORIGIN), whatever the request's scheme or Host", async () => {
    const { exports } = await import("cloudflare:workers");
    const res = await exports.default.fetch(new Request("https://other.example/robots.txt"));
    expect(await res.text()).toContain("Sitemap: http://shop.test/sitemap.xml");
  });
});

describe("the sitemap index", () => {
  it("lists, per language, the pages file and the product file (40 products fit one)", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe(XML);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(parseIndex(await res.text())).toEqual(LANGS.flatMap((l) => [`${ORIGIN}/sitemap/${l}-pages.xml`, `${ORIGIN}/sitemap/${l}-1.xml`]));
  });

  for (const lang of LANGS) {
    it(`/sitemap/${lang}.xml (one file per language once) is the index of ${lang}'s files`, async () => {
      const res = await get(`/sitemap/${lang}.xml`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe(XML);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
      expect(parseIndex(await res.text())).toEqual([`${ORIGIN}/sitemap/${lang}-pages.xml`, `${ORIGIN}/sitemap/${lang}-1.xml`]);
    });
  }
});

describe("the files the index lists", () => {
  /** Every file of the index: its URL, its text and its URLs. */
  async function allFiles() {
    const locs = parseIndex(await (await get("/sitemap.xml")).text());
    return Promise.all(
      locs.map(async (loc) => {
        const res = await get(loc.slice(ORIGIN.length));
        expect(res.status, loc).toBe(200);
        expect(res.headers.get("Content-Type"), loc).toBe(XML);
        expect(res.headers.get("Cache-Control"), loc).toBe("public, max-age=3600");
        const xml = await res.text();
        expect(
          xml.startsWith(
            '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
          ),
        ).toBe(true);
        expect(xml.endsWith("</urlset>")).toBe(true);
        return { loc, xml, urls: parseUrlset(xml) };
      }),
    );
  }

  it("stay within the protocol's limits, and a product file within its page size", async () => {
    for (const f of await allFiles()) {
      expect(f.urls.length, f.loc).toBeLessThanOrEqual(MAX_URLS);
      expect(new TextEncoder().encode(f.xml).byteLength, f.loc).toBeLessThanOrEqual(MAX_BYTES);
      if (/-\d+\.xml$/.test(f.loc)) expect(f.urls.length, f.loc).toBeLessThanOrEqual(PRODUCTS_PER_FILE);
    }
  });

  it("list every page, category, product and news page exactly once per language, with all alternates and x-default", async () => {
    const files = await allFiles();
    for (const lang of LANGS) {
      const mine = files.filter((f) => f.loc.startsWith(`${ORIGIN}/sitemap/${lang}-`));
      expect(mine.map((f) => f.loc)).toEqual([`${ORIGIN}/sitemap/${lang}-pages.xml`, `${ORIGIN}/sitemap/${lang}-1.xml`]);
      // The pages file first (home, catalogue, categories, news), then the products by id.
      const paths = [...pagePaths, ...productPathsById];
      const urls = mine.flatMap((f) => f.urls);
      expect(urls.map((u) => u.loc)).toEqual(paths.map((p) => localized(p, lang)));
      for (const [i, u] of urls.entries()) {
        const path = paths[i]!;
        expect(u.alternates, u.loc).toEqual([
          ["uz", localized(path, "uz")],
          ["ru", localized(path, "ru")],
          ["uk", localized(path, "uk")],
          ["x-default", localized(path, "uz")],
        ]);
      }
    }
  });

  it("give every product its creation date, every article its publication; empty categories are left out", async () => {
    const urls = (await allFiles()).filter((f) => f.loc.includes("/sitemap/ru-")).flatMap((f) => f.urls);
    const byLoc = new Map(urls.map((u) => [u.loc, u]));
    expect(catalogue.products).toHaveLength(40);
    for (const p of catalogue.products)
      expect(byLoc.get(`${ORIGIN}/ru/product/${p.slug}`)?.lastmod, p.slug).toBe(new Date(p.created_at * 1000).toISOString().slice(0, 10));
    for (const a of NEWS) expect(byLoc.get(`${ORIGIN}/ru/news/${a.slug}`)?.lastmod, a.slug).toBe(a.date.slice(0, 10));
    for (const c of nonEmpty) expect(byLoc.has(`${ORIGIN}/ru/store/${c.path}`), c.path).toBe(true);
    expect(empty.length).toBeGreaterThan(0);
    for (const c of empty) expect(byLoc.has(`${ORIGIN}/ru/store/${c.path}`), c.path).toBe(false);
  });

  it("list no URL that answers anything but 200 (no 404 or redirect)", async () => {
    const urls = (await allFiles()).filter((f) => f.loc.includes("/sitemap/uk-")).flatMap((f) => f.urls);
    const statuses = await Promise.all(
      urls.map(async (u) => {
        const res = await get(u.loc.slice(ORIGIN.length));
        await res.body?.cancel();
        return [u.loc, res.status] as const;
      }),
    );
    expect(statuses.filter(([, s]) => s !== 200)).toEqual([]);
  });
});

describe("names that are no sitemap file", () => {
  const names = [
    "xx.xml",
    "de.xml",
    "ru.txt",
    "ru",
    "RU.xml",
    "ru.xml.gz",
    "..%2Fru.xml",
    "xx-1.xml",
    "xx-pages.xml",
    "uz-0.xml",
    "uz-01.xml",
    "uz-2.xml",
    "uz-999.xml",
    "uz-1.xml.gz",
    "uz-pages",
    "uz--1.xml",
    "uz-1234567890.xml",
  ];
  for (const name of names) {
    it(`/sitemap/${name} → 404`, async () => {
      const res = await get(`/sitemap/${name}`);
      expect(res.status).toBe(404);
      await res.body?.cancel();
    });
  }

  for (const path of ["/sitemap.xml", "/sitemap/uz-pages.xml", "/sitemap/ru-1.xml", "/sitemap/uk.xml"]) {
    it(`POST ${path} → 405, Allow: GET, HEAD`, async () => {
      const res = await get(path, { method: "POST" });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD");
      await res.body?.cancel();
    });
  }

  it("HEAD of a product file answers as its GET, without a body", async () => {
    const res = await get("/sitemap/uz-1.xml", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe(XML);
    expect(await res.text()).toBe("");
  });
});

describe("the sitemaps' queries", () => {
  it("read products by their primary key, never a scan of the table", async () => {
    const plans = await Promise.all(
      Object.entries(SITEMAP_SQL).map(async ([name, sql]) => {
        const params = new Set(sql.match(/\?\d/g)).size;
        const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...Array.from({ length: params }, () => 1))
          .all<{ detail: string }>();
        return [name, results.map((r) => r.detail)] as const;
      }),
    );
    for (const [name, details] of plans) {
      // Products appear as `products`, or `p` in the categories' query.
      expect(
        details.filter((d) => /^SCAN (products|p)\b/.test(d)),
        `${name}: ${details.join(" | ")}`,
      ).toEqual([]);
    }
    const of = Object.fromEntries(plans);
    expect(of.products).toContain("SEARCH products USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)");
    expect(of.files!.filter((d) => d.startsWith("SEARCH products"))).toEqual([
      "SEARCH products USING INTEGER PRIMARY KEY (rowid>?)",
      "SEARCH products USING INTEGER PRIMARY KEY (rowid>?)",
    ]);
    expect(of.last!.every((d) => !d.startsWith("SCAN"))).toBe(true);
  });
});

// Last in this file: it adds products past the seed's ids.
describe("a catalogue of many files", () => {
  const PER_FILE = 7;

  it("splits the products into files of at most the page size, each product in exactly one, in id order", async () => {
    const files = Math.ceil(byId.at(-1)!.id / PER_FILE);
    const locs = parseIndex(await sitemapIndex(env.DB, ORIGIN, ["ru"], PER_FILE));
    expect(locs).toEqual([`${ORIGIN}/sitemap/ru-pages.xml`, ...Array.from({ length: files }, (_, i) => `${ORIGIN}/sitemap/ru-${i + 1}.xml`)]);
    const seen: string[] = [];
    for (let k = 1; k <= files; k++) {
      const urls = parseUrlset(await text(await productSitemap(env.DB, ORIGIN, "ru", "uz", k, PER_FILE)));
      expect(urls.length, `file ${k}`).toBeGreaterThan(0);
      expect(urls.length, `file ${k}`).toBeLessThanOrEqual(PER_FILE);
      for (const u of urls) expect(u.lastmod, u.loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      seen.push(...urls.map((u) => u.loc));
    }
    expect(seen).toEqual(productPathsById.map((p) => localized(p, "ru")));
    expect(await productSitemap(env.DB, ORIGIN, "ru", "uz", files + 1, PER_FILE)).toBeNull();
  });

  it("skips a range without products in the index, answers it empty, and ends at the newest product", async () => {
    const template = byId[0]!;
    const far = 10_000_003;
    await env.DB.prepare(
      `INSERT INTO products (id, slug, model_code, category_id, brand_id, color_id, first_price, sale_price, created_at, shape)
       SELECT ?1, 'sitemap-far-product', model_code, category_id, brand_id, color_id, first_price, sale_price, 1790000000, shape FROM products WHERE id = ?2`,
    )
      .bind(far, template.id)
      .run();
    const farFile = Math.ceil(far / PRODUCTS_PER_FILE);
    // Through the Worker, at the shop's page size: file 1, then the far one; between them, empty files; past it, none.
    expect(parseIndex(await (await get("/sitemap.xml")).text())).toEqual(
      LANGS.flatMap((l) => [`${ORIGIN}/sitemap/${l}-pages.xml`, `${ORIGIN}/sitemap/${l}-1.xml`, `${ORIGIN}/sitemap/${l}-${farFile}.xml`]),
    );
    const far1 = parseUrlset(await (await get(`/sitemap/uk-${farFile}.xml`)).text());
    expect(far1.map((u) => [u.loc, u.lastmod])).toEqual([[`${ORIGIN}/uk/product/sitemap-far-product`, "2026-09-21"]]);
    const between = await get("/sitemap/uk-2.xml");
    expect(between.status).toBe(200);
    expect(parseUrlset(await between.text())).toEqual([]);
    const past = await get(`/sitemap/uk-${farFile + 1}.xml`);
    expect(past.status).toBe(404);
    await past.body?.cancel();
    // At a small page size the index walks from one file with products to the next: as many reads as files.
    const locs = parseIndex(await sitemapIndex(env.DB, ORIGIN, ["uz"], PER_FILE));
    expect(locs.at(-1)).toBe(`${ORIGIN}/sitemap/uz-${Math.ceil(far / PER_FILE)}.xml`);
    expect(locs).toHaveLength(1 + Math.ceil(byId.at(-1)!.id / PER_FILE) + 1);
  });

  it("reads rows in proportion to the files listed or the page size, not to the catalogue", async () => {
    const files = await env.DB.prepare(SITEMAP_SQL.files).bind(PER_FILE).all<{ file: number }>();
    // The seed's six files and the far one: a few reads each (the walk's own rows count), not the ten million ids between.
    expect(files.results).toHaveLength(Math.ceil(byId.at(-1)!.id / PER_FILE) + 1);
    expect(files.meta.rows_read).toBeLessThanOrEqual(4 * (files.results.length + 1));
    const one = await env.DB.prepare(SITEMAP_SQL.products)
      .bind(PER_FILE, 2 * PER_FILE)
      .all();
    expect(one.results).toHaveLength(PER_FILE);
    expect(one.meta.rows_read).toBeLessThanOrEqual(PER_FILE + 1);
    const last = await env.DB.prepare(SITEMAP_SQL.last).all();
    expect(last.meta.rows_read).toBeLessThanOrEqual(1);
  });
});
