// The page frame: not-found pages, and the header/mobile bar per viewport.
import { expect, test, text, urlWith } from "./support";

test.describe("not found", () => {
  test("an unknown page is a localized 404 with a way on", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "uz-Latn");
    await expect(page).toHaveTitle(text("uz", "common", "errors.notFoundTitle"));
    const error = page.locator('.error-page[data-status="404"]');
    await expect(error.getByRole("heading", { level: 1 })).toHaveText(text("uz", "common", "errors.notFoundTitle"));
    await expect(error).toContainText(text("uz", "common", "errors.notFoundText"));
    // The layout is there (header, menu) and the page offers the catalogue.
    await expect(page.locator("header.site-header details.menu")).toHaveCount(1);
    await error.getByRole("link", { name: text("uz", "common", "layout.catalogue") }).click();
    await expect(page).toHaveURL(urlWith("/store"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("uz", "catalogue", "all"));
  });

  test("an unknown product is a 404 in the page's language", async ({ page }) => {
    const response = await page.goto("/ru/product/no-such-product");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ru", "common", "errors.notFoundTitle"));
    await expect(page.getByRole("link", { name: text("ru", "common", "errors.home") })).toHaveAttribute("href", "/ru");
  });

  test("an unknown page under a language prefix is a 404 in that language", async ({ page }) => {
    const response = await page.goto("/uk/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "uk");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("uk", "common", "errors.notFoundTitle"));
    await expect(page.getByRole("link", { name: text("uk", "common", "errors.home") })).toHaveAttribute("href", "/uk");
  });
});

test.describe("mobile (360×740)", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the action bar replaces the header actions", async ({ page }) => {
    await page.goto("/");
    const bar = page.locator("nav.mobile-bar");
    await expect(bar).toBeVisible();
    await expect(page.locator("nav.site-header__actions")).toBeHidden();
    await expect(bar.getByTestId("cart-counter-mobile")).toBeVisible();
    await expect(bar.getByTestId("fav-counter-mobile")).toBeVisible();
    // It is fixed to the bottom of the screen.
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(740);
    // Its catalogue link leads to the catalogue, and the bar stays.
    await bar.getByRole("link", { name: text("uz", "common", "layout.catalogue") }).click();
    await expect(page).toHaveURL(urlWith("/store"));
    await expect(page.locator("nav.mobile-bar")).toBeVisible();
    await expect(page.locator("nav.site-header__actions")).toBeHidden();
  });
});

test.describe("desktop (1280×800)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the header actions show, the action bar does not", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("nav.mobile-bar")).toBeHidden();
    const actions = page.locator("nav.site-header__actions");
    await expect(actions).toBeVisible();
    await expect(actions.getByTestId("cart-counter")).toBeVisible();
    await expect(actions.getByTestId("fav-counter")).toBeVisible();
  });
});
