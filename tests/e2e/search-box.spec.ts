// The header's search box: suggestions as the shopper types (with JavaScript, an ARIA combobox
// that loads on focus), recent searches (the empty box with JavaScript, the empty search page
// without), and the plain form to the search page.
import type { Page } from "@playwright/test";
import { expect, signUp, signIn, test, text, urlWith, whenHydrated } from "./support";

const header = (page: Page) => page.locator("header.site-header");
const box = (page: Page) => header(page).locator('input[name="q"]');
const suggest = (page: Page) => header(page).getByTestId("search-suggest");

/** The header box, hydrated and focused; with JavaScript, once its combobox has loaded (a key before that is the plain form's). */
async function focusBox(page: Page, javaScriptEnabled: boolean) {
  await whenHydrated(box(page), javaScriptEnabled);
  await box(page).focus();
  if (javaScriptEnabled) await expect(box(page)).toHaveAttribute("role", "combobox");
}

test("the suggestions' script loads only when the box is first focused", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "suggestions need JavaScript; without it the box is a form to the search page");
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/");
  await whenHydrated(box(page), true);
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((s) => s.includes("search-autocomplete"))).toEqual([]);
  await box(page).focus();
  await expect(box(page)).toHaveAttribute("role", "combobox");
  expect(scripts.filter((s) => s.includes("search-autocomplete"))).toHaveLength(1);
});

test("typing suggests categories, brands and products with prices; arrows and Enter open one", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "suggestions need JavaScript");
  await page.goto("/ru/store");
  await focusBox(page, true);
  await box(page).pressSequentially("кросс", { delay: 40 });
  const list = suggest(page).getByRole("listbox");
  await expect(list).toBeVisible();
  await expect(box(page)).toHaveAttribute("aria-expanded", "true");
  await expect(
    list
      .getByRole("group", { name: text("ru", "searchbox", "categories") })
      .getByRole("option")
      .first(),
  ).toContainText("Кроссовки");
  const products = list.getByTestId("suggest-product");
  await expect(products.first()).toBeVisible();
  const count = await products.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(6);
  for (const name of await products.locator(".suggest__name").allTextContents()) expect(name.toLowerCase()).toContain("кроссовки");
  await expect(products.first().locator(".suggest__now")).toHaveText(/^[1-9][0-9 ]* сум$/);
  // Down through the options to the first product; the box names it as the active one.
  const options = list.getByRole("option");
  const firstProduct = (await options.evaluateAll((els) => els.findIndex((el) => el.getAttribute("data-testid") === "suggest-product"))) + 1;
  for (let i = 0; i < firstProduct; i++) await box(page).press("ArrowDown");
  const active = products.first();
  await expect(active).toHaveAttribute("aria-selected", "true");
  await expect(box(page)).toHaveAttribute("aria-activedescendant", (await active.getAttribute("id"))!);
  const name = (await active.locator(".suggest__name").textContent())!.trim();
  await box(page).press("Enter");
  await expect(page).toHaveURL(/\/ru\/product\//);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name.replace(/^\S+ \S+ /, "").slice(0, 8));
});

test("Escape closes the suggestions; a wrong layout and Cyrillic Uzbek are understood", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "suggestions need JavaScript");
  await page.goto("/");
  await focusBox(page, true);
  await box(page).pressSequentially("ozbeg", { delay: 40 });
  const brands = suggest(page).getByRole("group", { name: text("uz", "searchbox", "brands") });
  await expect(brands.getByRole("option")).toHaveText(["O\u02BBzbegim"]);
  await box(page).press("Escape");
  await expect(suggest(page)).toBeHidden();
  await expect(box(page)).toHaveAttribute("aria-expanded", "false");
  await box(page).fill("");
  await box(page).pressSequentially("кроссовка", { delay: 30 });
  await expect(
    suggest(page)
      .getByRole("group", { name: text("uz", "searchbox", "categories") })
      .getByRole("option")
      .first(),
  ).toContainText("Krossovka");
});

test("Enter without a choice searches; the empty box then offers the search again, and forgets it", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the empty box's recent searches need JavaScript; without it the search page lists them");
  await page.goto("/");
  await focusBox(page, true);
  await box(page).fill("krossovka");
  await box(page).press("Enter");
  await expect(page).toHaveURL(urlWith("/search", { q: "krossovka" }));
  await box(page).fill("");
  await box(page).blur();
  await box(page).focus();
  const recent = suggest(page).getByRole("group", { name: text("uz", "searchbox", "history") });
  await expect(recent.getByRole("option")).toHaveText(["krossovka"]);
  // Delete forgets the chosen entry (the × does the same for the pointer).
  await box(page).press("ArrowDown");
  const forgotten = page.waitForResponse((r) => r.url().includes("/api/search/history/") && r.request().method() === "DELETE");
  await box(page).press("Delete");
  await expect(recent).toHaveCount(0);
  // Forgotten for good (another page: the results page itself, loaded again, is a search again).
  expect((await forgotten).status()).toBe(204);
  await page.goto("/");
  await focusBox(page, true);
  await expect(suggest(page)).toBeHidden();
});

test("on a phone the open box covers the screen and closes with its button", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "suggestions need JavaScript");
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/ru");
  await focusBox(page, true);
  await box(page).pressSequentially("джинс", { delay: 40 });
  await expect(suggest(page).getByRole("option").first()).toBeVisible();
  const form = header(page).getByRole("search");
  await expect(form).toHaveClass(/search--open/);
  expect(await form.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 740 });
  await suggest(page)
    .getByRole("button", { name: text("ru", "searchbox", "close") })
    .click();
  await expect(form).not.toHaveClass(/search--open/);
});

test("the header form goes to the search page; the empty search page lists a shopper's recent searches to forget", async ({ page, javaScriptEnabled }) => {
  await signIn(page, await signUp(page.request));
  await page.goto("/");
  await focusBox(page, javaScriptEnabled);
  await box(page).fill("ko'ylak");
  await box(page).press("Enter");
  await expect(page).toHaveURL(urlWith("/search", { q: "ko'ylak" }));
  await page.goto("/search?q=jinsi");
  await page.goto("/search");
  const recent = page.getByTestId("recent-searches");
  await expect(recent.getByRole("link")).toHaveText(["jinsi", "ko'ylak"]);
  await recent.getByRole("button", { name: text("uz", "search", "history.forgetLabel").replace("{{q}}", "jinsi") }).click();
  await expect(recent.getByRole("link")).toHaveText(["ko'ylak"]);
  await recent.getByRole("button", { name: text("uz", "search", "history.forgetAll") }).click();
  await expect(page.getByTestId("recent-searches")).toHaveCount(0);
  await expect(page).toHaveURL(urlWith("/search"));
});
