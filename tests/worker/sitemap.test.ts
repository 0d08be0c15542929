import { describe, expect, it } from "vitest";
import { NEWS } from "../../workers/seed/news";
import { catalogue, get, ORIGIN } from "./helpers";

type Lang = "uz" | "ru" | "uk";
const LANGS: Lang[] = ["uz", "ru", "uk"];

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

// Categories with at least one product in their subtree; empty ones are left out of the sitemap.
const productPaths = catalogue.products.map((p) => catalogue.categories.find((c) => c.id === p.category_id)!.path);
const nonEmpty = catalogue.categories.filter((c) => productPaths.some((path) => path === c.path || path.startsWith(`${c.path}/`)));
const empty = catalogue.categories.filter((c) => !nonEmpty.includes(c));

const allPaths = [
  "/",
  "/store",
  ...[...nonEmpty].sort((a, b) => a.depth - b.depth || a.position - b.position || a.id - b.id).map((c) => `/store/${c.path}`),
  ...catalogue.products.map((p) => `/product/${p.slug}`),
  // The news list and its articles, newest first.
  "/news",
  ...[...NEWS].sort((a, b) => b.date.localeCompare(a.date)).map((a) => `/news/${a.slug}`),
];

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

describe("sitemap index", () => {
  it("lists one sitemap per language", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]);
    expect(locs).toEqual([`${ORIGIN}/sitemap/uz.xml`, `${ORIGIN}/sitemap/ru.xml`, `${ORIGIN}/sitemap/uk.xml`]);
  });
});

describe("language sitemaps", () => {
  for (const lang of LANGS) {
    it(`/sitemap/${lang}.xml lists home, catalogue, every category, every product and the news with all alternates`, async () => {
      const res = await get(`/sitemap/${lang}.xml`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
      const xml = await res.text();
      expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
      expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
      const urls = parseUrlset(xml);
      expect(urls.map((u) => u.loc)).toEqual(allPaths.map((p) => localized(p, lang)));
      for (const [i, u] of urls.entries()) {
        const path = allPaths[i]!;
        expect(u.alternates, u.loc).toEqual([
          ["uz", localized(path, "uz")],
          ["ru", localized(path, "ru")],
          ["uk", localized(path, "uk")],
          ["x-default", localized(path, "uz")],
        ]);
      }
    });
  }

  it("/sitemap/ru.xml contains every product slug of the seed with its creation date", async () => {
    const urls = parseUrlset(await (await get("/sitemap/ru.xml")).text());
    const bySlug = new Map(urls.map((u) => [u.loc, u]));
    expect(catalogue.products).toHaveLength(40);
    for (const p of catalogue.products) {
      const entry = bySlug.get(`${ORIGIN}/ru/product/${p.slug}`);
      expect(entry, p.slug).toBeDefined();
      expect(entry!.lastmod).toBe(new Date(p.created_at * 1000).toISOString().slice(0, 10));
    }
    for (const c of nonEmpty) expect(bySlug.has(`${ORIGIN}/ru/store/${c.path}`), c.path).toBe(true);
    expect(empty.length).toBeGreaterThan(0);
    for (const c of empty) expect(bySlug.has(`${ORIGIN}/ru/store/${c.path}`), c.path).toBe(false);
  });

  it("every sitemap URL answers 200 (no 404 or redirect listed)", async () => {
    const urls = parseUrlset(await (await get("/sitemap/uk.xml")).text());
    const statuses = await Promise.all(
      urls.map(async (u) => {
        const res = await get(u.loc.slice(ORIGIN.length));
        await res.body?.cancel();
        return [u.loc, res.status] as const;
      }),
    );
    expect(statuses.filter(([, s]) => s !== 200)).toEqual([]);
  });

  for (const file of ["xx.xml", "de.xml", "ru.txt", "ru", "RU.xml", "ru.xml.gz", "..%2Fru.xml"]) {
    it(`/sitemap/${file} → 404`, async () => {
      const res = await get(`/sitemap/${file}`);
      expect(res.status).toBe(404);
      await res.body?.cancel();
    });
  }
});
