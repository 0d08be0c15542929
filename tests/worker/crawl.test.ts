import { describe, expect, it } from "vitest";
import { decode, get, headOf, ORIGIN, tags } from "./helpers";

// A crawler's full walk of the seeded shop (issue #15 §4): from the three home pages and every
// sitemap URL, every internal link; none answers 4xx/5xx, and every indexable page has a self
// canonical, reciprocal hreflang for uz/ru/uk plus x-default, and a title and description of its
// own in its language. Filtered or sorted listings are not indexable.

type Page = { url: string; canonical: string[]; alternates: Map<string, string>; noindex: boolean; title: string; description: string; lang: string };

const internal = (href: string) => {
  const raw = decode(href);
  if (raw.startsWith(ORIGIN)) return raw.slice(ORIGIN.length) || "/";
  return raw.startsWith("/") && !raw.startsWith("//") ? raw : null;
};

/** Links a crawler follows: anchors and the head's alternates (not forms, not the lite switch, which only sets a cookie). */
function linksOf(body: string): string[] {
  const out: string[] = [];
  for (const tag of [...tags(body, "a"), ...tags(headOf(body), "link").filter((l) => l.rel === "alternate" || l.rel === "canonical")]) {
    if (!tag.href || tag.rel?.includes("nofollow")) continue;
    const path = internal(tag.href);
    if (path) out.push(path.split("#")[0]!);
  }
  return out;
}

async function crawl(): Promise<{ broken: string[]; pages: Page[] }> {
  const seen = new Set<string>(["/", "/ru", "/uk"]);
  const queue = [...seen];
  for (const lang of ["uz", "ru", "uk"]) {
    const xml = await (await get(`/sitemap/${lang}.xml`)).text();
    for (const m of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const path = internal(m[1]!);
      if (path && !seen.has(path)) seen.add(path) && queue.push(path);
    }
  }
  const broken: string[] = [];
  const pages: Page[] = [];
  while (queue.length) {
    const url = queue.shift()!;
    const res = await get(url, { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } });
    if (res.status >= 300 && res.status < 400) {
      const next = internal(res.headers.get("Location") ?? "");
      if (next && !seen.has(next)) seen.add(next) && queue.push(next);
      continue;
    }
    if (res.status >= 400) broken.push(`${url} → ${res.status}`);
    if (!(res.headers.get("Content-Type") ?? "").includes("text/html")) {
      await res.body?.cancel();
      continue;
    }
    const body = await res.text();
    const head = headOf(body);
    const links = tags(head, "link");
    const metas = tags(head, "meta");
    if (res.status === 200)
      pages.push({
        url,
        canonical: links.filter((l) => l.rel === "canonical").map((l) => l.href!),
        alternates: new Map(links.filter((l) => l.rel === "alternate" && l.hreflang).map((l) => [l.hreflang!, l.href!])),
        noindex: metas.some((m) => m.name === "robots" && (m.content ?? "").includes("noindex")),
        title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ""),
        description: metas.find((m) => m.name === "description")?.content ?? "",
        lang: /<html lang="([^"]+)"/.exec(body)?.[1] ?? "",
      });
    for (const link of linksOf(body)) {
      if (seen.has(link)) continue;
      seen.add(link);
      queue.push(link);
    }
  }
  return { broken, pages };
}

describe("a full crawl of the seeded shop", () => {
  it("finds no broken link, and every indexable page is canonical to itself with reciprocal alternates and its own title", async () => {
    const { broken, pages } = await crawl();
    expect(broken).toEqual([]);
    const byUrl = new Map(pages.map((p) => [ORIGIN + p.url, p]));
    const problems: string[] = [];
    // Not noindex: canonical to itself (indexable), or to another page that is (a duplicate, such as a product's reviews sorted).
    const shown = pages.filter((p) => !p.noindex);
    for (const p of shown) {
      if (p.canonical.length !== 1) problems.push(`${p.url}: ${p.canonical.length} canonicals`);
      else if (p.canonical[0] !== ORIGIN + p.url && byUrl.get(p.canonical[0]!)?.canonical[0] !== p.canonical[0])
        problems.push(`${p.url}: canonical ${p.canonical[0]} is not a page of its own`);
    }
    const indexable = shown.filter((p) => p.canonical[0] === ORIGIN + p.url);
    expect(indexable.length).toBeGreaterThan(100);
    for (const p of indexable) {
      const langs = [...p.alternates.keys()].sort();
      if (langs.join() !== "ru,uk,uz,x-default") problems.push(`${p.url}: hreflang ${langs.join()}`);
      // Reciprocal: each alternate names this page back.
      for (const [lang, href] of p.alternates) {
        if (lang === "x-default") continue;
        const other = byUrl.get(href);
        if (!other) problems.push(`${p.url}: alternate ${href} not crawled`);
        else if (![...other.alternates.values()].includes(ORIGIN + p.url)) problems.push(`${p.url}: ${href} does not link back`);
      }
      if (!p.title || !p.description) problems.push(`${p.url}: no title or description`);
    }
    // Filtered and sorted listings are never indexable.
    for (const p of indexable) if (/[?&](brand|size|color|price_min|price_max|sale|club|sort)=/.test(p.url)) problems.push(`${p.url}: filtered yet indexable`);
    // Titles and descriptions of their own, per language.
    for (const what of ["title", "description"] as const) {
      const first = new Map<string, string>();
      for (const p of indexable) {
        const key = `${p.lang} ${p[what]}`;
        if (first.has(key)) problems.push(`${p.url}: same ${what} as ${first.get(key)}`);
        else first.set(key, p.url);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
