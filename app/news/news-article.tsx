import { type ProductCard, ProductGrid } from "~/catalogue/index";
import { useI18n } from "~/i18n/use-i18n";
import { DayDate } from "~/ui/date";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { pictureProps } from "~/ui/picture";
import type { NewsArticle } from "./news.server";

/** An article: title, date, cover, its paragraphs and the products it shows. */
export function NewsArticleView({ article, products, favourites }: { article: NewsArticle; products: ProductCard[]; favourites: readonly number[] }) {
  const { t } = useI18n();
  return (
    <>
      <Breadcrumbs
        items={[
          { name: t("news:title"), path: "/news" },
          { name: article.title, path: `/news/${article.slug}` },
        ]}
      />
      <article className="news-article" data-testid="news-article">
        <h1>{article.title}</h1>
        <p className="news-card__date">
          <DayDate seconds={article.published} testId="news-date" />
        </p>
        <img
          className="news-article__cover"
          src={article.cover.url}
          {...pictureProps(article.cover.url, "gallery")}
          width={article.cover.width}
          height={article.cover.height}
          alt=""
          fetchPriority="high"
        />
        {article.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </article>
      {products.length ? (
        <section aria-labelledby="news-products">
          <h2 id="news-products">{t("news:products")}</h2>
          <ProductGrid products={products} favourites={favourites} />
        </section>
      ) : null}
    </>
  );
}
