import type { I18n } from "~/i18n/use-i18n";
import { escapeHtml, escapeUrl } from "~/ui/html";
import type { ProductCard } from "./catalogue.server";

/**
 * Static markup for a listing's repeated rows (facet values, product cards),
 * byte for byte what React renders for the same JSX: tests/unit/listing-html.test.ts
 * holds each to React's output. A catalogue page repeats ~80 facet rows and 24
 * cards; as React elements they were most of a render's server CPU (an element
 * and a few attributes cost React a component call, escaping and string work).
 * These rows are plain markup: forms and links work natively with or without
 * JavaScript, and the listing's delegated handlers (link navigation, the filters
 * form's onChange) see events from them as from any child.
 */

/** A grid's card texts, looked up and escaped once per render (the I18n is made once per render). */
type CardTexts = { clubHint: string; club: string; oldPrice: string; soldOut: string };
const cardTexts = new WeakMap<I18n, CardTexts>();
function textsOf(i18n: I18n): CardTexts {
  let texts = cardTexts.get(i18n);
  if (!texts) {
    const { t } = i18n;
    texts = {
      clubHint: escapeHtml(t("badges.clubHint")),
      club: escapeHtml(t("badges.club")),
      oldPrice: escapeHtml(t("price.old")),
      soldOut: escapeHtml(t("product:soldOut")),
    };
    cardTexts.set(i18n, texts);
  }
  return texts;
}

/**
 * The inside of a card's link (`<a className="card__link">`): picture, badges,
 * brand and name, as `<CardLinkContent eager={…} />` (app/ui/product-card.tsx)
 * renders them.
 */
export function cardLinkInnerHtml(p: ProductCard, i18n: I18n, eager = false): string {
  const t = textsOf(i18n);
  const onSale = p.salePrice !== 0 && p.salePrice < p.firstPrice;
  const badges =
    (onSale ? `<span class="badge badge--sale">−<!-- -->${Math.round((1 - p.salePrice / p.firstPrice) * 100)}<!-- -->%</span>` : "") +
    (p.inClub ? `<span class="badge badge--club" title="${t.clubHint}">${t.club}</span>` : "");
  const name = escapeHtml(p.name);
  return (
    `<div class="card__media">` +
    `<img src="${escapeUrl(p.image.url)}" width="${escapeHtml(p.image.width)}" height="${escapeHtml(p.image.height)}" alt="${name}" loading="${eager ? "eager" : "lazy"}" decoding="async"/>` +
    `<div class="card__badges">${badges}</div></div><p class="card__brand">${escapeHtml(p.brand)}</p><h3 class="card__name">${name}</h3>`
  );
}

/**
 * The inside of a listing card's `<article className="card">`: what
 * `<ProductCard plain eager={false} />` (app/ui/product-card.tsx) renders in it,
 * price block, badges and sold-out note included. The listings' lazy cards use
 * it in both bundles; their first (eager) cards go through ProductCard, whose
 * server writer also preloads the picture.
 */
export function lazyCardInnerHtml(p: ProductCard, i18n: I18n): string {
  const t = textsOf(i18n);
  const onSale = p.salePrice !== 0 && p.salePrice < p.firstPrice;
  const price =
    p.salePrice === 0
      ? ""
      : `<p class="price" data-testid="price"><span class="${onSale ? "price__now price__now--sale" : "price__now"}">${escapeHtml(i18n.price(p.salePrice))}</span>` +
        (p.salePrice !== p.firstPrice ? `<s class="price__old" aria-label="${t.oldPrice}">${escapeHtml(i18n.price(p.firstPrice))}</s>` : "") +
        "</p>";
  return (
    `<a class="card__link" href="${escapeUrl(i18n.href(`/product/${p.slug}`))}" data-discover="true">${cardLinkInnerHtml(p, i18n)}</a>` +
    price +
    (p.inStock ? "" : `<p class="card__soldout">${t.soldOut}</p>`)
  );
}
