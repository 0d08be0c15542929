import { createElement as h, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Facet, ProductCard as Card } from "~/catalogue/catalogue.server";
import { facetRowsHtml, unpackFacets, withPackedFacets } from "~/catalogue/filters-form";
import { cardLinkInnerHtml, lazyCardInnerHtml } from "~/catalogue/html";
import { escapeHtml, escapeUrl } from "~/ui/html";
import type { Lang } from "~/i18n/languages";
import { texts } from "~/i18n/resources.server";
import type { I18n } from "~/i18n/use-i18n";
import { CardLinkContent, ProductCard } from "~/catalogue/product-card";
import { ServerMarkupContext } from "~/ui/server-markup";
import { renderPage } from "./render-page";

// The listing's hand-written markup (app/catalogue/html.ts) must be what React renders.

describe("escaping", () => {
  it("escapes text and attributes as React does", () => {
    const tricky = `a"b'c&d<e>f — so'm`;
    const react = renderToString(h("p", { title: tricky }, tricky));
    expect(react).toBe(`<p title="${escapeHtml(tricky)}">${escapeHtml(tricky)}</p>`);
  });
  it("neutralises javascript: URLs as React does", () => {
    for (const url of ["javascript:alert(1)", " JaVa\tScRiPt:alert(1)", "/product/a?b=1&c='2'"]) {
      expect(renderToString(h("a", { href: url }))).toBe(`<a href="${escapeUrl(url)}"></a>`);
    }
  });
});

describe("facet rows", () => {
  /** The rows as JSX (what FacetGroup rendered before it wrote them as HTML). */
  const reactRows = (name: string, facets: Facet[], selected: string[]) =>
    renderToString(
      h(
        Fragment,
        null,
        facets.map((f) =>
          h(
            "label",
            { key: f.value, className: f.count === 0 ? "facet__item facet__item--empty" : "facet__item" },
            h("input", { type: "checkbox", name, value: f.value, defaultChecked: selected.includes(f.value) }),
            f.hex ? h("span", { className: "swatch", style: { background: f.hex }, "aria-hidden": "true" }) : null,
            f.label,
            h("span", { className: "facet__count" }, f.count),
          ),
        ),
      ),
    );

  it("match React's markup: checked, empty, swatches, escaped labels", () => {
    const facets: Facet[] = [
      { value: "black", label: "Qora", count: 12, hex: "#1f1f1f" },
      { value: "red", label: "To'q qizil", count: 0, hex: "#7a1f2b" },
      { value: "a&b", label: `"Tom" & <Jerry>`, count: 3 },
      { value: "XL", label: "XL", count: 115 },
    ];
    for (const selected of [[], ["black"], ["red", "a&b", "XL"]]) {
      expect(facetRowsHtml("color", facets, selected)).toBe(reactRows("color", facets, selected));
    }
    expect(facetRowsHtml("size", [], [])).toBe("");
  });

  it("survive packing for the page's data: labels with separators spaced, values never rewritten", () => {
    const brand: Facet[] = [
      { value: "a&b", label: `"Tom" & <Jerry>`, count: 3 },
      { value: "tab", label: "Tab\there\r\nand there", count: 0 },
      { value: "bad\tvalue", label: "Never shown", count: 1 },
    ];
    const color: Facet[] = [
      { value: "black", label: "Qora", count: 12, hex: "#1f1f1f" },
      { value: "odd", label: "Odd", count: 2, hex: "#fff\n" },
    ];
    const view = withPackedFacets({
      products: [],
      total: 0,
      page: 1,
      pageCount: 1,
      facets: { brand, size: [], color, price: null, sale: 0, club: 0 },
    });
    expect(unpackFacets(view.facets.packed.brand)).toEqual([brand[0], { ...brand[1], label: "Tab here and there" }]);
    expect(unpackFacets(view.facets.packed.color)).toEqual([color[0], { value: "odd", label: "Odd", count: 2 }]);
    expect(unpackFacets(view.facets.packed.size)).toEqual([]);
    expect(view.facets).not.toHaveProperty("brand");
  });
});

