import { data, type RouterContextProvider } from "react-router";
import { cleanListingSearch, withPackedFacets } from "~/catalogue/index";
import { getCategories, getPopular, isFiltered, parseCatalogueQuery, pastTheEnd, requireCleanListingUrl } from "~/catalogue/index.server";
import { favouritesLookup } from "~/favourites/index.server";
import { parseForm, readFormData, refused } from "~/forms/parse.server";
import type { Lang } from "~/i18n/languages";
import { getApp } from "~/server/context.server";
import { getOwnerRef, getShopper } from "~/server/request.server";
import { clearSearchHistory, recordSearch, removeSearch, searchHistory } from "./history.server";
import { recordMiss } from "./misses.server";
import { exactSearchUrl, searchProducts } from "./results.server";
import { historyFormSchema } from "./schema";

/**
 * The search page's data. The search, the hearts, the session and the recent searches go out
 * together: the empty search page lists them (what the box shows with JavaScript); a query is
 * remembered for a shopper with a session (an account, or a guest who has one), written beside the
 * reads by the session's id. A lost write costs the history an entry, never the search. A query
 * without a searchable word ("a", "%") finds nothing rather than everything.
 */
export async function searchPage(context: Readonly<RouterContextProvider>, lang: Lang, url: URL) {
  const app = getApp(context);
  requireCleanListingUrl(url);
  const query = parseCatalogueQuery(url.searchParams);
  const pageSize = Number(app.env.CATALOGUE_PAGE_SIZE) || 24;
  const owner = getOwnerRef(context);
  const [found, , hearts, history] = await Promise.all([
    searchProducts(app.env.DB, lang, { ...query, dept: url.searchParams.get("dept") }, pageSize),
    getShopper(context),
    owner.then((o) => favouritesLookup(app.env.DB, o)),
    owner.then((o) =>
      o === null
        ? []
        : query.q
          ? recordSearch(app.env.DB, o, query.q).then(
              () => [],
              () => [],
            )
          : searchHistory(app.env.DB, o),
    ),
  ]);
  const listing = found?.listing ?? null;
  // What the shop learns: a query that found nothing, or was corrected, is counted (after the answer, nothing personal).
  if (query.q && (!listing || listing.total === 0 || found?.correctedTo))
    app.ctx.waitUntil(
      recordMiss(app.env.DB, lang, query.q, found?.correctedTo ?? null).catch((error: unknown) => console.error("search miss not counted", error)),
    );
  // What the query named (a colour, a department) as filters the listing applied: the grid, its form and chips show them.
  const read = found?.read ?? null;
  const listingQuery = read
    ? { ...query, q: read.q, color: read.color, brand: read.brand, size: read.size, dept: read.dept }
    : { ...query, dept: found?.dept ?? null };
  // Its chips undo each filter from the listing as read: without the colour, "белая футболка" is "футболка".
  const effective = new URLSearchParams(url.searchParams);
  if (read) {
    effective.set("q", read.q);
    for (const name of ["color", "brand", "size"] as const) {
      effective.delete(name);
      for (const value of read[name]) effective.append(name, value);
    }
    if (read.dept) effective.set("dept", read.dept);
  }
  // The query was read otherwise (another keyboard layout, a typo): say so, and offer exactly what was typed.
  const corrected = found?.correctedTo ? { to: found.correctedTo, exactUrl: exactSearchUrl(url) } : null;
  // Past the last page is not a page (the prompt and an empty result have one page).
  if (query.page > (listing?.pageCount ?? 1)) pastTheEnd(url);
  const filtered = isFiltered(listingQuery) || listingQuery.dept !== null;
  // Nothing found (or nothing asked): offer a way on instead of a dead end.
  const suggestions =
    !listing || (listing.total === 0 && !filtered)
      ? await Promise.all([getPopular(app.env.DB, lang, 8), getCategories(app.env.DB, lang)]).then(([products, categories]) => ({
          products,
          categories: categories.filter((c) => c.depth === 0).map((c) => ({ name: c.name, path: `/store/${c.path}` })),
        }))
      : null;
  const shown = [...(listing?.products ?? []), ...(suggestions?.products ?? [])].map((p) => p.id);
  return {
    favourites: await hearts(shown),
    query,
    listingQuery,
    base: read ? cleanListingSearch(effective) : null,
    department: listingQuery.dept ? { slug: listingQuery.dept, name: found?.departmentName ?? listingQuery.dept } : null,
    listing: listing && withPackedFacets(listing),
    suggestions,
    filtered,
    corrected,
    history,
  };
}

/** The recent searches' forms (without JavaScript): forget one, or all. Null: done; else the refusal to show. */
export async function searchHistoryAction(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const submission = parseForm(await readFormData(request), historyFormSchema);
  if (submission.status !== "success") return data({ error: "search:errors.entry" }, refused(400));
  const { owner } = await getShopper(context);
  if (submission.value.intent === "forget-all") await clearSearchHistory(app.env.DB, owner);
  else if (!(await removeSearch(app.env.DB, owner, submission.value.id))) return data({ error: "search:errors.entry" }, refused(404));
  return null;
}
