import type { ProductDetails } from "./types";

/** schema.org Product for a product page; offers only where the price is shown. */
export function productJsonLd(p: ProductDetails, url: string, origin: string) {
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
  };
}

/** JSON for a <script type="application/ld+json">, safe against "</script>" in shop texts. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
