// A call from the page that gets no answer says why, in the page's language: no network,
// the request aborted, or no answer in time (the add to the cart, a heart, a like, the
// mini-cart's read). Without JavaScript the forms post as pages do.
import type { Page, Route } from "@playwright/test";
import { expect, FIXTURES, fillCart, REVIEWED, signUp, test, text, whenHydrated } from "./support";

const failed = (key: "network" | "aborted" | "timeout") => text("ru", "common", `requestFailed.${key}`).replace("{{seconds}}", "30");
const counter = (n: number) => `${text("ru", "common", "layout.cart")}: ${n}`;

/** The product page with a size chosen, ready to add. */
async function productReady(page: Page, js: boolean) {
  await page.goto(`/ru/product/${FIXTURES.productOneSlug}`);
  await whenHydrated(page.getByTestId("add-to-cart-button"), js);
  await page.locator(".size:not(.size--soldout)").first().click();
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
  const button = page.getByTestId("add-to-cart-button");
  // A press while the last add is still settling is ignored on purpose (aria-busy): each press here waits for it.
  const press = async () => {
    await expect(button).not.toHaveAttribute("aria-busy", "true");
    await button.click();
  };
  if (!js) {
    // The plain form posts; the page that comes back counts the add.
    await page.getByTestId("add-to-cart-button").click();
    await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", counter(1));
    return;
  }

  // The cart API's adds, as the step needs them: cut off, answered too late, held, or let through.
  let mode: "offline" | "late" | "held" | "through" = "offline";
  const held: Route[] = [];
  await page.route("**/api/cart?*", async (route) => {
    if (route.request().method() !== "POST" || mode === "through") return route.continue();
    if (mode === "offline") return route.abort("internetdisconnected");
    // Late: the server adds; the answer never reaches the page.
    if (mode === "late") await route.fetch();
    held.push(route);
  });

  await press();
  await expect(refused).toHaveText(failed("network"));
  await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", counter(0));

  // The server adds, but no answer comes within 30 seconds: the page stops waiting, says so, and
  // reads the counters again, so the shopper sees the add that did happen.
  mode = "late";
  await press();
  await expect.poll(() => held.length).toBe(1);
  await page.clock.fastForward("00:31");
  await expect(refused).toHaveText(failed("timeout"));
  await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", counter(1));

  // The browser stops the page's loading while the call is on its way: aborted.
  mode = "held";
  await press();
  await expect.poll(() => held.length).toBe(2);
  await page.evaluate(() => window.stop());
  await expect(refused).toHaveText(failed("aborted"));
  await Promise.all(held.map((r) => r.abort().catch(() => undefined)));
  mode = "through";

  // Tried again with the network back: added.
  await press();
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

test("a like without an answer turns back and says why under the review; without JavaScript the like's form posts", async ({
  page,
  javaScriptEnabled: js,
  pageErrors,
}) => {
  pageErrors.allowMessage(/Failed to load resource|ERR_INTERNET_DISCONNECTED/);
  // A new account: no reaction of its own yet.
  await signUp(page);
  await page.goto(`/ru/product/${REVIEWED.six}`);
  await whenHydrated(page.locator(".reviews__body"), js);
  const item = page.getByTestId("review").first();
  const like = item.getByTestId("like");
  await expect(like).toHaveAttribute("aria-pressed", "false");
  const likes = await like.locator("span").textContent();
  if (!js) {
    // The plain form posts, and the page that comes back counts the like: nothing to fail in the page.
    await like.click();
    await expect(page.getByTestId("review").first().getByTestId("like")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("reaction-failed")).toHaveCount(0);
    return;
  }
  await page.route("**/reaction?*", (route) => route.abort("internetdisconnected"));
  await like.click();
  const note = item.getByTestId("reaction-failed");
  await expect(note).toHaveText(failed("network"));
  await expect(note).toHaveAttribute("role", "alert");
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(like.locator("span")).toHaveText(likes!);
  // With the network back the next press counts, and the note goes.
  await page.unroute("**/reaction?*");
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(note).toHaveCount(0);
});

test("the mini-cart without an answer says why (JavaScript); without it the header's link is the cart", async ({ page, javaScriptEnabled: js, pageErrors }) => {
  pageErrors.allowMessage(/Failed to load resource|ERR_INTERNET_DISCONNECTED/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await fillCart(page, 1);
  await page.goto("/ru/store");
  const counter = page.getByTestId("cart-counter");
  await whenHydrated(counter, js);
  if (js) await page.route("**/api/cart?*", (route) => (route.request().method() === "GET" ? route.abort("internetdisconnected") : route.continue()));
  await counter.hover();
  if (!js) {
    // The mini-cart is a hover preview that needs JavaScript: there is none to fail, and the link leads to the cart.
    await expect(page.getByTestId("mini-cart")).toHaveCount(0);
    await counter.click();
    await expect(page).toHaveURL(/\/ru\/cart$/);
    return;
  }
  const failure = page.getByTestId("mini-cart-failed");
  await expect(failure).toHaveText(failed("network"));
  await expect(failure).toHaveAttribute("role", "alert");
  // Open again with the network back: the cart's lines, and no failure.
  await page.unroute("**/api/cart?*");
  await page.mouse.move(10, 700);
  await expect(page.getByTestId("mini-cart")).toBeHidden({ timeout: 3000 });
  await counter.hover();
  await expect(page.getByTestId("mini-cart").locator(".mini-cart__lines li")).toHaveCount(1);
  await expect(failure).toHaveCount(0);
});
