import { data } from "react-router";
import type { Route } from "./+types/news";
import { getLang, getOwnerRef } from "~/server/request.server";
import { jsonForScript } from "~/catalogue/index";
import { getCards, pastTheEnd } from "~/catalogue/index.server";
import { favouritesLookup } from "~/favourites/index.server";
import { HTML_LANG } from "~/i18n/languages";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { NewsArticleView, NewsList, newsArticleJsonLd } from "~/news/index";
import { getArticle, listNews, NEWS_SLUG, newsPageOf } from "~/news/index.server";
import { getApp } from "~/server/context.server";

/** Articles per page of the news list. */
const PAGE_SIZE = 6;

/**
 * The news list (`/news`, `?page=N`) and an article (`/news/<slug>`). One module for both: every
 * page carries every route's entry in its manifest, so a route fewer is bytes fewer everywhere.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const t = getI18n(context).t;
  // One set of texts for both (the article's product cards need the product's).
  const i18n = texts(lang, ["news", "catalogue", "product"], { catalogue: ["pagination", "prev", "next"] });
  if (params.slug === undefined) {
    const url = new URL(request.url);
    const page = newsPageOf(url);
    const { items, pageCount } = await listNews(app.env.DB, lang, page, PAGE_SIZE);
    // Past the last page is not a page (page 1 always is, even when empty).
    if (page > pageCount) pastTheEnd(url);
    const title = page > 1 ? t("catalogue:pageOf", { name: t("news:title"), page }) : t("news:title");
    return {
      kind: "list" as const,
      i18n,
      items,
      page,
      pageCount,
      title: t("news:pageTitle", { name: title }),
      description: t("news:description", { name: title }),
    };
  }
  if (!NEWS_SLUG.test(params.slug)) throw data(null, { status: 404 });
  const [article, hearts] = await Promise.all([
    getArticle(app.env.DB, lang, params.slug),
    getOwnerRef(context).then((owner) => favouritesLookup(app.env.DB, owner)),
  ]);
  if (!article) throw data(null, { status: 404 });
  const products = await getCards(app.env.DB, lang, article.productIds);
  const url = app.origin + localized(context, `/news/${article.slug}`);
  const image = article.cover.url.startsWith("/") ? app.origin + article.cover.url : article.cover.url;
  return {
    kind: "article" as const,
    i18n,
    article,
    products,
    favourites: await hearts(products.map((p) => p.id)),
    title: t("news:pageTitle", { name: article.title }),
    ogImage: image,
    jsonLd: jsonForScript(
      newsArticleJsonLd(
        { title: article.title, summary: article.summary, published: article.published, image, url, lang: HTML_LANG[lang] },
        { name: t("shopName"), url: app.origin + localized(context, "/"), logo: `${app.origin}/favicon.svg` },
      ),
    ),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  if (loaderData.kind === "list")
    return seo(matches, {
      title: loaderData.title,
      description: loaderData.description,
      path: loaderData.page > 1 ? `/news?page=${loaderData.page}` : "/news",
    });
  return [
    ...seo(matches, { title: loaderData.title, description: loaderData.article.summary, path: `/news/${loaderData.article.slug}` }),
    { property: "og:type", content: "article" },
    { property: "og:image", content: loaderData.ogImage },
  ];
};

export default function News({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "list") return <NewsList items={loaderData.items} page={loaderData.page} pageCount={loaderData.pageCount} />;
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} />
      <NewsArticleView article={loaderData.article} products={loaderData.products} favourites={loaderData.favourites} />
    </>
  );
}
