// An anonymous page served from the Worker's edge cache (app/server/edge-cache.server.ts) is the
// stored copy of another shopper's render with a CSP nonce of its own: with JavaScript its
// scripts must run (a script blocked by the CSP is a console error, which fails the test) and
// React must take the page over; without JavaScript (lite mode) it has no script at all.
import { expect, expectSameDocument, FIXTURES, markDocument, test, urlWith, whenHydrated } from "./support";

// A phone's browser, not headless Chromium's own name (a crawler's to isbot): the copy is then the
// browser's kind, whose streamed parts are moved into place by inline scripts.
test.use({ userAgent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36" });

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

test("an anonymous page from the edge cache runs its scripts under a nonce of its own", async ({ page, javaScriptEnabled: js }) => {
  const path = `/ru/product/${FIXTURES.productOneSlug}`;
  const first = await page.goto(path);
  expect(first?.status()).toBe(200);
  expect(["hit", "miss"]).toContain(first?.headers()["x-cache"]);
  const second = await page.goto(path);
  expect(second?.status()).toBe(200);
  const headers = second!.headers();
  expect(headers["x-cache"]).toBe("hit");
  expect(headers.age).toMatch(/^\d+$/);
  expect(headers["cache-control"]).toMatch(/^public, max-age=0, must-revalidate, s-maxage=\d+$/);
  expect(nonceOf(headers["content-security-policy"])).not.toBe(nonceOf(first!.headers()["content-security-policy"]));

  const button = page.getByTestId("add-to-cart-button");
  await expect(button).toBeVisible();
  if (!js) {
    expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    return;
  }
  // Hydrated: a link navigates without loading a document.
  await whenHydrated(button, js);
  await markDocument(page, js);
  await page.locator(".site-header .logo").click();
  await expect(page).toHaveURL(urlWith("/ru"));
  await expect(page.locator(".hero")).toBeVisible();
  await expectSameDocument(page, js);
});
