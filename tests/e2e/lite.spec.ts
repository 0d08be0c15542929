// Lite mode: pages without any script, for the slowest connections. The no-JS project
// runs every spec in it (Save-Data: on, playwright.config.ts); here the footer's switch, both ways.
import type { Page } from "@playwright/test";
import { expect, test, text, urlWith } from "./support";

/** Scripts that would run or load: every <script> but JSON-LD, and module preloads. */
const scripts = (page: Page) => page.locator('script:not([type="application/ld+json"]), link[rel="modulepreload"]').count();

test("the footer's lite version sends pages without scripts, keeps the page and its query, and switches back", async ({ page, javaScriptEnabled: js }) => {
  await page.goto("/ru/store?sort=price_asc");
  const lite = page.getByTestId("lite-switch");
  if (js) {
    expect(await scripts(page)).toBeGreaterThan(0);
    await expect(lite).toHaveText(text("ru", "common", "footer.liteVersion"));
    await lite.click();
    await expect(page).toHaveURL(urlWith("/ru/store", { sort: "price_asc", lite: null }));
  }
  // Lite: chosen above, or asked by the browser (Save-Data) in the no-JS project.
  await expect(lite).toHaveText(text("ru", "common", "footer.fullVersion"));
  expect(await scripts(page)).toBe(0);
  await expect(page.getByTestId("product-card").first()).toBeVisible();

  await lite.click();
  await expect(page).toHaveURL(urlWith("/ru/store", { sort: "price_asc", lite: null }));
  await expect(lite).toHaveText(text("ru", "common", "footer.liteVersion"));
  expect(await scripts(page)).toBeGreaterThan(0);
});
