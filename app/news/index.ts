export { newsArticleJsonLd } from "./json-ld";
export { NewsArticleView } from "./news-article";
export { NewsList } from "./news-list";
