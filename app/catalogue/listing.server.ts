import { cleanListingSearch } from "./clean-search";
import { data, redirect } from "react-router";
import type { Lang } from "~/i18n/languages";
import { CARD_COLUMNS, CARD_JOINS, cardFromRow, ORDER } from "./cards.server";
import { mapRows } from "~/server/db.server";
import { type FacetsRow, facetsFromRow, facetsStatement } from "./listing-facets.server";
import { categoryCte, conditions, type ListingFilter, type ListingMatch, orderOf, whereOf } from "./listing-query.server";
import type { Listing } from "./types";

export type { ListingFilter, ListingMatch };

const PAGE_SIZE_DEFAULT = 24;

/**
 * How far a listing pages: the first 2,400 products of any listing (100 pages of 24). Deeper
 * pages cost a read per product skipped; a shopper that far narrows with a filter or a sort,
 * and a crawler finds every product through the sitemaps (docs/decisions/026-flat-listings.md).
 */
export const LISTING_MAX_ITEMS = 2_400;

/**
 * One page of a listing with its facet counts, in a single D1 round trip of two statements:
 * the page's cards, and one row with the total and every facet. A category's rows are read
 * through the index of the page's sort and stop at the page's end; its own counts are kept
 * by triggers (workers/migrations/0031_category_listing.sql); counts under filters are
 * bounded. `maxItems`: how far the listing pages (the JSON catalogue pages further).
 */
export async function getListing(db: D1Database, lang: Lang, f: ListingFilter, pageSize = PAGE_SIZE_DEFAULT, maxItems = LISTING_MAX_ITEMS): Promise<Listing> {
  const all = conditions(f);
  const order = orderOf(f);
  const offset = (f.page - 1) * pageSize;
  const cat = categoryCte(f);
  const facets = facetsStatement(f, lang, maxItems);
  // A page past the listing's reach is not read (the route answers it 404).
  const reachable = offset < maxItems;
  const [list, facetRow] = await db.batch([
    // The page's ids and ranks first (the category's rows in the sort's index), then the card's joins for
    // those rows alone, in the same order (the rank computed once: a search's is two more index reads).
    db
      .prepare(
        `${cat.sql}
         SELECT ${CARD_COLUMNS}
         FROM (SELECT l.product_id, ${order.rank} AS r FROM category_products l ${whereOf(all)} ORDER BY ${order.sql} LIMIT ? OFFSET ?) pg
         JOIN products p ON p.id = pg.product_id ${CARD_JOINS}
         ORDER BY pg.r, ${ORDER[f.sort]}`,
      )
      .bind(...cat.args, ...order.args, ...all.args, reachable ? pageSize : 0, offset, lang),
    db.prepare(facets.sql).bind(...facets.args),
  ]);
  const row = mapRows(facetRow, (r: FacetsRow) => r)[0]!;
  // A filtered total is counted to one past the reach; a category's is its kept count, shown whole.
  const counted = row.total ?? 0;
  const reached = Math.min(counted, maxItems);
  return {
    products: mapRows(list, cardFromRow),
    total: all.sql.length ? reached : counted,
    totalAtLeast: counted > reached && all.sql.length > 0,
    page: f.page,
    pageCount: Math.max(1, Math.ceil(reached / pageSize)),
    facets: facetsFromRow(row),
  };
}

/** A listing's page past its end: a 404 that links to the listing's first page (same filters). */
/**
 * A listing's URL spelled other than its one clean form (empty or default parameters, another
 * order, a forms' submission without JavaScript): a permanent redirect to the clean one.
 */
export function requireCleanListingUrl(url: URL): void {
  const clean = cleanListingSearch(url.searchParams);
  // Compared as parameters, not as spelled: `%20` and `+` are the same space, and so on.
  const asked = url.searchParams.toString();
  if (clean !== (asked ? `?${asked}` : "")) throw redirect(url.pathname + clean, 301);
}

export function pastTheEnd(url: URL): never {
  const first = new URLSearchParams(url.searchParams);
  first.delete("page");
  const query = first.toString();
  throw data({ firstPage: url.pathname + (query ? `?${query}` : "") }, { status: 404 });
}
