import { data, redirect } from "react-router";
import type { Lang } from "~/i18n/languages";
import type { TFunction } from "~/i18n/translate";
import { escapeHtml, escapeUrl } from "~/ui/html";
import { mapRows } from "~/server/db.server";
import { newsListQuerySchema } from "./schema";

/** An article as the list shows it. */
export type NewsItem = { slug: string; published: number; title: string; summary: string; cover: { url: string; width: number; height: number } };
/** An article's page: the list's fields, its paragraphs and the products it shows. */
export type NewsArticle = NewsItem & { paragraphs: string[]; productIds: number[] };

type ItemRow = { slug: string; published: number; title: string; summary: string; coverUrl: string; coverWidth: number; coverHeight: number };
const itemFromRow = (r: ItemRow): NewsItem => ({
  slug: r.slug,
  published: r.published,
  title: r.title,
  summary: r.summary,
  cover: { url: r.coverUrl, width: r.coverWidth, height: r.coverHeight },
});

const ITEM_COLUMNS = `n.slug, n.published_at AS published, t.title, t.summary, n.cover_url AS coverUrl, n.cover_width AS coverWidth, n.cover_height AS coverHeight`;

/** A page of the news, newest first, and how many pages there are (at least one, even with no article). */
export async function listNews(db: D1Database, lang: Lang, page: number, pageSize: number): Promise<{ items: NewsItem[]; total: number; pageCount: number }> {
  const [items, count] = await db.batch([
    db
      .prepare(
        `SELECT ${ITEM_COLUMNS} FROM news n JOIN news_translations t ON t.news_id = n.id AND t.lang = ?1
         ORDER BY n.published_at DESC, n.id DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(lang, pageSize, (page - 1) * pageSize),
    db.prepare("SELECT COUNT(*) AS n FROM news n JOIN news_translations t ON t.news_id = n.id AND t.lang = ?1").bind(lang),
  ]);
  const total = (count!.results[0] as { n: number }).n;
  return { items: mapRows(items, itemFromRow), total, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** An article in `lang`, or null when there is none by that slug (or not in that language). */
export async function getArticle(db: D1Database, lang: Lang, slug: string): Promise<NewsArticle | null> {
  const [article, products] = await db.batch([
    db.prepare(`SELECT ${ITEM_COLUMNS}, t.body FROM news n JOIN news_translations t ON t.news_id = n.id AND t.lang = ?1 WHERE n.slug = ?2`).bind(lang, slug),
    db.prepare("SELECT p.product_id AS id FROM news_products p JOIN news n ON n.id = p.news_id WHERE n.slug = ? ORDER BY p.position").bind(slug),
  ]);
  const row = article!.results[0] as (ItemRow & { body: string }) | undefined;
  if (!row) return null;
  return {
    ...itemFromRow(row),
    paragraphs: row.body
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    productIds: mapRows(products, (r: { id: number }) => r.id),
  };
}

/** The news pages for the sitemap: the list and every article, each with when it was published. */
export async function newsSitemapEntries(db: D1Database): Promise<{ path: string; lastmod?: number }[]> {
  const { results } = await db
    .prepare("SELECT slug, published_at AS published FROM news ORDER BY published_at DESC, id DESC")
    .all<{ slug: string; published: number }>();
  return [{ path: "/news", lastmod: results[0]?.published }, ...results.map((r) => ({ path: `/news/${r.slug}`, lastmod: r.published }))];
}

/**
 * The news list's page from its URL: `?page=N` (N ≥ 2), none for the first. `?page=1` redirects
 * (301) to the URL without it, one URL per page; a page that is not a number is not a page (404).
 * Other parameters are left alone (the canonical link names the clean URL), as the catalogue does.
 * Whether the page exists is the caller's to check (`pastTheEnd`).
 */
export function newsPageOf(url: URL): number {
  const raw = url.searchParams.get("page");
  if (raw === "1") {
    const rest = new URLSearchParams(url.searchParams);
    // A client navigation's data request names the page with ".data" and the routes it wants.
    for (const name of ["page", "_routes"]) rest.delete(name);
    const query = rest.toString();
    throw redirect(url.pathname.replace(/\.data$/, "") + (query ? `?${query}` : ""), 301);
  }
  const parsed = newsListQuerySchema.safeParse({ page: raw ?? undefined });
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data.page ?? 1;
}

/** The footer's link to the news, as server-written markup (the root composes it: no bytes in any page's scripts). */
export function newsFooterHtml(t: TFunction, href: string): string {
  return `<p class="site-footer__news"><a href="${escapeUrl(href)}" data-testid="footer-news">${escapeHtml(t("news:title"))}</a></p>`;
}
