import { preload } from "react-dom";
import { PrefetchPageLinks } from "react-router";
import { useI18n, type I18n } from "~/i18n/use-i18n";
import { useIntentPrefetch, useLinkNavigation } from "~/ui/link-navigation";
import { cardInnerHtml } from "./html";
import type { ProductCard as Card } from "./types";

/**
 * One card, its content written by `cardInnerHtml` on the server and in the browser
 * alike (a dozen elements cost React ~90 pieces of output to render and stream, a
 * string one). An eager card's picture is preloaded from the head, as React does for
 * an `<img>` it renders itself (inside a string it cannot see it); `preload` dedupes.
 */
function ProductCard({ product, eager, i18n }: { product: Card; eager: boolean; i18n: I18n }) {
  if (eager) preload(product.image.url, { as: "image", fetchPriority: "high" });
  return <article className="card" data-testid="product-card" dangerouslySetInnerHTML={{ __html: cardInnerHtml(product, i18n, eager) }} />;
}

/**
 * A grid of cards (listings, related products, the home page, suggestions): plain
 * anchors with one click handler and one intent prefetch for the whole grid (a
 * `<Link>` per card costs server time in every render) and the same rules as
 * `<Link prefetch="intent">`. The first `eagerCount` pictures load at once.
 */
export function ProductGrid({ products, eagerCount = 0 }: { products: Card[]; eagerCount?: number }) {
  const i18n = useI18n();
  const onClick = useLinkNavigation();
  const prefetch = useIntentPrefetch();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the handlers take over the links' own clicks and hovers; keyboards activate the links (which clicks them) and focus them
    <div className="grid" onClick={onClick} {...prefetch.handlers}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eagerCount} i18n={i18n} />
      ))}
      {prefetch.page ? <PrefetchPageLinks page={prefetch.page} /> : null}
    </div>
  );
}
