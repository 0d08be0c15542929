import { data, Link } from "react-router";
import type { Route } from "./+types/catalogue";
import { getApp } from "~/server/context.server";
import { getLang, getOwnerRef, getShopper } from "~/server/request.server";
import { BrandHeart } from "~/favourites/index";
import { brandFollowOf, favouritesLookup } from "~/favourites/index.server";
import {
  categoryTrail,
  childrenOf,
  getCategories,
  getListing,
  isFiltered,
  parseCatalogueQuery,
  pastTheEnd,
  requireCleanListingUrl,
} from "~/catalogue/index.server";
import { breadcrumbJsonLd, jsonForScript, withPackedFacets } from "~/catalogue/index";
import { ListingView } from "~/catalogue/index";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { useLinkNavigation } from "~/ui/link-navigation";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const path = (params["*"] ?? "").replace(/^\/+|\/+$/g, "");
  if (!/^[a-z0-9/-]{0,200}$/.test(path)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  requireCleanListingUrl(url);
  const query = parseCatalogueQuery(url.searchParams);
  const pageSize = Number(app.env.CATALOGUE_PAGE_SIZE) || 24;
  const [categories, listing, hearts] = await Promise.all([
    getCategories(app.env.DB, lang),
    getListing(app.env.DB, lang, { ...query, q: "", categoryPath: path || undefined }, pageSize),
    getOwnerRef(context).then((owner) => favouritesLookup(app.env.DB, owner)),
  ]);
  const trail = path ? categoryTrail(categories, path) : [];
  if (!trail) throw data(null, { status: 404 });
  // Past the last page is not a page (page 1 always is, even when empty).
  if (query.page > listing.pageCount) pastTheEnd(url);
  const current = trail.at(-1);
  const t = getI18n(context).t;
  // The hearts' state (none read without a session); one brand chosen: its page, with the heart that follows it.
  const [favourites, brand] = await Promise.all([
    hearts(listing.products.map((p) => p.id)),
    query.brand.length === 1 ? getShopper(context).then((shopper) => brandFollowOf(app.env.DB, t, shopper, query.brand[0]!)) : null,
  ]);
  const heading = current?.name ?? t("catalogue:all");
  // A title of its own for every page: the category with its parents ("Sneakers — Footwear — Men"), and the page number after the first.
  const named =
    trail.length > 1
      ? trail
          .map((c) => c.name)
          .reverse()
          .join(" — ")
      : heading;
  const name = query.page > 1 ? t("catalogue:pageOf", { name: named, page: query.page }) : named;
  return {
    i18n: texts(lang, ["catalogue", "product"]),
    path,
    query,
    listing: withPackedFacets(listing),
    favourites,
    brand,
    heading,
    title: t("catalogue:title", { name }),
    description: t("catalogue:description", { name, count: listing.total }),
    trail: trail.map((c) => ({ name: c.name, path: `/store/${c.path}` })),
    subcategories: childrenOf(categories, current?.id ?? null).map((c) => ({ name: c.name, path: `/store/${c.path}` })),
    filtered: isFiltered(query),
    jsonLd: trail.length
      ? jsonForScript(
          breadcrumbJsonLd(
            [{ name: t("catalogue:all"), path: "" }, ...trail].map((c) => ({
              name: c.name,
              url: app.origin + localized(context, c.path ? `/store/${c.path}` : "/store"),
            })),
          ),
        )
      : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const base = loaderData.path ? `/store/${loaderData.path}` : "/store";
  // Filtered or sorted views point at the plain listing; plain pages 2+ are their own canonical.
  const page = !loaderData.filtered && loaderData.query.page > 1 ? `?page=${loaderData.query.page}` : "";
  return seo(matches, {
    title: loaderData.title,
    description: loaderData.description,
    path: base + page,
    noindex: loaderData.filtered,
  });
};

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const navigateOnClick = useLinkNavigation();
  const { heading, trail, subcategories, query, listing, favourites, brand, path } = loaderData;
  const allCrumb = { name: t("catalogue:all"), path: "/store" };
  return (
    <>
      {loaderData.jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} /> : null}
      <Breadcrumbs items={path ? [allCrumb, ...trail] : [allCrumb]} />
      <div className="heading-row">
        <h1>{heading}</h1>
        {brand ? <BrandHeart brand={brand} /> : null}
      </div>
      {subcategories.length ? (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the click comes from a link inside (keyboard activation clicks it too)
        <nav className="chips" aria-label={t("catalogue:subcategories")} onClick={navigateOnClick}>
          {subcategories.map((c) => (
            <a key={c.path} className="chip" href={href(c.path)}>
              {c.name}
            </a>
          ))}
        </nav>
      ) : null}
      <ListingView
        query={query}
        listing={listing}
        favourites={favourites}
        action={href(path ? `/store/${path}` : "/store")}
        empty={
          <>
            <h2>{t("catalogue:emptyTitle")}</h2>
            <p>{t("catalogue:emptyText")}</p>
            <Link to={href(path ? `/store/${path}` : "/store")} className="button">
              {t("catalogue:reset")}
            </Link>
          </>
        }
      />
    </>
  );
}
