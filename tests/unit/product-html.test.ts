import { createElement as h, Fragment } from "react";
import { describe, expect, it } from "vitest";
import { productHtml } from "~/catalogue/product-html";
import type { ProductDetails } from "~/catalogue/types";
import type { I18n } from "~/i18n/use-i18n";
import { Price, SaleLabel } from "~/ui/price";
import { renderPage } from "./render-page";
import { pictureProps } from "~/ui/picture";

// The product page's fixed parts are written as strings (app/catalogue/product-html.ts): they must be
// what React rendered for the page's former JSX, escaping included.

const hostile = `Ko'ylak "Bahor" & <b>x</b>`;
const product = (over: Partial<ProductDetails>): ProductDetails => ({
  id: 7,
  slug: "registan-yulduz-hoodie-navy-100",
  modelCode: "m1",
  name: hostile,
  description: `Line one <script>alert(1)</script> & "two"`,
  brand: { name: "O'zbek & Co", slug: "ozbek" },
  color: { slug: "navy", name: `Navy "deep"`, hex: "#1f2a44" },
  categoryPath: "men",
  firstPrice: 299_000,
  salePrice: 249_000,
  inClub: true,
  vendorId: 1,
  sizes: [],
  images: [
    { url: "/img/hoodie/navy/1.svg", width: 600, height: 800 },
    { url: "/img/hoodie/navy/2.svg?a=1&b=2", width: 600, height: 800 },
    // A photo: its srcset through the image resizer (app/ui/picture.ts).
    { url: "/photos/100/side.webp", width: 1200, height: 1600 },
  ],
  colors: [
    { slug: "registan-yulduz-hoodie-navy-100", colorSlug: "navy", name: `Navy "deep"`, hex: "#1f2a44" },
    { slug: "javascript:alert(1)", colorSlug: "red", name: "<Red>", hex: "#c00" },
  ],
  ...over,
});

/** The page's former JSX for the same parts (the swatch links as the plain anchors they now are; "Color: " one text, not two). */
const jsx = (p: ProductDetails, i18n: I18n) =>
  h(
    Fragment,
    null,
    h(
      "section",
      { className: "gallery" },
      p.images.map((img, i) =>
        h("img", {
          key: img.url,
          src: img.url,
          ...pictureProps(img.url, i === 0 ? "gallery" : "galleryMore"),
          width: img.width,
          height: img.height,
          alt: i === 0 ? p.name : `${p.name} — ${i + 1}`,
          loading: i < 2 ? "eager" : "lazy",
          fetchPriority: i === 0 ? "high" : undefined,
          decoding: i < 2 ? undefined : "async",
        }),
      ),
    ),
    h(
      "div",
      { className: "head" },
      h("p", { className: "product__brand" }, p.brand.name),
      h("h1", { className: "product__name" }, p.name),
      h(
        "div",
        { className: "product__badges" },
        h(SaleLabel, { firstPrice: p.firstPrice, salePrice: p.salePrice }),
        // The product page's badge stands outside a link: it leads to the club's explanation.
        p.inClub
          ? h(
              "a",
              { className: "badge badge--club", title: i18n.t("badges.clubHint"), href: i18n.href("/club"), "data-testid": "club-badge" },
              i18n.t("badges.club"),
            )
          : null,
      ),
      h(Price, { firstPrice: p.firstPrice, salePrice: p.salePrice, large: true }),
      h(
        "div",
        { className: "product__colors" },
        h("p", null, `${i18n.t("product:color")}: `, h("strong", { "data-testid": "color" }, p.color.name)),
        p.colors.length > 1
          ? h(
              "ul",
              { className: "swatches", "aria-label": i18n.t("product:otherColors") },
              p.colors.map((c) =>
                h(
                  "li",
                  { key: c.slug },
                  c.slug === p.slug
                    ? h(
                        "span",
                        { className: "swatch swatch--big swatch--current", style: { background: c.hex }, title: c.name, "aria-current": "true" },
                        h("span", { className: "visually-hidden" }, c.name),
                      )
                    : h(
                        "a",
                        {
                          href: i18n.href(`/product/${c.slug}`),
                          className: "swatch swatch--big",
                          style: { background: c.hex },
                          title: c.name,
                          "data-discover": "true",
                        },
                        h("span", { className: "visually-hidden" }, c.name),
                      ),
                ),
              ),
            )
          : null,
      ),
    ),
    h(
      "div",
      { className: "about" },
      h(
        "p",
        { className: "product__gift-hint" },
        h(
          "a",
          { href: `${i18n.href(`/product/${p.slug}/gift-hint`)}#gift-hint`, "data-testid": "gift-hint-link", "data-discover": "true" },
          i18n.t("gifts:link"),
        ),
      ),
      h("h2", null, i18n.t("product:description")),
      h("p", { className: "product__description" }, p.description),
    ),
  );

describe("the product page's markup", () => {
  for (const lang of ["uz", "ru"] as const) {
    for (const over of [{}, { salePrice: 299_000, inClub: false }, { salePrice: 0 }, { colors: [] }]) {
      it(`is what React rendered for its JSX (${lang}, ${JSON.stringify(over)})`, async () => {
        const p = product(over);
        const { i18n, html } = await renderPage(lang, ["common", "product"], (ctx) => jsx(p, ctx));
        const written = productHtml(p, i18n);
        const between = (open: string, close: string) => {
          const start = html.indexOf(open) + open.length;
          return html.slice(start, html.indexOf(close, start));
        };
        expect(written.gallery).toBe(between('<section class="gallery">', "</section>"));
        expect(written.about).toBe(between('<div class="about">', "</div>"));
        const head = html.slice(html.indexOf('<div class="head">') + '<div class="head">'.length, html.indexOf('<div class="about">') - "</div>".length);
        expect(written.head).toBe(head);
        expect(written.head + written.about).not.toContain("<script>");
        expect(written.head).not.toContain('href="javascript:');
      });
    }
  }
});
