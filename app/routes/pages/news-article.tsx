import { data } from "react-router";
import type { Route } from "./+types/news-article";
import { shopperOf } from "~/cart/index.server";
import { jsonForScript } from "~/catalogue/index";
import { getCards } from "~/catalogue/index.server";
import { favouritesAmong } from "~/favourites/index.server";
import { HTML_LANG } from "~/i18n/languages";
import { getI18n, localized, requireLang } from "~/i18n/middleware.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { NewsArticleView, newsArticleJsonLd } from "~/news/index";
import { getArticle, NEWS_SLUG } from "~/news/index.server";
import { getApp } from "~/server/context.server";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  if (!NEWS_SLUG.test(params.slug)) throw data(null, { status: 404 });
  const article = await getArticle(app.env.DB, lang, params.slug);
  if (!article) throw data(null, { status: 404 });
  const [products, shopper] = await Promise.all([getCards(app.env.DB, lang, article.productIds), shopperOf(app.env, request)]);
  const t = getI18n(context).t;
  const url = app.origin + localized(context, `/news/${article.slug}`);
  const image = article.cover.url.startsWith("/") ? app.origin + article.cover.url : article.cover.url;
  return {
    i18n: texts(lang, ["news", "product", "orders"], { orders: ["date"] }),
    article,
    products,
    favourites: await favouritesAmong(
      app.env.DB,
      shopper,
      products.map((p) => p.id),
    ),
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
  return [
    ...seo(matches, { title: loaderData.title, description: loaderData.article.summary, path: `/news/${loaderData.article.slug}` }),
    { property: "og:type", content: "article" },
    { property: "og:image", content: loaderData.ogImage },
  ];
};

export default function NewsArticlePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} />
      <NewsArticleView article={loaderData.article} products={loaderData.products} favourites={loaderData.favourites} />
    </>
  );
}
