import { createElement as h, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Facet, ProductCard as Card } from "~/catalogue/types";
import { facetRowsHtml, unpackFacets, withPackedFacets } from "~/catalogue/filters-form";
import { cardHtml, cardsHtml, markHearts } from "~/catalogue/html";
import { escapeHtml, escapeUrl } from "~/ui/html";
import type { Lang } from "~/i18n/languages";
import type { I18n } from "~/i18n/use-i18n";
import { ProductGrid } from "~/catalogue/product-card";
import { pictureProps, pictureSrcset } from "~/ui/picture";
import { ClubBadge, Price, SaleLabel } from "~/ui/price";
import { renderPage } from "./render-page";

// The hand-written markup (app/catalogue/html.ts, the facet rows) must be what React renders for the same JSX.

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

describe("product cards", () => {
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
    card({ id: 2, salePrice: 299_000, inClub: false, image: { url: "/img/hoodie/navy/2.svg", width: 600, height: 800 } }),
    card({ id: 3, salePrice: 0, inStock: false }),
    card({ id: 4, salePrice: 350_000, firstPrice: 300_000 }),
    card({ id: 5, name: `Ko'ylak "Bahor" & <b>`, brand: "O'zbek & Co", slug: "a-b", inStock: false }),
    card({ id: 6, slug: "javascript:alert(1)", image: { url: "javascript:alert(2)", width: 1, height: 2 } }),
    // A photo: its srcset through the image resizer, its sizes by the grid's columns.
    card({ id: 7, image: { url: "/photos/7/front.jpg", width: 1200, height: 1600 } }),
  ];

  /** The page the hearts' posts come back to. */
  const HERE = "/ru/store/men?sort=new&page=2";

  /**
   * A card as JSX (what ProductCard rendered before its content became one string), with the
   * price block and badges from the components the product page and the cart render them with.
   */
  const cardJsx = (p: Card, i18n: I18n, eager: boolean) =>
    h(
      "article",
      { key: p.id, className: "card", id: `p${p.id}`, "data-testid": "product-card" },
      h(
        "a",
        { className: "card__link", href: i18n.href(`/product/${p.slug}`), "data-discover": "true" },
        h(
          "div",
          { className: "card__media" },
          h("img", {
            src: p.image.url,
            ...pictureProps(p.image.url, "card"),
            width: p.image.width,
            height: p.image.height,
            alt: p.name,
            loading: eager ? "eager" : "lazy",
            decoding: eager ? undefined : "async",
          }),
          h("div", { className: "card__badges" }, h(SaleLabel, { firstPrice: p.firstPrice, salePrice: p.salePrice }), p.inClub ? h(ClubBadge) : null),
        ),
        h("p", { className: "card__brand" }, p.brand),
        h("h3", { className: "card__name" }, p.name),
      ),
      h(Price, { firstPrice: p.firstPrice, salePrice: p.salePrice }),
      p.inStock ? null : h("p", { className: "card__soldout" }, i18n.t("product:soldOut")),
      h(
        "form",
        { method: "post", action: i18n.href("/favorite"), className: "heart-form card__heart", "data-product": p.id },
        h("input", { type: "hidden", name: "redirectTo", value: `${HERE}#p${p.id}` }),
        h("input", { type: "hidden", name: "productId", value: p.id }),
        h("input", { type: "hidden", name: "intent", value: "add" }),
        h(
          "button",
          { type: "submit", className: "heart", "aria-pressed": false, "aria-label": i18n.t("heart.add"), "data-testid": "card-heart" },
          h("svg", { className: "icon", "aria-hidden": "true" }, h("use", { href: "/icons.svg#heart" })),
        ),
      ),
    );

  const articles = (html: string) => [...html.matchAll(/<article class="card" id="p\d+" data-testid="product-card">(.*?)<\/article>/g)].map((m) => m[1]);

  async function render(lang: Lang, content: (i18n: I18n) => React.ReactNode) {
    return renderPage(lang, ["common", "catalogue", "product"], content);
  }

  for (const lang of ["uz", "ru", "uk"] as const) {
    it(`are the markup React renders for the card's JSX in ${lang}: sale, club, hidden price, sold out, old price above, escaping`, async () => {
      for (const eager of [false, true]) {
        const { i18n, html } = await render(lang, (ctx) => cards.map((p) => cardJsx(p, ctx, eager)));
        const inner = articles(html);
        expect(inner).toHaveLength(cards.length);
        for (const [i, p] of cards.entries()) expect(cardHtml(p, i18n, eager, HERE), `${p.name} (eager: ${eager})`).toBe(inner[i]);
      }
    });
  }

  it("are written by one writer in every grid; the eager ones' pictures are preloaded (React hoists the links into the head)", async () => {
    const { i18n, html } = await render("ru", () => h(ProductGrid, { products: cards, eagerCount: 2 }));
    // The browser renders the same string (ProductGrid is the same code there), so hydration finds it.
    expect(articles(html)).toEqual(cards.map((p, i) => cardHtml(p, i18n, i < 2, "/")));
    const preloads = [...html.matchAll(/<link rel="preload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads).toEqual(cards.slice(0, 2).map((p) => `<link rel="preload" as="image" href="${escapeHtml(p.image.url)}" fetchPriority="high"/>`));
  });

  it("turn on the shopper's favourites' hearts only: pressed, labelled to remove, posting a removal", async () => {
    const { i18n } = await render("ru", () => null);
    const html = cardsHtml(cards, i18n, HERE);
    const marked = markHearts(html, [2, 5, 99], i18n);
    const hearts = [...marked.matchAll(/<form class="heart-form card__heart" data-product="(\d+)"[^>]*>.*?<\/form>/g)];
    expect(hearts).toHaveLength(cards.length);
    for (const [form, id] of hearts) {
      const on = id === "2" || id === "5";
      expect(form).toContain(`name="intent" value="${on ? "remove" : "add"}"`);
      expect(form).toContain(`aria-pressed="${on}" aria-label="${escapeHtml(i18n.t(on ? "heart.remove" : "heart.add"))}"`);
      expect(form).toContain(`name="redirectTo" value="${escapeHtml(`${HERE}#p${id}`)}"`);
    }
    // No favourites: the same markup as everyone's.
    expect(markHearts(html, [], i18n)).toBe(html);
  });
});

describe("product pictures in the sizes a screen needs", () => {
  it("a photo offers widths for a phone, a tablet and a desktop through the resizer, in the format the browser accepts", () => {
    const srcset = pictureSrcset("/photos/7/front.jpg");
    expect(srcset.split(", ")).toEqual(
      [320, 480, 640, 960, 1280, 1920].map((w) => `/cdn-cgi/image/width=${w},fit=scale-down,format=auto/photos/7/front.jpg ${w}w`),
    );
    // A photo on another origin the zone allows: named whole after the options.
    expect(pictureSrcset("https://cdn.example.uz/p/1.webp?v=2").split(", ")[0]).toBe(
      "/cdn-cgi/image/width=320,fit=scale-down,format=auto/https://cdn.example.uz/p/1.webp?v=2 320w",
    );
    expect(pictureProps("/photos/7/front.PNG", "gallery")).toEqual({ srcSet: pictureSrcset("/photos/7/front.PNG"), sizes: "(min-width: 768px) 54vw, 85vw" });
  });

  it("a photo's URL cannot split a candidate: spaces and commas are encoded; a protocol-relative one is named whole", () => {
    expect(pictureSrcset("/photos/a b,c.jpg").split(", ")[0]).toBe("/cdn-cgi/image/width=320,fit=scale-down,format=auto/photos/a%20b%2Cc.jpg 320w");
    expect(pictureSrcset("//cdn.example.uz/p/1.jpg").split(", ")[0]).toBe(
      "/cdn-cgi/image/width=320,fit=scale-down,format=auto/https://cdn.example.uz/p/1.jpg 320w",
    );
  });

  it("a vector picture keeps its one URL", () => {
    expect(pictureSrcset("/img/shoe/green/1.svg")).toBe("");
    expect(pictureProps("/img/shoe/green/1.svg", "card")).toEqual({});
    expect(pictureSrcset("/img/shoe.svg?x=.jpg")).toBe("");
  });
});
