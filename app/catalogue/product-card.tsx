import { useLocation } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { CardGrid } from "./card-grid";
import { cardsHtml } from "./html";
import { picturePreload } from "~/ui/picture";
import type { ProductCard as Card } from "./types";

/**
 * Which first-screen cards a screen preloads: a phone's first row has two (the grid's columns,
 * app.css), a tablet's three, a desktop's four. A phone fetching four photos at high priority
 * shares its bandwidth with two it does not show yet, and its largest paint waits for all.
 */
const FIRST_ROW_MEDIA: (string | undefined)[] = [undefined, undefined, "(min-width: 768px)", "(min-width: 1025px)"];

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
      {products.slice(0, eagerCount).map((p, i) => (
        <link key={p.id} rel="preload" as="image" {...picturePreload(p.image.url, "card")} fetchPriority="high" media={FIRST_ROW_MEDIA[i]} />
      ))}
      <CardGrid html={cardsHtml(products, i18n, pathname + search, eagerCount)} favourites={favourites} />
    </>
  );
}
