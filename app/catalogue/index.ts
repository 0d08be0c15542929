export { withPackedFacets } from "./filters-form";
export { breadcrumbJsonLd, jsonForScript, productJsonLd, siteJsonLd } from "./json-ld";
export { ListingView } from "./listing-view";
export { CardGrid, MarkHeartsContext } from "./card-grid";
export { markHearts } from "./html";
export { ProductGrid } from "./product-card";
export { silhouetteSvg } from "./silhouettes";
export { SizeChart, SizeTablePopup, type SavedSizes, type SizeTable } from "./size-table";
export type { ProductCard } from "./types";
