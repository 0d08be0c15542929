import { Suspense } from "react";
import { Await, data, Outlet } from "react-router";
import type { Route } from "./+types/product";
import { getApp } from "~/server/context.server";
import { routeModuleUrl } from "~/server/route-module.server";
import { streamed } from "~/server/streaming.server";
import { documentMarkup, documentMarkups } from "~/server/markup.server";
import { type Markup, useMarkup } from "~/ui/markup";
import {
  categoryTrail,
  getCategories,
  getProduct,
  getRelatedHtml,
  PRODUCT_SLUG,
  preselectedSku,
  productHtml,
  productWriterI18n,
} from "~/catalogue/index.server";
import { savedSizesOf } from "~/users/index.server";
import { breadcrumbJsonLd, jsonForScript, productJsonLd } from "~/catalogue/index";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { AddToCartForm } from "~/cart/index";
import { getLang, getOwnerRef, getShopper } from "~/server/request.server";
import { Heart } from "~/favourites/index";
import { favouritesLookup, isFavouriteSlug } from "~/favourites/index.server";
import { ecommerceItem } from "~/cart/index";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { useLinkNavigation } from "~/ui/link-navigation";
import { CardGrid } from "~/catalogue/index";
import { picturePreload } from "~/ui/picture";
import { ReviewsWidget } from "~/reviews/index";
import { reviewsForSearch, reviewsForSearchQueries, reviewsWidget } from "~/reviews/index.server";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  if (!PRODUCT_SLUG.test(params.slug)) throw data(null, { status: 404 });
  // Critical data is awaited (one D1 round trip each, in parallel); related products stream.
  // The reviews' summary for the JSON-LD comes in the product's own round trip.
  // The heart's state and a signed-in shopper's saved sizes (which choose their size when in stock)
  // are keyed by the session and the slug: they go in the same round trip. No session, no read:
  // the anonymous page stays the same for all; a page with a session is private already.
  const owner = getOwnerRef(context);
  const [{ product, also }, categories, favourite, saved, hearts, shopper] = await Promise.all([
    getProduct(app.env.DB, lang, params.slug, reviewsForSearchQueries(app.env.DB, params.slug)),
    getCategories(app.env.DB, lang),
    owner.then((o) => isFavouriteSlug(app.env.DB, o, params.slug)),
    owner.then((o) => savedSizesOf(app.env.DB, o)),
    owner.then((o) => favouritesLookup(app.env.DB, o)),
    // The session itself (the root's loader reads it too, but not on a client navigation).
    getShopper(context),
  ]);
  const searchReviews = reviewsForSearch(also);
  if (!product) throw data(null, { status: 404 });
  const t = getI18n(context).t;
  const trail = categoryTrail(categories, product.categoryPath) ?? [];
  const path = localized(context, `/product/${product.slug}`);
  const url = app.origin + path;
  const { search, searchParams } = new URL(request.url);
  // One set of texts for the page's server-written parts and its related cards.
  const writer = productWriterI18n(lang, app.defaultLang);
  const viewerId = shopper.owner.userId;
  // A size the URL names (a gift hint's link) when it is in stock, else the shopper's saved one.
  const asked = Number(searchParams.get("size"));
  const chosen = product.sizes.find((s) => s.id === asked && s.stock > 0)?.id ?? preselectedSku(product.sizeKind ?? "", product.sizes, saved);
  const reviews = reviewsWidget(context, lang, { id: product.id, path }, searchParams, viewerId);
  return {
    i18n: texts(lang, ["product", "reviews"], { reviews: ["title", "unavailable", "likeCount", "dislikeCount"] }),
    reviews,
    // Only a signed-in shopper's widget has reaction forms, whose code loads by this URL.
    reactionsModule: viewerId === null ? null : await routeModuleUrl("api/reaction"),
    // What the page's script needs of the product (the size picker, the heart); the rest is markup.
    product: {
      id: product.id,
      slug: product.slug,
      name: product.name,
      salePrice: product.salePrice,
      sizes: product.sizes,
      // Only when there is one: the shared (anonymous) page's data stays as it was.
      ...(chosen === null ? {} : { chosen }),
    },
    html: documentMarkups(context, productHtml(product, writer, { favourite, here: path + search })),
    // The gallery's pictures on the first screen (app/catalogue/product-html.ts loads them eagerly).
    firstImages: product.images.slice(0, 2).map((image, i) => picturePreload(image.url, i === 0 ? "gallery" : "galleryMore")),
    favourite,
    trail: trail.map((c) => ({ name: c.name, path: `/store/${c.path}` })),
    // The colour too: the same model in another colour is a page of its own.
    title: t("product:title", { name: product.name, color: product.color.name }),
    description: t("product:metaDescription", { name: product.name, color: product.color.name, text: product.description }),
    ogImage: product.images[0] ? app.origin + product.images[0].url : null,
    // The product and its breadcrumb trail, one script (a second element would cost the page's JavaScript).
    jsonLd: documentMarkup(
      context,
      jsonForScript([
        productJsonLd(product, url, app.origin, searchReviews),
        breadcrumbJsonLd([...trail.map((c) => ({ name: c.name, url: app.origin + localized(context, `/store/${c.path}`) })), { name: product.name, url }]),
      ]),
    ),
    related: streamed(
      getRelatedHtml(app.env.DB, writer, product).then(async ({ html, ids }) => ({
        html: documentMarkup(context, html),
        favourites: await hearts(ids),
      })),
      "related products",
    ),
    analytics: ecommerceItem({
      id: product.sizes[0]?.id ?? product.id,
      name: product.name,
      price: product.salePrice,
      brand: product.brand.name,
      category: trail.at(-1)?.name ?? "",
      variant: product.color.name,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const image = loaderData.ogImage;
  return [
    ...seo(matches, { title: loaderData.title, description: loaderData.description, path: `/product/${loaderData.product.slug}` }),
    ...(image ? [{ property: "og:image", content: image }] : []),
    { property: "og:type", content: "product" },
  ];
};

/**
 * A server-written part in a component of its own. `useMarkup` renders once more right after
 * hydration (its hydration snapshot differs from the browser's): in the page's own component
 * that render would reach the streamed reviews and related products before they hydrate, and
 * React would drop their server HTML and render them anew (a jump on the screen and a reload of
 * the page's data). Playwright: tests/e2e/first-paint.spec.ts.
 */
function Written({ as: Tag = "div", html, ...props }: { as?: "script" | "section" | "div"; html: Markup; type?: string } & React.HTMLAttributes<HTMLElement>) {
  return <Tag {...props} dangerouslySetInnerHTML={{ __html: useMarkup(html) }} />;
}

/** The related products' grid (the shared CardGrid takes text: the markup hook stays out of every page's JavaScript). */
function RelatedGrid({ html, favourites }: { html: Markup; favourites: readonly number[] }) {
  return <CardGrid html={useMarkup(html)} favourites={favourites} />;
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigateOnClick = useLinkNavigation();
  const { product, html, trail, jsonLd, related } = loaderData;
  const soldOut = product.sizes.every((s) => s.stock === 0);
  return (
    <>
      <Written as="script" type="application/ld+json" html={jsonLd} />
      {/* The first screen's pictures (the largest paint among them): asked for from the head, as React does for an <img> it renders itself. */}
      {loaderData.firstImages.map((image, i) => (
        // Two fixed places, keyed by place: the same picture may fill both.
        <link key={i} rel="preload" as="image" {...image} fetchPriority="high" />
      ))}
      <Breadcrumbs items={[...trail, { name: product.name, path: `/product/${product.slug}` }]} />
      <article className="product" data-testid="product">
        {/* A phone scrolls the gallery sideways: a keyboard reaches it (tabIndex) to scroll it with the arrows. */}
        <Written as="section" className="gallery" aria-label={t("product:gallery")} tabIndex={0} html={html.gallery} />
        {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the other colours' links navigate in place; keyboards use the links */}
        <div className="product__info" onClick={navigateOnClick}>
          <Written className="product__head" html={html.head} />
          <AddToCartForm product={product} analytics={loaderData.analytics} />
          <Heart productId={product.id} favourite={loaderData.favourite} html={html.heart} />
          {soldOut ? (
            <p className="product__soldout" data-testid="sold-out">
              {t("product:soldOutAll")}
            </p>
          ) : null}
          <Written className="product__about" html={html.about} />
        </div>
      </article>
      {/* The popups of the product's own URLs: the size table (/product/<slug>/size-table), the add-review popup (/product/<slug>/review) */}
      <Outlet />
      <section id="reviews" aria-labelledby="reviews-title" className="reviews" data-testid="reviews">
        <h2 id="reviews-title">{t("reviews:title")}</h2>
        <Suspense fallback={<div className="reviews__placeholder" aria-busy="true" />}>
          <Await resolve={loaderData.reviews} errorElement={<p>{t("reviews:unavailable")}</p>}>
            {({ html }) => <ReviewsWidget html={html} reactionsModule={loaderData.reactionsModule} />}
          </Await>
        </Suspense>
      </section>
      <section aria-labelledby="related" className="related">
        <h2 id="related">{t("product:related")}</h2>
        <Suspense fallback={<div className="grid grid--placeholder" aria-busy="true" />}>
          <Await resolve={related} errorElement={<p>{t("product:relatedUnavailable")}</p>}>
            {({ html, favourites }) => <RelatedGrid html={html} favourites={favourites} />}
          </Await>
        </Suspense>
      </section>
    </>
  );
}
