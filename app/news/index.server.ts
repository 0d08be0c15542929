export { getArticle, listNews, type NewsArticle, type NewsItem, newsFooterHtml, newsPageOf, newsSitemapEntries } from "./news.server";
// Only loaders parse the URL: zod's schemas stay out of the browser's bundle.
export { NEWS_SLUG } from "./schema";
