// A crawler's full walk of the shop, shared by the Worker test on the seeded shop
// (tests/worker/crawl.test.ts) and `npm run bench` on the demo one (scripts/bench.mjs, which Node
// runs as TypeScript: erasable syntax and `.ts` imports only). From the three home pages and every
// URL of the sitemaps (the index robots.txt names and each file it lists) it follows every internal
// link; `crawlProblems` says what a search engine would hold against the pages it found.

export type CrawledPage = {
  url: string;
  canonical: string[];
  alternates: Map<string, string>;
  noindex: boolean;
  title: string;
  description: string;
  lang: string;
};

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Text as the browser shows it: React escapes ' " & < > in text and attributes. */
export function decode(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The attributes of one start tag, names lower-cased (HTML attribute names are case-insensitive). */
export function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/\s([a-zA-Z:-]+)(?:="([^"]*)")?/g)) out[m[1]!.toLowerCase()] = decode(m[2] ?? "");
  return out;
}

/** Every start tag `<name …>` of the HTML, as attribute maps. */
export function tags(body: string, name: string): Record<string, string>[] {
  return [...body.matchAll(new RegExp(`<${name}(\\s[^>]*)?>`, "g"))].map((m) => attrs(m[0]));
}

/** The document's head (empty when it has none). */
export function headIn(body: string): string {
  const start = body.indexOf("<head>");
  return start < 0 ? "" : body.slice(start, body.indexOf("</head>"));
}

/**
 * Walks the shop through `get(path)`; `origin` is the one its absolute links use. Returns the
 * links that answered 4xx/5xx and every HTML page found.
 */
export async function crawl(get: (path: string, init: RequestInit) => Promise<Response>, origin: string): Promise<{ broken: string[]; pages: CrawledPage[] }> {
  const internal = (href: string) => {
    const raw = decode(href);
    if (raw.startsWith(origin)) return raw.slice(origin.length) || "/";
    return raw.startsWith("/") && !raw.startsWith("//") ? raw : null;
  };
  /** Links a crawler follows: anchors and the head's alternates (not forms, not the lite switch, which only sets a cookie). */
  const linksOf = (body: string) => {
    const out: string[] = [];
    for (const tag of [...tags(body, "a"), ...tags(headIn(body), "link").filter((l) => l.rel === "alternate" || l.rel === "canonical")]) {
      if (!tag.href || tag.rel?.includes("nofollow")) continue;
      const path = internal(tag.href);
      if (path) out.push(path.split("#")[0]!);
    }
    return out;
  };
  const init = { headers: { "User-Agent": GOOGLEBOT }, redirect: "manual" as const };
  const seen = new Set<string>(["/", "/ru", "/uk"]);
  const queue = [...seen];
  const broken: string[] = [];
  // The sitemaps as robots.txt names them: the index, then every file it lists (an index found there is walked too).
  const sitemaps = ["/sitemap.xml"];
  for (const walked = new Set(sitemaps); sitemaps.length; ) {
    const file = sitemaps.shift()!;
    const res = await get(file, init);
    if (res.status !== 200) {
      await res.body?.cancel();
      broken.push(`${file} → ${res.status}`);
      continue;
    }
    const xml = await res.text();
    const index = xml.includes("<sitemapindex");
    for (const m of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const path = internal(m[1]!);
      if (!path) continue;
      if (index) {
        if (!walked.has(path)) walked.add(path) && sitemaps.push(path);
      } else if (!seen.has(path)) seen.add(path) && queue.push(path);
    }
  }
  const pages: CrawledPage[] = [];
  while (queue.length) {
    const url = queue.shift()!;
    const res = await get(url, init);
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
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
    const head = headIn(body);
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

/**
 * What a search engine would hold against the crawled pages: a page not `noindex` must be
 * canonical to itself (indexable) or to another page that is (a duplicate, such as a product's
 * reviews sorted); an indexable one has reciprocal hreflang for uz/ru/uk plus x-default, and a
 * title and description no other page of its language has; filtered or sorted listings are never
 * indexable.
 */
export function crawlProblems(pages: CrawledPage[], origin: string): { problems: string[]; indexable: number } {
  const byUrl = new Map(pages.map((p) => [origin + p.url, p]));
  const problems: string[] = [];
  const shown = pages.filter((p) => !p.noindex);
  for (const p of shown) {
    if (p.canonical.length !== 1) problems.push(`${p.url}: ${p.canonical.length} canonicals`);
    else if (p.canonical[0] !== origin + p.url && byUrl.get(p.canonical[0]!)?.canonical[0] !== p.canonical[0])
      problems.push(`${p.url}: canonical ${p.canonical[0]} is not a page of its own`);
  }
  const indexable = shown.filter((p) => p.canonical[0] === origin + p.url);
  for (const p of indexable) {
    const langs = [...p.alternates.keys()].sort();
    if (langs.join() !== "ru,uk,uz,x-default") problems.push(`${p.url}: hreflang ${langs.join()}`);
    // Reciprocal: each alternate names this page back.
    for (const [lang, href] of p.alternates) {
      if (lang === "x-default") continue;
      const other = byUrl.get(href);
      if (!other) problems.push(`${p.url}: alternate ${href} not crawled`);
      else if (![...other.alternates.values()].includes(origin + p.url)) problems.push(`${p.url}: ${href} does not link back`);
    }
    if (!p.title || !p.description) problems.push(`${p.url}: no title or description`);
    if (/[?&](brand|size|color|price_min|price_max|sale|club|sort)=/.test(p.url)) problems.push(`${p.url}: filtered yet indexable`);
  }
  for (const what of ["title", "description"] as const) {
    const first = new Map<string, string>();
    for (const p of indexable) {
      const key = `${p.lang} ${p[what]}`;
      if (first.has(key)) problems.push(`${p.url}: same ${what} as ${first.get(key)}`);
      else first.set(key, p.url);
    }
  }
  return { problems, indexable: indexable.length };
}
