export { withPackedFacets } from "./filters-form";
export { jsonForScript, productJsonLd } from "./json-ld";
export { ListingView } from "./listing-view";
export { CardGrid } from "./card-grid";
export { ProductGrid } from "./product-card";
export { searchTokens } from "./search-text";
export { silhouetteSvg } from "./silhouettes";
