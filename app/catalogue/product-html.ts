import type { I18n } from "~/i18n/use-i18n";
import { escapeHtml, escapeUrl } from "~/ui/html";
import { badgesHtml, priceHtml, productHeartHtml, srcsetHtml } from "./html";
import type { ProductDetails } from "./types";

/**
 * The product page's fixed parts as markup (as the cards are, ./html.ts): the gallery;
 * brand, name, badges, price and colours above the size picker; the heart (in the shopper's
 * state, posting back to `here`); the description below.
 * The page sets them with `dangerouslySetInnerHTML`, so its JavaScript carries no writer of
 * them and hydration makes no elements for them; the colours' links navigate through the
 * info block's delegated handler.
 */
export function productHtml(
  p: ProductDetails,
  i18n: I18n,
  shopper: { favourite: boolean; here: string } = { favourite: false, here: "" },
): { gallery: string; head: string; about: string; heart: string } {
  const { t } = i18n;
  const name = escapeHtml(p.name);
  const gallery = p.images
    .map(
      (img, i) =>
        `<img src="${escapeUrl(img.url)}"${srcsetHtml(img.url, i === 0 ? "gallery" : "galleryMore")} width="${img.width}" height="${img.height}" alt="${i === 0 ? name : `${name} — ${i + 1}`}"` +
        // The first picture is the largest paint (preloaded, decoded in the frame it arrives for);
        // a phone's gallery shows the second's edge beside it, so that one is on the first screen too.
        `${i === 0 ? ' loading="eager" fetchPriority="high"' : i === 1 ? ' loading="eager"' : ' loading="lazy" decoding="async"'}/>`,
    )
    .join("");
  const swatches =
    p.colors.length > 1
      ? `<ul class="swatches" aria-label="${escapeHtml(t("product:otherColors"))}">` +
        p.colors
          .map((c) => {
            const inner = `style="background:${escapeHtml(c.hex)}" title="${escapeHtml(c.name)}"`;
            const label = `<span class="visually-hidden">${escapeHtml(c.name)}</span>`;
            return c.slug === p.slug
              ? `<li><span class="swatch swatch--big swatch--current" ${inner} aria-current="true">${label}</span></li>`
              : `<li><a href="${escapeUrl(i18n.href(`/product/${c.slug}`))}" class="swatch swatch--big" ${inner} data-discover="true">${label}</a></li>`;
          })
          .join("") +
        "</ul>"
      : "";
  const head =
    `<p class="product__brand">${escapeHtml(p.brand.name)}</p><h1 class="product__name">${name}</h1>` +
    `<div class="product__badges">${badgesHtml(p, i18n, true)}</div>${priceHtml(p, i18n, true)}` +
    `<div class="product__colors"><p>${escapeHtml(t("product:color"))}: <strong data-testid="color">${escapeHtml(p.color.name)}</strong></p>${swatches}</div>` +
    // The size picker's size table: a dialog with JavaScript (the child route, through the info block's link handler), a page section without.
    (p.sizeTable
      ? `<p class="product__size-table"><a href="${escapeUrl(i18n.href(`/product/${p.slug}/size-table`))}#size-table" data-testid="size-table-link" data-discover="true">${escapeHtml(t("sizes:link"))}</a></p>`
      : "");
  // "Hint a gift": a dialog with JavaScript (the child route, through the info block's link handler), a page section without.
  const giftHint = `<p class="product__gift-hint"><a href="${escapeUrl(i18n.href(`/product/${p.slug}/gift-hint`))}#gift-hint" data-testid="gift-hint-link" data-discover="true">${escapeHtml(t("gifts:link"))}</a></p>`;
  const about = `${giftHint}<h2>${escapeHtml(t("product:description"))}</h2><p class="product__description">${escapeHtml(p.description)}</p>`;
  return { gallery, head, about, heart: productHeartHtml(p.id, shopper.favourite, i18n, shopper.here) };
}
