import { useI18n } from "~/i18n/use-i18n";
import { useState } from "react";
import { ActiveFilters } from "./active-filters";
import { FiltersForm, SortSelect, type ViewListing } from "./filters-form";
import { Pagination } from "~/ui/pagination";
import { ProductGrid } from "./product-card";
import type { CatalogueQuery } from "./schema";

/**
 * Cards whose picture loads at once: on the first screen of a phone (two rows of two, the
 * second peeking in) and of a desktop (one row of four). Lazy pictures in view would wait
 * for the layout before they are even asked for.
 */
const EAGER_CARDS = 4;

/** Filters beside a product grid, with sort, count, pagination and the empty state. */
export function ListingView({
  query,
  listing,
  favourites,
  action,
  empty,
  department = null,
  base,
}: {
  query: CatalogueQuery;
  /** The department the listing is narrowed to (search: asked for, or read from the query). */
  department?: { slug: string; name: string } | null;
  /** The listing's own query string, where it is not the URL's (search: what the query named, as filters). */
  base?: string;
  listing: ViewListing;
  /** The shopper's favourites among the listing's products (the hearts' state). */
  favourites: readonly number[];
  action: string;
  empty: React.ReactNode;
}) {
  const { t } = useI18n();
  // The filters' panel: closed at first (on a phone it would push every product below the first
  // screen; wider screens show it open through CSS), then as the shopper left it, across the
  // form's re-mounts as filters change.
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <div className="listing">
      <aside className="listing__filters">
        <FiltersForm query={query} department={department} facets={listing.facets} action={action} open={filtersOpen} onToggle={setFiltersOpen} />
      </aside>
      <div className="listing__main">
        <ActiveFilters query={query} department={department} base={base} facets={listing.facets} action={action} />
        <div className="listing__bar">
          <h2 className="listing__count" data-testid="result-count">
            {t(listing.totalAtLeast ? "catalogue:countAtLeast" : "catalogue:count", { count: listing.total })}
          </h2>
          <SortSelect sort={query.sort} />
        </div>
        {listing.products.length ? (
          <>
            <ProductGrid products={listing.products} favourites={favourites} eagerCount={EAGER_CARDS} />
            <Pagination page={listing.page} pageCount={listing.pageCount} />
          </>
        ) : (
          <div className="empty" data-testid="empty-state">
            {empty}
          </div>
        )}
      </div>
    </div>
  );
}
