export { catalogueApiPage, catalogueApiProduct, EXPANDS } from "./api.server";
export { CARD_COLUMNS, CARD_JOINS, type CardRow, cardFromRow, getCards, getPopular } from "./cards.server";
export { categoryTrail, childrenOf, getCategories } from "./categories.server";
export { type ImportProblem, importedProductIds, importReferences, importStatements, stockShortfalls } from "./import.server";
export { getListing, type ListingFilter, type ListingMatch, pastTheEnd, requireCleanListingUrl } from "./listing.server";
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
export { addSearchTermsStatement, searchColumnsStatement } from "./product-search-columns.server";
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
