export { type ProductCard, categoryTrail, childrenOf, getCategories, getColorHex, getListing, getPopular, getProduct, getRelated } from "./catalogue.server";
export { languageSitemap, sitemapIndex } from "./sitemap.server";
export { catalogueMenu } from "./menu.server";
