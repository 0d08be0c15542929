/** schema.org NewsArticle for an article's page: absolute URLs, the shop as its publisher. */
export function newsArticleJsonLd(
  a: { title: string; summary: string; published: number; image: string; url: string; lang: string },
  shop: { name: string; url: string; logo: string },
) {
  const date = new Date(a.published * 1000).toISOString();
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: a.title,
    description: a.summary,
    image: [a.image],
    datePublished: date,
    dateModified: date,
    inLanguage: a.lang,
    mainEntityOfPage: { "@type": "WebPage", "@id": a.url },
    url: a.url,
    author: { "@type": "Organization", name: shop.name, url: shop.url },
    publisher: { "@type": "Organization", name: shop.name, url: shop.url, logo: { "@type": "ImageObject", url: shop.logo } },
  };
}
