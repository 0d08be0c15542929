// The reviews' sort on the product page, with and without JavaScript: a sheet from the bottom
// on phones (below 641 px), a dropdown under its button wider; the chosen order shown on the
// button and marked in the list; its options are a GET form's buttons (one tap applies one),
// a click beside the popup or on its button shuts it.
import type { Page } from "@playwright/test";
import { expect, expectSameDocument, markDocument, REVIEWED, test, text, whenHydrated } from "./support";

const rv = (key: string) => text("ru", "reviews", key);
const PHONE = { width: 390, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

async function openProduct(page: Page, js: boolean) {
  // Where the popup sits, measured without its motion (its animation: popups.spec.ts).
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`/ru/product/${REVIEWED.many}`);
  await expect(page.getByTestId("review")).toHaveCount(5);
  await whenHydrated(page.locator(".reviews__body"), js);
  await markDocument(page, js);
  const sort = page.getByTestId("reviews-sort");
  return { sort, button: sort.locator("summary"), panel: sort.locator(".sort-popup__panel") };
}

test("on a phone the sort is a sheet from the bottom; an option applies at once and shows as chosen", async ({ page, javaScriptEnabled: js }) => {
  await page.setViewportSize(PHONE);
  const { button, panel } = await openProduct(page, js);
  // The default order is shown on the button; the sheet is shut.
  await expect(page.getByTestId("reviews-sort-current")).toHaveText(rv("sort.new"));
  await expect(panel).toBeHidden();

  await button.click();
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute("data-popup-from", "bottom");
  const box = (await panel.boundingBox())!;
  expect(box.width, "the sheet spans the screen").toBe(PHONE.width);
  expect(Math.round(box.y + box.height), "the sheet sits on the screen's bottom").toBe(PHONE.height);
  // The four orders, the current one marked.
  const options = panel.getByTestId("reviews-sort-option");
  await expect(options).toHaveText(["useful", "new", "positive", "confirmed"].map((s) => rv(`sort.${s}`)));
  await expect(panel.locator('[aria-current="true"]')).toHaveText(rv("sort.new"));

  await panel.getByRole("button", { name: rv("sort.positive"), exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=positive/);
  await expect(page.getByTestId("reviews-sort-current")).toHaveText(rv("sort.positive"));
  await expect(panel.locator('[aria-current="true"]')).toHaveText(rv("sort.positive"));
  await expect(panel).toBeHidden();
  await expect(page.getByTestId("review")).toHaveCount(5);
  await expectSameDocument(page, js);
});

test("beside the open sheet a tap shuts it, as its button does from the keyboard", async ({ page, javaScriptEnabled: js }) => {
  await page.setViewportSize(PHONE);
  const { button, panel } = await openProduct(page, js);
  await button.click();
  await expect(panel).toBeVisible();
  // The dimmed page above the sheet is the popup's backdrop.
  await page.mouse.click(PHONE.width / 2, 40);
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/sort=/);
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(panel).toBeHidden();
});

test("wider than a phone the sort is a dropdown under its button, and works from the keyboard", async ({ page, javaScriptEnabled: js }) => {
  await page.setViewportSize(DESKTOP);
  const { button, panel } = await openProduct(page, js);
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
  const at = (await button.boundingBox())!;
  const box = (await panel.boundingBox())!;
  expect(box.y, "the list drops from under the button").toBeGreaterThanOrEqual(at.y + at.height);
  expect(Math.abs(box.x - at.x), "aligned with the button").toBeLessThan(2);
  expect(box.width, "a dropdown, not a sheet").toBeLessThan(DESKTOP.width / 2);
  expect(await panel.evaluate((el) => getComputedStyle(el).position)).toBe("absolute");

  await page.keyboard.press("Tab");
  await expect(panel.getByTestId("reviews-sort-option").first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]sort=useful/);
  await expect(page.getByTestId("reviews-sort-current")).toHaveText(rv("sort.useful"));
  await expectSameDocument(page, js);
});

test("with all reviews shown, another order keeps them all", async ({ page, javaScriptEnabled: js }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`/ru/product/${REVIEWED.many}?reviews=all#reviews`);
  await expect(page.getByTestId("review")).toHaveCount(42);
  await whenHydrated(page.locator(".reviews__body"), js);
  await page.getByTestId("reviews-sort").locator("summary").click();
  await page.getByRole("button", { name: rv("sort.confirmed"), exact: true }).click();
  await expect(page).toHaveURL(/sort=confirmed/);
  await expect(page).toHaveURL(/reviews=all/);
  await expect(page.getByTestId("reviews-sort-current")).toHaveText(rv("sort.confirmed"));
  await expect(page.getByTestId("review")).toHaveCount(42);
});
