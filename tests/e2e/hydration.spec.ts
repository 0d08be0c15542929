// Every kind of page still hydrates from the production build's output: its scripts come from
// the rewrite of React Router's <Scripts> (app/server/deferred-scripts.server.ts) and its markup
// from the patched React renderer (scripts/vite-react-string-chunks.ts), both written for one
// version of each library (docs/decisions/201-…, 202-…). With JavaScript, hydrated means React
// took the page over: a link then navigates without loading a document. Without it (lite mode,
// no script at all) the same page and link work as HTML.
import type { Locator, Page } from "@playwright/test";
import { cards, expect, expectSameDocument, FIXTURES, fillCart, markDocument, signUp, test, text, urlWith, whenHydrated } from "./support";

type Kind = {
  kind: string;
  path: string;
  /** What the page shows once it is there (the server's HTML). */
  shows: (page: Page) => Locator;
  prepare?: (page: Page) => Promise<unknown>;
};

const KINDS: Kind[] = [
  { kind: "home", path: "/", shows: (page) => cards(page).first() },
  { kind: "listing", path: "/store", shows: (page) => cards(page).first() },
  { kind: "product", path: `/product/${FIXTURES.productOneSlug}`, shows: (page) => page.getByTestId("add-to-cart-button") },
  { kind: "cart with a line", path: "/cart", shows: (page) => page.getByTestId("cart-line"), prepare: (page) => fillCart(page) },
  { kind: "checkout with a line", path: "/checkout", shows: (page) => page.getByTestId("contacts-form"), prepare: (page) => fillCart(page) },
  {
    kind: "account, signed in",
    path: "/account",
    shows: (page) => page.getByTestId("logout"),
    // The sign-up form's own POST through the page's cookies: the session is the page's.
    prepare: (page) => signUp(page),
  },
];

for (const { kind, path, shows, prepare } of KINDS) {
  test(`${kind}: the page hydrates (with JavaScript) or works as HTML (without)`, async ({ page, javaScriptEnabled: js }) => {
    await prepare?.(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(urlWith(path));
    await expect(shows(page)).toBeVisible();
    const html = await response!.text();
    // The document as the build writes it: no module preloads; with JavaScript, React Router's
    // module script rewritten to start after the first paint; in lite mode, no script at all.
    expect(html).not.toContain('<link rel="modulepreload"');
    const moduleScript = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
    if (js) expect(moduleScript).toContain("first-contentful-paint");
    else expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);

    // The header's logo leads home; on the home page the footer's catalogue link leads to the listing.
    const [link, to, arrived] =
      path === "/"
        ? [
            page.locator(".site-footer").getByRole("link", { name: text("uz", "common", "layout.catalogue"), exact: true }),
            "/store",
            page.getByTestId("result-count"),
          ]
        : [page.locator(".site-header .logo"), "/", page.locator(".hero")];
    // The footer's links are server-written markup: its container's handler navigates them.
    await whenHydrated(path === "/" ? page.locator(".site-footer__extra") : link, js);
    await markDocument(page, js);
    await link.click();
    await expect(page).toHaveURL(urlWith(to));
    await expect(arrived).toBeVisible();
    // With JavaScript: the same document, React Router navigated (a reload would have dropped the mark).
    await expectSameDocument(page, js);
  });
}
