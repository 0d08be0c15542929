import { expect, test } from "@playwright/test";

test("home lists categories", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("h1")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "uz-Latn");
});
