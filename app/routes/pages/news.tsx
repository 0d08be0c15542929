import type { Route } from "./+types/news";
import { pastTheEnd } from "~/catalogue/index.server";
import { getI18n, requireLang } from "~/i18n/middleware.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { NewsList } from "~/news/index";
import { listNews, newsPageOf } from "~/news/index.server";
import { getApp } from "~/server/context.server";

/** Articles per page of the news list. */
const PAGE_SIZE = 6;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const url = new URL(request.url);
  const page = newsPageOf(url);
  const { items, pageCount } = await listNews(app.env.DB, lang, page, PAGE_SIZE);
  // Past the last page is not a page (page 1 always is, even when empty).
  if (page > pageCount) pastTheEnd(url);
  const t = getI18n(context).t;
  const title = page > 1 ? t("catalogue:pageOf", { name: t("news:title"), page }) : t("news:title");
  return {
    i18n: texts(lang, ["news", "catalogue", "orders"], { catalogue: ["pagination", "prev", "next"], orders: ["date"] }),
    items,
    page,
    pageCount,
    title: t("news:pageTitle", { name: title }),
    description: t("news:description", { name: title }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(matches, {
    title: loaderData?.title ?? "",
    description: loaderData?.description,
    path: loaderData && loaderData.page > 1 ? `/news?page=${loaderData.page}` : "/news",
  });

export default function News({ loaderData }: Route.ComponentProps) {
  return <NewsList items={loaderData.items} page={loaderData.page} pageCount={loaderData.pageCount} />;
}
