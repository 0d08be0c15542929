export { catalogueApiPage, catalogueApiProduct, EXPANDS } from "./api.server";
export { getCards, getPopular } from "./cards.server";
export { categoryTrail, childrenOf, getCategories } from "./categories.server";
export { queryMatch, type SearchResult, searchProducts } from "./search.server";
export { refreshSearchTerms } from "./search-index.server";
export { type Miss, MISS_WEEKS, purgeOldMisses, recordMiss, searchMisses, weekOf } from "./search-misses.server";
export { addSynonym, listSynonyms, type StoredSynonym } from "./search-synonyms.server";
export { type ImportProblem, importedProductIds, importReferences, importStatements, stockShortfalls } from "./import.server";
export { SUGGEST_CANDIDATES, SUGGESTED, type Suggestions, suggest, suggestProducts } from "./suggest.server";
export { exactSearchUrl, getListing, pastTheEnd, requireCleanListingUrl } from "./listing.server";
export { catalogueMenu } from "./menu.server";
export { getColorHex, getProduct, getRelatedHtml, productWriterI18n } from "./product.server";
export { productHtml } from "./product-html";
export { type ProductSizes, productSizesOf } from "./product-sizes.server";
export { preselectedSku, sizeTableOf } from "./size-table.server";
export { sizeTableHtml } from "./size-table-html";
// Only loaders parse the query: zod's schema objects, built when ./schema loads, stay out of the browser's bundle.
export { isFiltered, parseCatalogueQuery, PRODUCT_SLUG, sizeTableQuerySchema } from "./schema";
export {
  PRODUCTS_PER_FILE,
  pagesSitemap,
  productSitemap,
  SITEMAP_SQL,
  type SitemapEntry,
  type SitemapFile,
  sitemapFileOf,
  sitemapIndex,
} from "./sitemap.server";
export { returnStockStatement, setStockStatement, takeStockStatement } from "./stock.server";
export {
  MAX_PHOTO_POSITION,
  MAX_PHOTO_SIDE,
  PHOTO_FORMATS,
  type PhotoFormat,
  photoFormatOf,
  photoResponse,
  photoSizeOf,
  productExists,
  storePhoto,
} from "./photos.server";
