import { useLocation } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { CardGrid } from "./card-grid";
import { cardsHtml } from "./html";
import { picturePreload } from "~/ui/picture";
import type { ProductCard as Card } from "./types";

/**
 * A grid of cards (listings, the home page, suggestions), written by `cardsHtml` on the
 * server and in the browser alike (a dozen elements per card cost React ~90 pieces of
 * output to render and stream, a string one). The first `eagerCount` pictures (the first
 * screen's) load at once, asked for from the head, as React does for an `<img>` it renders
 * itself (inside a string it cannot see it). `favourites`: the shopper's among `products`.
 */
export function ProductGrid({ products, favourites, eagerCount = 0 }: { products: Card[]; favourites?: readonly number[]; eagerCount?: number }) {
  const i18n = useI18n();
  const { pathname, search } = useLocation();
  return (
    <>
      {products.slice(0, eagerCount).map((p) => (
        <link key={p.id} rel="preload" as="image" {...picturePreload(p.image.url, "card")} fetchPriority="high" />
      ))}
      <CardGrid html={cardsHtml(products, i18n, pathname + search, eagerCount)} favourites={favourites} />
    </>
  );
}
