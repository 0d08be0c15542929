import type { ProductDetails } from "./types";

/** What a product's reviews add to its JSON-LD (the reviews feature reads it). */
export type JsonLdReviews = { rating: number; count: number; reviews: { author: string; rating: number; text: string; date: string }[] };

/**
 * schema.org Product for a product page; offers only where the price is shown; the
 * reviews' aggregateRating and the newest reviews once there is at least one.
 */
export function productJsonLd(p: ProductDetails, url: string, origin: string, reviews?: JsonLdReviews) {
  const inStock = p.sizes.some((s) => s.stock > 0);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    description: p.description,
    sku: String(p.id),
    brand: { "@type": "Brand", name: p.brand.name },
    color: p.color.name,
    image: p.images.map((i) => origin + i.url),
    url,
    ...(p.salePrice > 0
      ? {
          offers: {
            "@type": "Offer",
            url,
            price: p.salePrice,
            priceCurrency: "UZS",
            availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
            itemCondition: "https://schema.org/NewCondition",
          },
        }
      : {}),
    ...(reviews && reviews.count > 0
      ? {
          aggregateRating: { "@type": "AggregateRating", ratingValue: reviews.rating, reviewCount: reviews.count, bestRating: 5, worstRating: 1 },
          review: reviews.reviews.map((r) => ({
            "@type": "Review",
            author: { "@type": "Person", name: r.author },
            datePublished: r.date,
            reviewBody: r.text,
            reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}

/** schema.org BreadcrumbList: the page's trail, absolute URLs, positions from 1. */
export function breadcrumbJsonLd(items: { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: item.url })),
  };
}

/** The home page's schema.org Organization and WebSite, with the search as its SearchAction (the sitelinks search box). */
export function siteJsonLd(name: string, origin: string, home: string, search: string, lang: string) {
  return [
    { "@context": "https://schema.org", "@type": "Organization", name, url: origin + home, logo: `${origin}/favicon.svg` },
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name,
      url: origin + home,
      inLanguage: lang,
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${origin}${search}?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    },
  ];
}

/** JSON for a <script type="application/ld+json">, safe against "</script>" in shop texts. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
