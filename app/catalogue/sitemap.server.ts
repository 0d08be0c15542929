import { LANGS, type Lang } from "~/i18n/languages";
import { localizePath } from "~/i18n/url";
import { mapRows } from "~/server/db.server";

/**
 * Products per sitemap file: a file is ≈ 0.6 KB per URL (four alternates), so ≈ 3 MB and one
 * query of at most this many rows, far inside the protocol's 50,000 URLs and 50 MB
 * (docs/decisions/024-sitemaps-in-pages.md).
 */
export const PRODUCTS_PER_FILE = 5000;

/**
 * The sitemaps' queries: none scans `products`, they search its primary key or an index (a
 * test reads their plans). File k (from 1) holds the products with id in ((k − 1)·N, k·N]: deleted products
 * leave a file short, never one over N.
 */
export const SITEMAP_SQL = {
  /** A product file's rows: ?1 < id <= ?2. */
  products: "SELECT slug, created_at AS created FROM products WHERE id > ?1 AND id <= ?2 ORDER BY id",
  /** The files with at least one product (?1 = N): one primary-key search per file, from each file to the next with a product. */
  files: `WITH RECURSIVE size(n) AS (SELECT CAST(?1 AS INTEGER)),
    files(k) AS (
      SELECT (SELECT (MIN(id) - 1) / n FROM products WHERE id > 0) FROM size
      UNION ALL
      SELECT (SELECT (MIN(id) - 1) / n FROM products WHERE id > (k + 1) * n) FROM files, size WHERE k IS NOT NULL
    )
    SELECT k + 1 AS file FROM files WHERE k IS NOT NULL`,
  /** The newest id: files past it do not exist. */
  last: "SELECT MAX(id) AS last FROM products",
  /** Only categories with something to show: an empty listing is a thin page for a crawler. */
  categories: `SELECT c.path FROM categories c WHERE EXISTS (
      SELECT 1 FROM products p JOIN categories pc ON pc.id = p.category_id
      WHERE pc.path = c.path OR (pc.path >= c.path || '/' AND pc.path < c.path || '0'))
    ORDER BY c.depth, c.position, c.id`,
} as const;

/** Which sitemap file a name under /sitemap/ is. */
export type SitemapFile =
  /** `uz.xml`: the language's files as an index (a sitemap submitted under that name still reaches every page). */
  | { lang: Lang; part: "index" }
  /** `uz-pages.xml`: home, the catalogue, its categories and the other features' pages (the news). */
  | { lang: Lang; part: "pages" }
  /** `uz-3.xml`: the products of the third id range. */
  | { lang: Lang; part: number };

export function sitemapFileOf(name: string): SitemapFile | null {
  const m = /^(uz|ru|uk)(?:-(pages|[1-9][0-9]{0,8}))?\.xml$/.exec(name);
  if (!m) return null;
  const lang = m[1] as Lang;
  if (!m[2]) return { lang, part: "index" };
  return { lang, part: m[2] === "pages" ? "pages" : Number(m[2]) };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
const URLSET_CLOSE = "</urlset>";

/** The product files that hold at least one product, in order. */
async function productFiles(db: D1Database, perFile: number): Promise<number[]> {
  const { results } = await db.prepare(SITEMAP_SQL.files).bind(perFile).all<{ file: number }>();
  return results.map((r) => r.file);
}

/**
 * The index of the sitemaps of `langs`: per language its pages file and every product file
 * with a product. No lastmod: a product file's would be the newest of its N products, a read
 * of the whole catalogue for one index.
 */
export async function sitemapIndex(db: D1Database, origin: string, langs: readonly Lang[] = LANGS, perFile = PRODUCTS_PER_FILE): Promise<string> {
  const files = await productFiles(db, perFile);
  const loc = (name: string) => `<sitemap><loc>${escapeXml(`${origin}/sitemap/${name}.xml`)}</loc></sitemap>`;
  const items = langs.flatMap((l) => [loc(`${l}-pages`), ...files.map((k) => loc(`${l}-${k}`))]).join("\n");
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>`;
}

/** A page for the sitemap: its unprefixed path and when it last changed (unix seconds). */
export type SitemapEntry = { path: string; lastmod?: number };

/** One `<url>`: the page in `lang`, its lastmod, its hreflang alternates and x-default. */
function urlEntry(origin: string, lang: Lang, defaultLang: Lang, e: SitemapEntry): string {
  const url = (l: Lang) => escapeXml(origin + localizePath(e.path, l, defaultLang));
  const alternates = LANGS.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${url(l)}"/>`).join("");
  const lastmod = e.lastmod ? `<lastmod>${new Date(e.lastmod * 1000).toISOString().slice(0, 10)}</lastmod>` : "";
  return `<url><loc>${url(lang)}</loc>${lastmod}${alternates}<xhtml:link rel="alternate" hreflang="x-default" href="${url(defaultLang)}"/></url>\n`;
}

/** The pages file of `lang`: home, /store, every category with products, then `more` (other features' pages: the news). */
export async function pagesSitemap(db: D1Database, origin: string, lang: Lang, defaultLang: Lang, more: SitemapEntry[] = []): Promise<string> {
  const categories = mapRows(await db.prepare(SITEMAP_SQL.categories).all(), (r: { path: string }) => r.path);
  const entries: SitemapEntry[] = [{ path: "/" }, { path: "/store" }, ...categories.map((c) => ({ path: `/store/${c}` })), ...more];
  return URLSET_OPEN + entries.map((e) => urlEntry(origin, lang, defaultLang, e)).join("") + URLSET_CLOSE;
}

/** URLs written per piece of a product file's stream. */
const URLS_PER_PIECE = 250;

/**
 * Product file `file` of `lang` as a stream (its rows are read first, so a failing database
 * fails before the answer starts); null past the newest product. A file inside the range
 * whose products were all deleted is an empty urlset.
 */
export async function productSitemap(
  db: D1Database,
  origin: string,
  lang: Lang,
  defaultLang: Lang,
  file: number,
  perFile = PRODUCTS_PER_FILE,
): Promise<ReadableStream<Uint8Array> | null> {
  const from = (file - 1) * perFile;
  const { results: rows } = await db
    .prepare(SITEMAP_SQL.products)
    .bind(from, from + perFile)
    .all<{ slug: string; created: number }>();
  if (rows.length === 0) {
    const last = await db.prepare(SITEMAP_SQL.last).first<number | null>("last");
    if (last === null || from >= last) return null;
  }
  // The text is written a piece at a time as the client reads: only the rows and one piece are held.
  const encoder = new TextEncoder();
  let at = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(URLSET_OPEN));
    },
    pull(controller) {
      if (at >= rows.length) {
        controller.enqueue(encoder.encode(URLSET_CLOSE));
        controller.close();
        return;
      }
      const piece = rows.slice(at, at + URLS_PER_PIECE).map((r) => urlEntry(origin, lang, defaultLang, { path: `/product/${r.slug}`, lastmod: r.created }));
      at += URLS_PER_PIECE;
      controller.enqueue(encoder.encode(piece.join("")));
    },
  });
}
