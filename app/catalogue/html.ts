import type { I18n } from "~/i18n/use-i18n";
import { escapeHtml, escapeUrl } from "~/ui/html";
import { type PICTURE_SIZES, pictureProps } from "~/ui/picture";
import type { ProductCard } from "./types";

/**
 * Static markup for a listing's repeated rows (product cards here, facet rows in
 * ./filters-form.tsx), written once and set with `dangerouslySetInnerHTML` on the server
 * and in the browser alike, so hydration finds what the browser renders. A catalogue
 * page repeats ~80 facet rows and 24 cards; as React elements they were most of a
 * render's server CPU (an element and a few attributes cost React a component call,
 * escaping and string work). These rows are plain markup: forms and links work natively
 * with or without JavaScript, and the grids' delegated handlers (link navigation,
 * intent prefetch, the filters form's onInput) see events from them as from any child.
 * The bytes are what React rendered for the same JSX (tests/unit/listing-html.test.ts).
 */

/** A photo's `srcSet` and `sizes` attributes (app/ui/picture.ts) as markup; nothing for a vector picture. */
export function srcsetHtml(url: string, sizes: keyof typeof PICTURE_SIZES): string {
  const photo = pictureProps(url, sizes);
  return photo.srcSet ? ` srcSet="${escapeHtml(photo.srcSet)}" sizes="${photo.sizes}"` : "";
}

/** A grid's card texts, looked up and escaped once per render (the I18n is made once per render). */
type CardTexts = { clubHint: string; club: string; oldPrice: string; soldOut: string; heartAdd: string; heartRemove: string; heartAction: string };
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
      heartAdd: escapeHtml(t("heart.add")),
      heartRemove: escapeHtml(t("heart.remove")),
      heartAction: escapeUrl(i18n.href("/favorite")),
    };
    cardTexts.set(i18n, texts);
  }
  return texts;
}

/**
 * `<SaleLabel>` then `<ClubBadge>` (app/ui/price.tsx): "−25%" when on sale, the club badge for club products
 * (a link to the club's explanation where it stands outside the card's link: the product page).
 */
export function badgesHtml(p: { firstPrice: number; salePrice: number; inClub: boolean }, i18n: I18n, clubLink = false): string {
  const t = textsOf(i18n);
  const onSale = p.salePrice !== 0 && p.salePrice < p.firstPrice;
  return (
    (onSale ? `<span class="badge badge--sale">−<!-- -->${Math.round((1 - p.salePrice / p.firstPrice) * 100)}<!-- -->%</span>` : "") +
    (p.inClub
      ? clubLink
        ? `<a class="badge badge--club" title="${t.clubHint}" href="${escapeUrl(i18n.href("/club"))}" data-testid="club-badge">${t.club}</a>`
        : `<span class="badge badge--club" title="${t.clubHint}">${t.club}</span>`
      : "")
  );
}

/** `<Price>` (app/ui/price.tsx): nothing when the price is hidden (0), the old price when it differs. */
export function priceHtml(p: { firstPrice: number; salePrice: number }, i18n: I18n, large = false): string {
  if (p.salePrice === 0) return "";
  const onSale = p.salePrice < p.firstPrice;
  return (
    `<p class="${large ? "price price--large" : "price"}" data-testid="price"><span class="${onSale ? "price__now price__now--sale" : "price__now"}">${escapeHtml(i18n.price(p.salePrice))}</span>` +
    (p.salePrice !== p.firstPrice ? `<s class="price__old" aria-label="${textsOf(i18n).oldPrice}">${escapeHtml(i18n.price(p.firstPrice))}</s>` : "") +
    "</p>"
  );
}

/**
 * The inside of a product card's `<article class="card">` (app/catalogue/product-card.tsx):
 * the link with picture, badges, brand and name, the price block and the sold-out note.
 * The one writer of a card, for every grid (listings, related products, home,
 * suggestions). The price block and the badges are the markup `<Price>`, `<SaleLabel>`
 * and `<ClubBadge>` (app/ui/price.tsx) render on the product page and in the cart; the
 * unit test holds them equal.
 */
