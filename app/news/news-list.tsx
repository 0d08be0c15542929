import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { DayDate } from "~/ui/date";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { Pagination } from "~/ui/pagination";
import { pictureProps } from "~/ui/picture";
import type { NewsItem } from "./news.server";

/** The news list: newest first, a cover, title, date and summary per article, the catalogue's pager. */
export function NewsList({ items, page, pageCount }: { items: NewsItem[]; page: number; pageCount: number }) {
  const { t, href } = useI18n();
  return (
    <>
      <Breadcrumbs items={[{ name: t("news:title"), path: "/news" }]} />
      <h1>{t("news:title")}</h1>
      {items.length ? (
        <ul className="news-list" data-testid="news-list">
          {items.map((item, i) => (
            <li key={item.slug} className="news-card" data-testid="news-item">
              <img
                className="news-card__cover"
                src={item.cover.url}
                {...pictureProps(item.cover.url, "card")}
                width={item.cover.width}
                height={item.cover.height}
                alt=""
                loading={i < 2 ? "eager" : "lazy"}
              />
              <h2 className="news-card__title">
                <Link to={href(`/news/${item.slug}`)}>{item.title}</Link>
              </h2>
              <p className="news-card__date">
                <DayDate seconds={item.published} />
              </p>
              <p>{item.summary}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("news:empty")}</p>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </>
  );
}
