import { LANGS, type Lang } from "~/i18n/languages";
import { localizePath } from "~/i18n/url";
import { mapRows } from "~/server/db.server";

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A product's sitemap entry: its slug and when it was added (unix seconds). */
type ProductEntry = { slug: string; created: number };
type ProductEntryRow = { slug: string; created: number };
const productEntryFromRow = (r: ProductEntryRow): ProductEntry => ({ slug: r.slug, created: r.created });

type CategoryPathRow = { path: string };
const categoryPathFromRow = (r: CategoryPathRow) => r.path;

/** Everything the sitemap lists. */
async function getSitemapEntries(db: D1Database): Promise<{ products: ProductEntry[]; categories: string[] }> {
  const [products, categories] = await db.batch([
    db.prepare("SELECT slug, created_at AS created FROM products ORDER BY id"),
    // Only categories with something to show: an empty listing is a thin page for a crawler.
    db.prepare(
      `SELECT c.path FROM categories c WHERE EXISTS (
         SELECT 1 FROM products p JOIN categories pc ON pc.id = p.category_id
         WHERE pc.path = c.path OR (pc.path >= c.path || '/' AND pc.path < c.path || '0'))
       ORDER BY c.depth, c.position, c.id`,
    ),
  ]);
  return { products: mapRows(products, productEntryFromRow), categories: mapRows(categories, categoryPathFromRow) };
}

export function sitemapIndex(origin: string): string {
  const items = LANGS.map((l) => `<sitemap><loc>${escapeXml(`${origin}/sitemap/${l}.xml`)}</loc></sitemap>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</sitemapindex>`;
}

/** A page for the sitemap: its unprefixed path and when it last changed (unix seconds). */
export type SitemapEntry = { path: string; lastmod?: number };

/** Every public page in `lang`, each with its hreflang alternates (and x-default); `more`: other features' pages (the news). */
export async function languageSitemap(db: D1Database, origin: string, lang: Lang, defaultLang: Lang, more: SitemapEntry[] = []): Promise<string> {
  const { products, categories } = await getSitemapEntries(db);
  const entries: SitemapEntry[] = [
    { path: "/" },
    { path: "/store" },
    ...categories.map((c) => ({ path: `/store/${c}` })),
    ...products.map((p) => ({ path: `/product/${p.slug}`, lastmod: p.created })),
    ...more,
  ];
  const url = (path: string, l: Lang) => escapeXml(origin + localizePath(path, l, defaultLang));
  const body = entries
    .map((e) => {
      const alternates = LANGS.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${url(e.path, l)}"/>`).join("");
      const lastmod = e.lastmod ? `<lastmod>${new Date(e.lastmod * 1000).toISOString().slice(0, 10)}</lastmod>` : "";
      return `<url><loc>${url(e.path, lang)}</loc>${lastmod}${alternates}<xhtml:link rel="alternate" hreflang="x-default" href="${url(e.path, defaultLang)}"/></url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>`;
}