export function cardInnerHtml(p: ProductCard, i18n: I18n, eager: boolean): string {
  const t = textsOf(i18n);
  const badges = badgesHtml(p, i18n);
  const name = escapeHtml(p.name);
  const price = priceHtml(p, i18n);
  return (
    // data-discover: React Router learns the product route early (as for a <Link>), so the
    // grid's intent prefetch can match the page.
    `<a class="card__link" href="${escapeUrl(i18n.href(`/product/${p.slug}`))}" data-discover="true"><div class="card__media">` +
    `<img src="${escapeUrl(p.image.url)}"${srcsetHtml(p.image.url, "card")} width="${escapeHtml(p.image.width)}" height="${escapeHtml(p.image.height)}" alt="${name}"${eager ? ' loading="eager"' : ' loading="lazy" decoding="async"'}/>` +
    `<div class="card__badges">${badges}</div></div><p class="card__brand">${escapeHtml(p.brand)}</p><h3 class="card__name">${name}</h3></a>` +
    price +
    (p.inStock ? "" : `<p class="card__soldout">${t.soldOut}</p>`)
  );
}

/**
 * The part of a card's heart that says its state (the form's intent, the button's
 * class, aria-pressed and label), after the product id it follows: `markHearts`
 * swaps it, and the grid's script reads and sets the same attributes.
 */
function heartState(id: number, on: boolean, t: CardTexts, testId = "card-heart"): string {
  return (
    `<input type="hidden" name="productId" value="${id}"/><input type="hidden" name="intent" value="${on ? "remove" : "add"}"/>` +
    `<button type="submit" class="${on ? "heart heart--on" : "heart"}" aria-pressed="${on}" aria-label="${on ? t.heartRemove : t.heartAdd}" data-testid="${testId}">`
  );
}

/**
 * The product page's heart: the cards' heart form (the same script turns it, a grid of one),
 * written in the shopper's state, posting back to `here` (the page's path and query).
 */
export function productHeartHtml(id: number, on: boolean, i18n: I18n, here: string): string {
  const t = textsOf(i18n);
  return (
    `<form class="heart-form" data-product="${id}" action="${t.heartAction}" method="post">` +
    `<input type="hidden" name="redirectTo" value="${escapeHtml(here)}"/>${heartState(id, on, t, "heart")}` +
    `<svg class="icon" aria-hidden="true"><use href="/icons.svg#heart"></use></svg></button></form>`
  );
}

/**
 * A card's heart: a form to the favourites action that asks for the state it
 * wants, so without JavaScript the post comes back to this page (`here`) at this card.
 * Cards are written off for everyone (the listing's markup is the same for all
 * shoppers); `markHearts` turns on the shopper's own.
 */
function heartHtml(id: number, t: CardTexts, here: string): string {
  return (
    `<form class="heart-form card__heart" data-product="${id}" action="${t.heartAction}" method="post">` +
    `<input type="hidden" name="redirectTo" value="${escapeHtml(`${here}#p${id}`)}"/>${heartState(id, false, t)}` +
    `<svg class="icon" aria-hidden="true"><use href="/icons.svg#heart"></use></svg></button></form>`
  );
}

/**
 * A grid's cards, each an `<article class="card">` with its heart; the first
 * `eagerCount` pictures load at once. `here` is the page the hearts' posts return to
 * (its path and query).
 */
export function cardsHtml(products: ProductCard[], i18n: I18n, here: string, eagerCount = 0): string {
  let html = "";
  for (let i = 0; i < products.length; i++) {
    const p = products[i]!;
    html += `<article class="card" id="p${p.id}" data-testid="product-card">${cardHtml(p, i18n, i < eagerCount, here)}</article>`;
  }
  return html;
}

/** A card's content: what `cardInnerHtml` writes, and the heart. */
export function cardHtml(p: ProductCard, i18n: I18n, eager: boolean, here: string): string {
  return cardInnerHtml(p, i18n, eager) + heartHtml(p.id, textsOf(i18n), here);
}

/** The grid's markup with the shopper's favourites' hearts on (the same string on the server and at hydration). */
export function markHearts(html: string, favourites: readonly number[], i18n: I18n): string {
  const t = textsOf(i18n);
  for (const id of favourites) html = html.replace(heartState(id, false, t), heartState(id, true, t));
  return html;
}
