// Search from the header: results, Uzbek apostrophe variants, no results.
import type { Page } from "@playwright/test";
import { applyFilters, cards, expect, OZBEGIM, resultCount, test, text, urlWith, whenHydrated } from "./support";

/** Types a query into the header search and submits it with Enter. */
async function searchFor(page: Page, query: string) {
  // A searchbox, or with JavaScript a combobox once focused (the suggestions load then).
  const box = page.locator('header.site-header input[name="q"]');
  await box.fill(query);
  await box.press("Enter");
  await expect(page).toHaveURL(urlWith("/search", { q: query }));
}

test("a word finds the products named so", async ({ page }) => {
  await page.goto("/");
  await searchFor(page, "krossovka");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("uz", "search", "titleFor").replace("{{q}}", "krossovka"));
  const total = await resultCount(page);
  expect(total).toBeGreaterThan(0);
  const names = await cards(page).locator(".card__name").allTextContents();
  expect(names.length).toBe(Math.min(total, 24));
  for (const name of names) expect(name.toLowerCase()).toContain("krossovka");
  await expect(page.getByTestId("no-results")).toHaveCount(0);
  // The query stays in the search box of the results page.
  await expect(page.locator("main").getByRole("searchbox")).toHaveValue("krossovka");
});

test("filters on the results page keep the query", async ({ page, javaScriptEnabled }) => {
  await page.goto("/search?q=krossovka");
  const total = await resultCount(page);
  const form = page.locator("form#filters");
  await whenHydrated(form, javaScriptEnabled);
  await form.locator('input[name="brand"][value="nomad"]').check();
  await applyFilters(page, javaScriptEnabled);
  await expect(page).toHaveURL(urlWith("/search", { q: "krossovka", brand: "nomad" }));
  await expect.poll(() => resultCount(page)).toBeLessThan(total);
  const n = await resultCount(page);
  await expect(cards(page).locator(".card__brand")).toHaveText(Array<string>(n).fill("Nomad"));
});

// How people type the Uzbek oʻ: ASCII apostrophe, the proper U+02BB, a curly
// quote, or none at all. All find the brand OʻZBEGIM.
for (const typed of ["o'zbegim", "o\u02BBzbegim", "O\u2018zbegim", "ozbegim"]) {
  test(`apostrophe variant ${JSON.stringify(typed)} finds ${OZBEGIM}`, async ({ page }) => {
    await page.goto("/");
    await searchFor(page, typed);
    await expect(page.getByTestId("no-results")).toHaveCount(0);
    const n = await resultCount(page);
    expect(n).toBeGreaterThan(0);
    await expect(cards(page).locator(".card__brand")).toHaveText(Array<string>(Math.min(n, 24)).fill(OZBEGIM));
  });
}

test("nonsense finds nothing and suggests products and categories", async ({ page }) => {
  await page.goto("/store");
  await searchFor(page, "qwxzjvbn");
  const empty = page.getByTestId("no-results");
  await expect(empty).toBeVisible();
  await expect(empty.getByRole("heading", { level: 2 }).first()).toHaveText(text("uz", "search", "noResults").replace("{{q}}", "qwxzjvbn"));
  await expect(page.getByTestId("result-count")).toHaveCount(0);
  // Suggestions: popular products and the top categories.
  expect(await empty.getByTestId("product-card").count()).toBeGreaterThan(0);
  const chips = empty.getByRole("navigation", { name: text("uz", "search", "tryCategories") }).getByRole("link");
  await expect(chips).toHaveText(["Ayollar", "Erkaklar", "Bolalar"]);
  await chips.first().click();
  await expect(page).toHaveURL(urlWith("/store/women"));
});

test("Uzbek typed in Cyrillic finds what the Latin spelling finds", async ({ page }) => {
  await page.goto("/search?q=kiyim");
  const latin = await resultCount(page);
  expect(latin).toBeGreaterThan(0);
  await page.goto("/");
  await searchFor(page, "кийим");
  await expect(page.getByTestId("no-results")).toHaveCount(0);
  expect(await resultCount(page)).toBe(latin);
  await expect(page.getByTestId("search-corrected")).toHaveCount(0);
});

test("a query typed on the wrong keyboard layout finds products, and the exact words can still be searched", async ({ page }) => {
  await page.goto("/ru/search?q=кроссовки");
  const meant = await resultCount(page);
  expect(meant).toBeGreaterThan(0);
  await page.goto("/ru/search?q=rhjccjdrb");
  const corrected = page.getByTestId("search-corrected");
  await expect(corrected).toContainText(text("ru", "search", "showingFor").replace("{{q}}", "кроссовки"));
  expect(await resultCount(page)).toBe(meant);
  await corrected.getByRole("link", { name: text("ru", "search", "searchExactly").replace("{{q}}", "rhjccjdrb") }).click();
  await expect(page).toHaveURL(urlWith("/ru/search", { q: "rhjccjdrb", exact: "1" }));
  await expect(page.getByTestId("no-results")).toBeVisible();
  await expect(page.getByTestId("search-corrected")).toHaveCount(0);
});

test("a typo is corrected, with a link to what was typed", async ({ page }) => {
  await page.goto("/search?q=krossovka");
  const meant = await resultCount(page);
  await page.goto("/search?q=krosovka");
  const corrected = page.getByTestId("search-corrected");
  await expect(corrected).toContainText(text("uz", "search", "showingFor").replace("{{q}}", "krossovka"));
  expect(await resultCount(page)).toBe(meant);
  await corrected.getByRole("link").click();
  await expect(page).toHaveURL(urlWith("/search", { q: "krosovka", exact: "1" }));
  await expect(page.getByTestId("no-results")).toBeVisible();
});

test("a query that names who it is for and a colour shows them as filters the shopper can take away", async ({ page }) => {
  await page.goto("/ru");
  const box = page.locator('header.site-header input[name="q"]');
  await box.fill("женские черные кроссовки");
  await box.press("Enter");
  await expect(page).toHaveURL(urlWith("/ru/search", { q: "женские черные кроссовки" }));
  const chips = page.getByTestId("active-filters").getByRole("link");
  await expect(chips).toHaveCount(2);
  const narrowed = await resultCount(page);
  expect(narrowed).toBeGreaterThan(0);
  // The colour's chip goes: the department's sneakers in every colour.
  await expect(chips.filter({ hasText: "Женщинам" })).toHaveCount(1);
  await chips.filter({ hasText: "Чёрный" }).click();
  await expect(page.getByTestId("active-filters").getByRole("link")).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]dept=women/);
  await expect.poll(() => resultCount(page)).toBeGreaterThan(narrowed);
  // And the department's: sneakers for everyone.
  const women = await resultCount(page);
  await page
    .getByTestId("active-filters")
    .getByRole("link", { name: /Женщинам/ })
    .click();
  await expect(page.getByTestId("active-filters")).toHaveCount(0);
  await expect(page).toHaveURL(urlWith("/ru/search", { q: "кроссовки" }));
  await expect.poll(() => resultCount(page)).toBeGreaterThan(women);
});
