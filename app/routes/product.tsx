import { Suspense } from "react";
import { Await, data, Link, Outlet } from "react-router";
import type { Route } from "./+types/product";
import { getApp } from "~/server/context.server";
import { routeModuleUrl } from "~/server/route-module.server";
import { streamed } from "~/server/streaming.server";
import { categoryTrail, getCategories, getProduct, getRelatedHtml } from "~/catalogue/index.server";
import { jsonForScript, productJsonLd } from "~/catalogue/index";
import { getI18n, requireLang } from "~/i18n/middleware.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { localizePath } from "~/i18n/url";
import { useI18n } from "~/i18n/use-i18n";
import { AddToCartForm } from "~/cart/index";
import { shopperOf } from "~/cart/index.server";
import { Heart } from "~/favourites/index";
import { favouriteOf, favouritesAmong, favouritesOwner } from "~/favourites/index.server";
import { ecommerceItem } from "~/cart/index";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { ClubBadge, Price, SaleLabel } from "~/ui/price";
import { CardGrid } from "~/catalogue/index";
import { ReviewsWidget } from "~/reviews/index";
import { productReviews, reviewsForSearch, reviewsForSearchQueries, reviewsHtml, reviewsQueryOf } from "~/reviews/index.server";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  if (!/^[a-z0-9-]{1,120}$/.test(params.slug)) throw data(null, { status: 404 });
  // Critical data is awaited (one D1 round trip each, in parallel); related products stream.
  // The reviews' summary for the JSON-LD comes in the product's own round trip.
  const [{ product, also }, categories] = await Promise.all([
    getProduct(app.env.DB, lang, params.slug, reviewsForSearchQueries(app.env.DB, params.slug)),
    getCategories(app.env.DB, lang),
  ]);
  const searchReviews = reviewsForSearch(also);
  if (!product) throw data(null, { status: 404 });
  const t = getI18n(context).t;
  // The heart's state: a guest's from the session, an account's from D1; no session, no read (the anonymous page stays the same for all).
  const shopper = await shopperOf(app.env, request);
  const favourite = shopper.session ? (await favouriteOf(app.env.DB, favouritesOwner(shopper.owner.userId, shopper.session), product.id)) !== null : false;
  const trail = categoryTrail(categories, product.categoryPath) ?? [];
  const path = localizePath(`/product/${product.slug}`, lang, app.defaultLang);
  const url = app.origin + path;
  // The reviews stream after the product (a slow or failing query never holds it up): their sort and "all" from the URL.
  const reviewsQuery = reviewsQueryOf(new URL(request.url).searchParams);
  const viewerId = shopper.owner.userId;
  const reviews = streamed(
    productReviews(app.env.DB, lang, product.id, { sort: reviewsQuery.sort, all: reviewsQuery.reviews, viewerId }).then((data) => ({
      count: data.count,
      html: reviewsHtml(data, {
        lang,
        defaultLang: app.defaultLang,
        t,
        path,
        productId: product.id,
        sort: reviewsQuery.sort,
        all: reviewsQuery.reviews,
        signedIn: viewerId !== null,
      }),
    })),
    "reviews",
  );
  return {
    i18n: texts(lang, ["product", "reviews"], { reviews: ["title", "unavailable", "likeCount", "dislikeCount"] }),
    reviews,
    // Only a signed-in shopper's widget has reaction forms, whose code loads by this URL.
    reactionsModule: viewerId === null ? null : await routeModuleUrl("routes/reaction"),
    product,
    favourite,
    trail: trail.map((c) => ({ name: c.name, path: `/store/${c.path}` })),
    title: t("product:title", { name: product.name }),
    description: product.description,
    ogImage: product.images[0] ? app.origin + product.images[0].url : null,
    jsonLd: jsonForScript(productJsonLd(product, url, app.origin, searchReviews)),
    related: streamed(
      getRelatedHtml(app.env.DB, lang, app.defaultLang, product).then(async ({ html, ids }) => ({
        html,
        favourites: await favouritesAmong(app.env.DB, shopper, ids),
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

export default function Product({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { product, trail, jsonLd, related } = loaderData;
  const soldOut = product.sizes.every((s) => s.stock === 0);
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <Breadcrumbs items={[...trail, { name: product.name, path: `/product/${product.slug}` }]} />
      <article className="product" data-testid="product">
        <section className="gallery" aria-label={t("product:gallery")}>
          {product.images.map((img, i) => (
            <img
              key={img.url}
              src={img.url}
              width={img.width}
              height={img.height}
              alt={i === 0 ? product.name : `${product.name} — ${i + 1}`}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : undefined}
              decoding="async"
            />
          ))}
        </section>
        <div className="product__info">
          <p className="product__brand">{product.brand.name}</p>
          <h1 className="product__name">{product.name}</h1>
          <div className="product__badges">
            <SaleLabel firstPrice={product.firstPrice} salePrice={product.salePrice} />
            {product.inClub ? <ClubBadge /> : null}
          </div>
          <Price firstPrice={product.firstPrice} salePrice={product.salePrice} large />
          <div className="product__colors">
            <p>
              {t("product:color")}: <strong data-testid="color">{product.color.name}</strong>
            </p>
            {product.colors.length > 1 ? (
              <ul className="swatches" aria-label={t("product:otherColors")}>
                {product.colors.map((c) => (
                  <li key={c.slug}>
                    {c.slug === product.slug ? (
                      <span className="swatch swatch--big swatch--current" style={{ background: c.hex }} title={c.name} aria-current="true">
                        <span className="visually-hidden">{c.name}</span>
                      </span>
                    ) : (
                      <Link to={href(`/product/${c.slug}`)} className="swatch swatch--big" style={{ background: c.hex }} title={c.name}>
                        <span className="visually-hidden">{c.name}</span>
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <AddToCartForm product={product} analytics={loaderData.analytics} />
          <Heart productId={product.id} favourite={loaderData.favourite} />
          {soldOut ? (
            <p className="product__soldout" data-testid="sold-out">
              {t("product:soldOutAll")}
            </p>
          ) : null}
          <h2>{t("product:description")}</h2>
          <p className="product__description">{product.description}</p>
        </div>
      </article>
      <section id="reviews" aria-labelledby="reviews-title" className="reviews" data-testid="reviews">
        <h2 id="reviews-title">{t("reviews:title")}</h2>
        {/* The add-review popup (/product/<slug>/review) */}
        <Outlet />
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
            {({ html, favourites }) => <CardGrid html={html} favourites={favourites} />}
          </Await>
        </Suspense>
      </section>
    </>
  );
}