describe("lazy listing cards", () => {
  const card = (over: Partial<Card>): Card => ({
    id: 1,
    slug: "registan-yulduz-hoodie-navy-100",
    name: "Registan Yulduz sport xudi",
    brand: "Registan",
    firstPrice: 299_000,
    salePrice: 249_000,
    inClub: true,
    inStock: true,
    image: { url: "/img/hoodie/navy/1.svg", width: 600, height: 800 },
    ...over,
  });
  const cards: Card[] = [
    card({}),
    card({ id: 2, salePrice: 299_000, inClub: false }),
    card({ id: 3, salePrice: 0, inStock: false }),
    card({ id: 4, salePrice: 350_000, firstPrice: 300_000 }),
    card({ id: 5, name: `Ko'ylak "Bahor" & <b>`, brand: "O'zbek & Co", slug: "a-b", inStock: false }),
  ];

  /**
   * React's rendering of each card with the page's texts (by default <ProductCard plain eager={false} />,
   * each inside an <article class="card">), and the same I18n for the HTML.
   */
  async function render(
    lang: Lang,
    card: (p: Card, i18n: I18n) => React.ReactNode = (p, i18n) => h(ProductCard, { product: p, eager: false, i18n, plain: true }),
    { onServer = false } = {},
  ) {
    const { i18n, html } = await renderPage(
      lang,
      ["common", "catalogue", "product"],
      (ctx) => h(Fragment, null, cards.map((p) => h(Fragment, { key: p.id }, card(p, ctx)))),
      // The server's writers, as app/entry.server.tsx provides them (the browser has none).
      { wrap: (router) => (onServer ? h(ServerMarkupContext, { value: { cardLink: cardLinkInnerHtml } }, router) : router) },
    );
    const inner = [...html.matchAll(/<article class="card" data-testid="product-card">(.*?)<\/article>/g)].map((m) => m[1]);
    return { i18n, inner };
  }

  for (const lang of ["uz", "ru", "uk"] as const) {
    it(`match <ProductCard plain /> in ${lang}: sale, club, hidden price, sold out, old price above, escaping`, async () => {
      const { i18n, inner } = await render(lang);
      expect(inner).toHaveLength(cards.length);
      cards.forEach((p, i) => expect(lazyCardInnerHtml(p, i18n), p.name).toBe(inner[i]));
    });

    it(`a card link's content as a string is the markup the browser renders for it (hydration) in ${lang}`, async () => {
      const { i18n } = await render(lang);
      const article = (content: React.ReactNode) => h("article", { className: "card", "data-testid": "product-card" }, content);
      for (const eager of [false, true]) {
        const { inner } = await render(lang, (p) => article(h(CardLinkContent, { product: p, eager })));
        expect(inner).toHaveLength(cards.length);
        cards.forEach((p, i) => expect(cardLinkInnerHtml(p, i18n, eager), `${p.name} (eager: ${eager})`).toBe(inner[i]));
      }
      // An eager card (the first of a grid) is the same from the server's string and the browser's elements.
      const [served, browsed] = await Promise.all(
        [true, false].map((onServer) => render(lang, (p, ctx) => h(ProductCard, { product: p, eager: true, i18n: ctx }), { onServer })),
      );
      expect(served!.inner).toEqual(browsed!.inner);
      expect(served!.inner[0]).toContain('loading="eager"');
      // A linked card (related products, the home page) is the listing's card with a <Link>: the same
      // markup from the server's string and from the browser's elements.
      for (const onServer of [true, false]) {
        const linked = await render(lang, (p, ctx) => h(ProductCard, { product: p, eager: false, i18n: ctx }), { onServer });
        cards.forEach((p, i) => expect(linked.inner[i], `${p.name} (server: ${onServer})`).toBe(lazyCardInnerHtml(p, i18n)));
      }
    });
  }
});
