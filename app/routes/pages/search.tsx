import { Link, redirect } from "react-router";
import type { Route } from "./+types/search";
import { getLang } from "~/server/request.server";
import { searchHistoryAction, searchPage } from "~/search/index.server";
import { RecentSearches } from "~/search/index";
import { ListingView, ProductGrid } from "~/catalogue/index";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";

export async function loader({ context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const page = await searchPage(context, lang, new URL(request.url));
  const t = getI18n(context).t;
  return {
    i18n: texts(lang, ["search", "catalogue", "product"]),
    ...page,
    title: page.query.q ? t("search:titleFor", { q: page.query.q }) : t("search:title"),
  };
}

/** The recent searches' forms (without JavaScript): forget one, or all; back to the empty search page. */
export async function action({ context, request }: Route.ActionArgs) {
  getLang(context);
  return (await searchHistoryAction(context, request)) ?? redirect(localized(context, "/search"), 303);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seo(matches, { title: loaderData?.title ?? "", path: "/search", noindex: true });

export default function Search({ loaderData, actionData }: Route.ComponentProps) {
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
              {history.length ? <RecentSearches history={history} error={actionData?.error} /> : null}
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
