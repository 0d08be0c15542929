import { PrefetchPageLinks } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { useIntentPrefetch, useLinkNavigation } from "~/ui/link-navigation";
import { Pagination } from "~/catalogue/pagination";
import { ProductCard } from "~/catalogue/product-card";
import type { Listing } from "./catalogue.server";
import { FiltersForm, SortSelect, type ViewListing } from "./filters-form";
import { lazyCardInnerHtml } from "./html";
import type { CatalogueQuery } from "./schema";

/** Filters beside a product grid, with sort, count, pagination and the empty state. */
export function ListingView({
  query,
  listing,
  action,
  empty,
}: {
  query: CatalogueQuery;
  listing: ViewListing;
  action: string;
  empty: React.ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="listing">
      <aside className="listing__filters">
        <FiltersForm query={query} facets={listing.facets} action={action} />
      </aside>
      <div className="listing__main">
        <div className="listing__bar">
          <p className="listing__count" data-testid="result-count">
            {t("catalogue:count", { count: listing.total })}
          </p>
          <SortSelect sort={query.sort} />
        </div>
        {listing.products.length ? (
          <>
            <ListingGrid products={listing.products} />
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

/** Cards whose image loads at once (above the fold); the server preloads their images (ProductCard). */
const EAGER_CARDS = 2;

/**
 * A listing's page of cards: plain anchors with one click handler and one
 * intent prefetch for the whole grid (a `<Link>` per card costs server time
 * in every render of a 24-card page).
 */
function ListingGrid({ products }: { products: Listing["products"] }) {
  const i18n = useI18n();
  const onClick = useLinkNavigation();
  const prefetch = useIntentPrefetch();
  return (
    <div className="grid" onClick={onClick} {...prefetch.handlers}>
      {products.map((p, i) =>
        i < EAGER_CARDS ? (
          <ProductCard key={p.id} product={p} eager i18n={i18n} plain />
        ) : (
          // The same markup as <ProductCard plain />, without React's per-element work (see ./html.ts).
          <article key={p.id} className="card" data-testid="product-card" dangerouslySetInnerHTML={{ __html: lazyCardInnerHtml(p, i18n) }} />
        ),
      )}
      {prefetch.page ? <PrefetchPageLinks page={prefetch.page} /> : null}
    </div>
  );
}
