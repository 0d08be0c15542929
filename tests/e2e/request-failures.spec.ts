// A call from the page that gets no answer says why, in the page's language: no network,
// the request aborted, or no answer in time. Without JavaScript the forms post as pages do.
import type { Page, Route } from "@playwright/test";
import { expect, FIXTURES, test, text, whenHydrated } from "./support";

const failed = (key: "network" | "aborted" | "timeout") => text("ru", "common", `requestFailed.${key}`).replace("{{seconds}}", "30");
const counter = (n: number) => `${text("ru", "common", "layout.cart")}: ${n}`;

/** The product page with a size chosen, ready to add. */
async function productReady(page: Page, js: boolean) {
  await page.goto(`/ru/product/${FIXTURES.productOneSlug}`);
  await whenHydrated(page.getByTestId("add-to-cart-button"), js);
  await page.locator(".size:not(.size--soldout)").first().click();
}

/** Holds the page's calls to the cart's API unanswered; `release` lets them through. */
async function holdCartCalls(page: Page) {
  const held: Route[] = [];
  await page.route("**/api/cart?*", (route) => (route.request().method() === "POST" ? void held.push(route) : route.continue()));
  return { held, release: () => Promise.all(held.splice(0).map((r) => r.abort().catch(() => undefined))) };
}

test("adding to the cart without an answer: no network, aborted and timed out each say so, and the add can be tried again", async ({
  page,
  javaScriptEnabled: js,
  pageErrors,
}) => {
  pageErrors.allowMessage(/Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_ABORTED|ERR_FAILED/);
  if (js) await page.clock.install();
  await productReady(page, js);
  const refused = page.getByTestId("add-refused");
  if (!js) {
    // The plain form posts; the page that comes back counts the add.
    await page.getByTestId("add-to-cart-button").click();
    await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", counter(1));
    return;
  }

  await page.route("**/api/cart?*", (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()));
  await page.getByTestId("add-to-cart-button").click();
  await expect(refused).toHaveText(failed("network"));
  await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", counter(0));
  await page.unrouteAll({ behavior: "wait" });

  // The server adds, but no answer comes within 30 seconds: the page stops waiting, says so, and
  // reads the counters again, so the shopper sees the add that did happen.
  let late: Route | undefined;
  await page.route("**/api/cart?*", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await route.fetch();
    late = route;
  });
  await page.getByTestId("add-to-cart-button").click();
  await expect.poll(() => late !== undefined).toBe(true);
  await page.clock.fastForward("00:31");
  await expect(refused).toHaveText(failed("timeout"));
  await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", counter(1));
  await late!.abort().catch(() => undefined);
  await page.unrouteAll({ behavior: "wait" });

  const hold = await holdCartCalls(page);
  // The browser stops the page's loading while the call is on its way: aborted.
  await page.getByTestId("add-to-cart-button").click();
  await expect.poll(() => hold.held.length).toBe(1);
  await page.evaluate(() => window.stop());
  await expect(refused).toHaveText(failed("aborted"));
  await hold.release();
  await page.unrouteAll({ behavior: "wait" });

  // Tried again with the network back: added.
  await page.getByTestId("add-to-cart-button").click();
  await expect(page.getByTestId("cart-popup")).toBeVisible();
  await expect(refused).toHaveCount(0);
  await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", counter(2));
});

test("a heart without an answer turns back and says why; without JavaScript the heart's form posts", async ({ page, javaScriptEnabled: js, pageErrors }) => {
  pageErrors.allowMessage(/Failed to load resource|ERR_INTERNET_DISCONNECTED/);
  await page.goto(`/ru/product/${FIXTURES.productOneSlug}`);
  await whenHydrated(page.locator(".product__heart"), js);
  const heart = page.getByTestId("heart");
  if (js) await page.route("**/api/favorites", (route) => route.abort("internetdisconnected"));
  await heart.click();
  if (!js) {
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    return;
  }
  await expect(page.getByRole("alert").filter({ hasText: failed("network") })).toBeVisible();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /0$/);
});
