import { describe, expect, it } from "vitest";
import { demoReviewCount } from "../../workers/seed/reviews";
import { catalogue, get, html } from "./helpers";

/** Scripts that run: every <script> but JSON-LD data, and module preloads. */
const scriptsIn = (body: string) => [
  ...[...body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('type="application/ld+json"')),
  ...[...body.matchAll(/<link[^>]+rel="modulepreload"[^>]*>/g)].map((m) => m[0]),
];

const reviewed = catalogue.products.find((_, i) => demoReviewCount(i) === 42 && i > 0)!;

describe("lite mode (no script at all)", () => {
  it("is what a browser that asks to save data gets: every page as plain HTML, streamed parts in place", async () => {
    for (const path of ["/", "/store", "/ru/search?q=krossovka", `/ru/product/${reviewed.slug}`, "/cart", "/login", "/ru/favorite"]) {
      const full = await html(path);
      expect(scriptsIn(full.body).length, `${path} with scripts`).toBeGreaterThan(0);
      const lite = await html(path, { headers: { "Save-Data": "on" } });
      expect(lite.res.status, path).toBe(200);
      expect(scriptsIn(lite.body), path).toEqual([]);
      expect(lite.body).not.toContain("__reactRouterContext");
      expect(lite.res.headers.get("Vary")).toContain("Save-Data");
    }
    // The product's reviews and related products are in the document, not behind a placeholder.
    const product = (await html(`/ru/product/${reviewed.slug}`, { headers: { "Save-Data": "on" } })).body;
    expect(product).toContain('data-testid="reviews-count"');
    expect(product).toContain('data-testid="product-card"');
    expect(product).not.toContain("<template");
    expect(product).not.toContain("<noscript>");
    // JSON-LD stays: it is data for crawlers, not a script.
    expect(product).toContain('<script type="application/ld+json">');
  });

  it("a browser without JavaScript that does not ask for lite pages still sees streamed parts (shown where they arrive)", async () => {
    const { body } = await html(`/ru/product/${reviewed.slug}`);
    expect(body).toContain('<noscript><style>div[hidden][id^="S:"]{display:block!important}</style></noscript>');
  });

  it("is chosen with ?lite=1 (remembered in a cookie, the parameter dropped) and left with ?lite=0, which outweighs Save-Data", async () => {
    const on = await get("/ru/store?sort=price_asc&lite=1");
    expect(on.status).toBe(303);
    expect(on.headers.get("Location")).toBe("/ru/store?sort=price_asc");
    expect(on.headers.get("Set-Cookie")).toMatch(/^lite=1; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly/);
    const liteBody = (await html("/ru/store?sort=price_asc", { headers: { Cookie: "lite=1" } })).body;
    expect(scriptsIn(liteBody)).toEqual([]);
    // The footer offers the way back.
    expect(liteBody).toContain('href="/ru/store?sort=price_asc&amp;lite=0"');

    const off = await get("/ru/store?lite=0");
    expect(off.headers.get("Set-Cookie")).toMatch(/^lite=0;/);
    const full = (await html("/ru/store", { headers: { Cookie: "lite=0", "Save-Data": "on" } })).body;
    expect(scriptsIn(full).length).toBeGreaterThan(0);
    expect(full).toContain('href="/ru/store?lite=1"');
    // Not for the API, files or React Router's data requests, nor for anything but a page's GET.
    for (const path of ["/api/cart?lite=1", "/robots.txt?lite=1", "/ru/store.data?lite=1"]) expect((await get(path)).status, path).not.toBe(303);
    expect((await get("/ru/store?lite=1", { method: "POST", headers: { Origin: "http://shop.test" } })).status).not.toBe(303);
    // The last valid choice counts (a stray value before it changes nothing).
    expect((await get("/store?lite=2&lite=1")).headers.get("Set-Cookie")).toMatch(/^lite=1;/);
  });

  it("never leads off the site: a path that starts with slashes or a backslash stays on it", async () => {
    for (const [from, to] of [
      ["//evil-example/x?lite=1", "/evil-example/x"],
      // A backslash is a slash to the URL parser.
      ["/\\evil-example?lite=1", "/evil-example"],
      ["///evil-example?lite=0", "/evil-example"],
    ]) {
      const res = await get(from!);
      expect(res.status, from).toBe(303);
      expect(res.headers.get("Location"), from).toBe(to);
    }
  });
});
