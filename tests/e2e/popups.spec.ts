// Popups' motion, with and without JavaScript: each names the side it comes from
// (data-popup-from, or its CSS: the cart popup from the right, the route popups from the centre, the reviews'
// sort sheet from the bottom, the catalogue menu from the top), fades in for 400 ms and out for
// 200 ms; a shopper who asks for less motion gets none. Without JavaScript the popups that are
// page sections or <details> open and close all the same. Styles, never timings, are checked.
import type { Locator, Page } from "@playwright/test";
import { expect, FIXTURES, REVIEWED, test, text, whenHydrated } from "./support";

type Motion = { name: string; duration: string };
const motion = (el: Locator): Promise<Motion> =>
  el.evaluate((e) => {
    const style = getComputedStyle(e);
    return { name: style.animationName, duration: style.animationDuration };
  });
const FADE_IN = { name: "popup-in", duration: "0.4s" };
const STILL = { name: "none", duration: "0s" };

/** The style the popup closes with (the class app/ui/dialog.ts closeAnimated adds). */
async function closingMotion(panel: Locator): Promise<Motion> {
  await panel.evaluate((e) => e.classList.add("popup-closing"));
  const closing = await motion(panel);
  await panel.evaluate((e) => e.classList.remove("popup-closing"));
  return closing;
}

async function addToCart(page: Page, js: boolean) {
  await page.goto(`/product/${FIXTURES.productOneSlug}`);
  await whenHydrated(page.getByTestId("add-to-cart-button"), js);
  await page.locator(".size:not(.size--soldout)").first().click();
  await page.getByTestId("add-to-cart-button").click();
  const popup = page.getByTestId("cart-popup");
  await expect(popup).toBeVisible();
  return popup;
}

test("the cart popup comes from the right with JavaScript; without it, it is a still page section", async ({ page, javaScriptEnabled: js }) => {
  const popup = await addToCart(page, js);
  if (js) {
    await expect(popup).toHaveAttribute("data-popup-from", "right");
    expect(await motion(popup)).toEqual(FADE_IN);
    expect(await motion(page.locator(".cart-popup__backdrop")), "the backdrop fades in").toEqual(FADE_IN);
    expect(await closingMotion(popup)).toEqual({ name: "popup-out", duration: "0.2s" });
  } else {
    await expect(popup).not.toHaveAttribute("data-popup-from");
    expect(await motion(popup)).toEqual(STILL);
  }
  await popup.getByTestId("cart-popup-close").click();
  await expect(popup).toHaveCount(0);
});

test("the review popup comes from the centre; without JavaScript it is the page's section, closed by its link", async ({ page, javaScriptEnabled: js }) => {
  await page.goto(`/ru/product/${REVIEWED.one}`);
  await whenHydrated(page.locator(".reviews__body"), js);
  await page.getByTestId("add-review").click();
  const popup = page.getByTestId("review-popup");
  const panel = popup.locator(".review-popup__panel");
  await expect(panel).toBeVisible();
  if (js) {
    await expect(panel).toHaveAttribute("data-popup-from", "center");
    await expect(popup).toHaveClass(/popup-backdrop/);
    expect(await motion(panel)).toEqual(FADE_IN);
    expect(await motion(popup)).toEqual(FADE_IN);
  } else {
    await expect(panel).not.toHaveAttribute("data-popup-from");
    expect(await motion(panel)).toEqual(STILL);
  }
  await popup.getByTestId("review-popup-close").click();
  await expect(popup).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/ru/product/${REVIEWED.one}(#reviews)?$`));
});

test("<details> popups: the sort sheet from the bottom, the catalogue menu from the top; they open and close", async ({ page, javaScriptEnabled: js }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/ru/product/${REVIEWED.many}`);
  await whenHydrated(page.locator(".reviews__body"), js);
  const sort = page.getByTestId("reviews-sort");
  const sheet = sort.locator(".sort-popup__panel");
  await sort.locator("summary").click();
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAttribute("data-popup-from", "bottom");
  expect(await motion(sheet)).toEqual(FADE_IN);
  await sort.locator("summary").click({ position: { x: 10, y: 10 } });
  await expect(sheet).toBeHidden();
  // Shut, it fades out (CSS alone: the details' content stays shown for it where the browser can).
  expect(await motion(sheet)).toEqual({ name: "popup-out", duration: "0.2s" });

  await page.setViewportSize({ width: 1280, height: 800 });
  const menu = page.locator("details.menu");
  await menu.locator("summary").click();
  const panel = menu.locator(".menu__panel");
  await expect(panel).toBeVisible();
  // Its side is its CSS's (no attribute: the header's script stays as it was).
  expect(await panel.evaluate((e) => getComputedStyle(e).getPropertyValue("--popup-from"))).toBe("translateY(-16px)");
  expect(await motion(panel)).toEqual(FADE_IN);
  await menu.locator("summary").click();
  await expect(panel).toBeHidden();
  await expect(menu.locator("summary")).toHaveText(text("ru", "common", "layout.catalogue"));
});

test("prefers-reduced-motion: popups appear and go at once", async ({ page, javaScriptEnabled: js }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const popup = await addToCart(page, js);
  expect(await motion(popup)).toEqual(STILL);
  expect(await closingMotion(popup)).toEqual(STILL);
  if (js) expect(await motion(page.locator(".cart-popup__backdrop"))).toEqual(STILL);

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/ru/product/${REVIEWED.many}`);
  await whenHydrated(page.locator(".reviews__body"), js);
  const sort = page.getByTestId("reviews-sort");
  await sort.locator("summary").click();
  const sheet = sort.locator(".sort-popup__panel");
  await expect(sheet).toBeVisible();
  expect(await motion(sheet)).toEqual(STILL);
  await sort.locator("summary").click({ position: { x: 10, y: 10 } });
  await expect(sheet).toBeHidden();
  expect(await motion(sheet)).toEqual(STILL);

  await page.getByTestId("add-review").click();
  const panel = page.getByTestId("review-popup").locator(".review-popup__panel");
  await expect(panel).toBeVisible();
  expect(await motion(panel)).toEqual(STILL);
  expect(await motion(page.getByTestId("review-popup"))).toEqual(STILL);
});
