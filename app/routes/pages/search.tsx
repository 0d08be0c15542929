import { data, Form, Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/search";
import { getApp } from "~/server/context.server";
import { getLang, getOwnerRef, getShopper } from "~/server/request.server";
import { parseForm, readFormData, refused } from "~/forms/parse.server";
import {
  clearSearchHistory,
  exactSearchUrl,
  historyFormSchema,
  recordMiss,
  recordSearch,
  removeSearch,
  searchHistory,
  searchProducts,
} from "~/search/index.server";
import { favouritesLookup } from "~/favourites/index.server";
import { getCategories, getPopular, isFiltered, parseCatalogueQuery, pastTheEnd, requireCleanListingUrl } from "~/catalogue/index.server";
import { cleanListingSearch, withPackedFacets } from "~/catalogue/index";
import { ListingView } from "~/catalogue/index";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { ProductGrid } from "~/catalogue/index";

export async function loader({ context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const url = new URL(request.url);
  requireCleanListingUrl(url);
  const query = parseCatalogueQuery(url.searchParams);
  const pageSize = Number(app.env.CATALOGUE_PAGE_SIZE) || 24;
  const t = getI18n(context).t;
  // The search, the hearts, the session and the recent searches go out together: the empty search
  // page lists them (what the box shows with JavaScript); a query is remembered for a shopper with
  // a session (an account, or a guest who has one), written beside the reads by the session's id.
  // A lost write costs the history an entry, never the search. A query without a searchable word
  // ("a", "%") finds nothing rather than everything.
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
    i18n: texts(lang, ["search", "catalogue", "product"]),
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
    title: query.q ? t("search:titleFor", { q: query.q }) : t("search:title"),
  };
}

/** The recent searches' forms (without JavaScript): forget one, or all; back to the empty search page. */
export async function action({ context, request }: Route.ActionArgs) {
  getLang(context);
  const app = getApp(context);
  const submission = parseForm(await readFormData(request), historyFormSchema);
  if (submission.status !== "success") return data({ error: "search:errors.entry" }, refused(400));
  const { owner } = await getShopper(context);
  if (submission.value.intent === "forget-all") await clearSearchHistory(app.env.DB, owner);
  else if (!(await removeSearch(app.env.DB, owner, submission.value.id))) return data({ error: "search:errors.entry" }, refused(404));
  return redirect(localized(context, "/search"), 303);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seo(matches, { title: loaderData?.title ?? "", path: "/search", noindex: true });

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { query, listingQuery, base, department, listing, suggestions, filtered, favourites, corrected, history } = loaderData;
  return (
    <>
      <h1>{query.q ? t("search:titleFor", { q: query.q }) : t("search:title")}</h1>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for the phones we serve; the role says the same */}
      <form method="get" action={href("/search")} role="search" className="search search--page" aria-label={t("search:title")}>
        <input
          type="search"
          name="q"
          defaultValue={query.q}
          aria-label={t("search:label")}
          placeholder={t("search:placeholder")}
          maxLength={100}
          key={query.q}
        />
        <button type="submit" className="button">
          {t("search:submit")}
        </button>
      </form>
      {corrected ? (
        <p data-testid="search-corrected">
          {t("search:showingFor", { q: corrected.to })} <Link to={corrected.exactUrl}>{t("search:searchExactly", { q: query.q })}</Link>
        </p>
      ) : null}
      {listing && (listing.total > 0 || filtered) ? (
        <ListingView
          query={listingQuery}
          department={department}
          base={base ?? undefined}
          listing={listing}
          favourites={favourites}
          action={href("/search")}
          empty={<p>{t("catalogue:emptyText")}</p>}
        />
      ) : (
        <div className="empty" data-testid={query.q ? "no-results" : "search-prompt"}>
          {query.q ? (
            <>
              <h2>{t("search:noResults", { q: query.q })}</h2>
              <p>{t("search:noResultsHint")}</p>
            </>
          ) : (
            <>
              <p>{t("search:prompt")}</p>
              {history.length ? <RecentSearches history={history} /> : null}
            </>
          )}
          {suggestions ? (
            <>
              <nav className="chips" aria-label={t("search:tryCategories")}>
                {suggestions.categories.map((c) => (
                  <Link key={c.path} to={href(c.path)} className="chip">
                    {c.name}
                  </Link>
                ))}
              </nav>
              <h2>{t("search:popular")}</h2>
              <ProductGrid products={suggestions.products} favourites={favourites} />
            </>
          ) : null}
        </div>
      )}
    </>
  );
}

/** The shopper's recent searches on the empty search page, each with a form to forget it, and one to forget all. */
function RecentSearches({ history }: { history: { id: number; query: string }[] }) {
  const { t, href } = useI18n();
  const actionData = useActionData<typeof action>();
  return (
    <section className="recent-searches" aria-labelledby="recent-searches" data-testid="recent-searches">
      <h2 id="recent-searches">{t("search:history.title")}</h2>
      {actionData?.error ? (
        <p role="alert" className="alert alert--error">
          {t(actionData.error)}
        </p>
      ) : null}
      <ul>
        {history.map((entry) => (
          <li key={entry.id}>
            <Link to={href(`/search?q=${encodeURIComponent(entry.query)}`)}>{entry.query}</Link>
            <Form method="post" action={href("/search")}>
              <input type="hidden" name="intent" value="forget" />
              <input type="hidden" name="id" value={entry.id} />
              <button type="submit" className="link-button" aria-label={t("search:history.forgetLabel", { q: entry.query })}>
                {t("search:history.forget")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" action={href("/search")}>
        <input type="hidden" name="intent" value="forget-all" />
        <button type="submit" className="link-button">
          {t("search:history.forgetAll")}
        </button>
      </Form>
    </section>
  );
}
