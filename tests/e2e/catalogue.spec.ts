// Catalogue: menu → category, filters, sort and pages; with and without JavaScript.
import {
  applyFilters,
  applySort,
  cardPrices,
  cards,
  expect,
  expectNonDecreasing,
  expectPricesAscending,
  expectSameDocument,
  markDocument,
  resultCount,
  test,
  text,
  urlWith,
  whenHydrated,
} from "./support";

const WOMEN_FOOTWEAR = "/store/women/footwear";

test.describe("browse", () => {
  test("home → catalogue menu → women's footwear, with breadcrumbs and heading", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    const menu = page.locator("details.menu");
    await whenHydrated(menu.locator("nav.menu__panel"), javaScriptEnabled);
    await markDocument(page, javaScriptEnabled);
    await expect(menu).not.toHaveAttribute("open");
    const link = menu.locator(`a[href="${WOMEN_FOOTWEAR}"]`);
    await expect(link).toBeHidden();

    await menu.locator("summary").click();
    await expect(menu).toHaveAttribute("open");
    await expect(menu.locator(`a[href="/store/women"]`)).toHaveText("Ayollar");
    await expect(link).toBeVisible();
    await expect(link).toHaveText("Poyabzal");

    await link.click();
    await expect(page).toHaveURL(urlWith(WOMEN_FOOTWEAR));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Poyabzal");
    // The menu does not stay open over the page it led to (with JavaScript it closes itself).
    await expect(menu).not.toHaveAttribute("open");
    await expectSameDocument(page, javaScriptEnabled);

    const crumbs = page.getByRole("navigation", { name: text("uz", "common", "layout.breadcrumbs") });
    await expect(crumbs.getByRole("listitem")).toHaveText([text("uz", "common", "layout.home"), text("uz", "catalogue", "all"), "Ayollar", "Poyabzal"]);
    expect(await crumbs.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(["/", "/store", "/store/women"]);
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Poyabzal");

    // The listing itself: a count, cards and the subcategory chips.
    expect(await resultCount(page)).toBeGreaterThan(0);
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: text("uz", "catalogue", "subcategories") }).getByRole("link")).toHaveText([
      "Krossovkalar",
      "Etiklar",
      "Tuflilar",
    ]);
  });
});

test.describe("filters", () => {
  test("a brand narrows the listing to that brand", async ({ page, javaScriptEnabled }) => {
    await page.goto(WOMEN_FOOTWEAR);
    const total = await resultCount(page);
    const form = page.locator("form#filters");
    const nomad = form.locator('input[name="brand"][value="nomad"]');
    const label = form.locator("label").filter({ has: page.locator('input[name="brand"][value="nomad"]') });
    const expected = Number(await label.locator(".facet__count").textContent());
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(total);

    await whenHydrated(form, javaScriptEnabled);
    await markDocument(page, javaScriptEnabled);
    await nomad.check();
    await applyFilters(page, javaScriptEnabled);

    await expect(page).toHaveURL(urlWith(WOMEN_FOOTWEAR, { brand: "nomad" }));
    await expect.poll(() => resultCount(page)).toBe(expected);
    await expectSameDocument(page, javaScriptEnabled);
    // Every card (all on one page) is a Nomad product.
    await expect(cards(page).locator(".card__brand")).toHaveText(Array<string>(expected).fill("Nomad"));
    await expect(form.locator('input[name="brand"][value="nomad"]')).toBeChecked();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Poyabzal");
  });

  test("sale only, then a brand on top of it", async ({ page, javaScriptEnabled }) => {
    await page.goto(WOMEN_FOOTWEAR);
    const total = await resultCount(page);
    const form = page.locator("form#filters");

    await whenHydrated(form, javaScriptEnabled);
    await form.getByLabel(text("uz", "catalogue", "saleOnly")).check();
    await applyFilters(page, javaScriptEnabled);

    await expect(page).toHaveURL(urlWith(WOMEN_FOOTWEAR, { sale: "1" }));
    await expect.poll(() => resultCount(page)).toBeLessThan(total);
    const onSale = await resultCount(page);
    // Each card shows a sale price with the old price beside it.
    const n = await cards(page).count();
    expect(n).toBe(Math.min(onSale, 24));
    await expect(cards(page).locator(".price__now--sale")).toHaveCount(n);
    await expect(cards(page).locator(".price__old")).toHaveCount(n);

    // A second filter keeps the first.
    await whenHydrated(page.locator("form#filters"), javaScriptEnabled);
    await page.locator('form#filters input[name="brand"][value="urban-step"]').check();
    await applyFilters(page, javaScriptEnabled);
    await expect(page).toHaveURL(urlWith(WOMEN_FOOTWEAR, { sale: "1", brand: "urban-step" }));
    await expect.poll(() => resultCount(page)).toBeLessThan(onSale);
    const both = await resultCount(page);
    expect(both).toBeGreaterThan(0);
    await expect(cards(page).locator(".card__brand")).toHaveText(Array<string>(both).fill("Urban Step"));
    await expect(cards(page).locator(".price__now--sale")).toHaveCount(both);
    await expect(page.locator('form#filters input[name="sale"]')).toBeChecked();
  });
});

test("filter URLs carry only what is set, in one order; with JavaScript the Apply buttons are gone", async ({ page, javaScriptEnabled: js }) => {
  await page.goto(WOMEN_FOOTWEAR);
  const form = page.locator("form#filters");
  await whenHydrated(form, js);
  const apply = form.getByRole("button", { name: text("uz", "catalogue", "apply"), exact: true });
  // They would do nothing with JavaScript: boxes and the sort apply as they change, a price on Enter.
  await (js ? expect(apply).toBeHidden() : expect(apply).toBeVisible());
  await (js ? expect(page.getByTestId("sort-apply")).toBeHidden() : expect(page.getByTestId("sort-apply")).toBeVisible());
  const here = () => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };

  await page.locator('form#filters input[name="brand"][value="urban-step"]').check();
  await applyFilters(page, js);
  await expect.poll(here).toBe(`${WOMEN_FOOTWEAR}?brand=urban-step`);
  await page.getByTestId("sort").selectOption("price_asc");
  await applySort(page, js);
  await expect.poll(here).toBe(`${WOMEN_FOOTWEAR}?brand=urban-step&sort=price_asc`);
  await whenHydrated(page.locator("form#filters"), js);
  await page.locator('form#filters input[name="price_min"]').fill("100000");
  if (js) await page.locator('form#filters input[name="price_min"]').press("Enter");
  else await applyFilters(page, js);
  await expect.poll(here).toBe(`${WOMEN_FOOTWEAR}?brand=urban-step&price_min=100000&sort=price_asc`);
  // Back to the default sort: it leaves the URL.
  await page.getByTestId("sort").selectOption("new");
  await applySort(page, js);
  await expect.poll(here).toBe(`${WOMEN_FOOTWEAR}?brand=urban-step&price_min=100000`);
});

test("on a phone the filters are folded and the products come first; the filters in force are chips that undo them", async ({
  page,
  javaScriptEnabled: js,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(WOMEN_FOOTWEAR);
  const form = page.locator("form#filters");
  await whenHydrated(form, js);
  const brand = form.locator('input[name="brand"][value="urban-step"]');
  await expect(brand).toBeHidden();
  const first = cards(page).first();
  expect((await first.boundingBox())!.y, "the first card within the first screen").toBeLessThan(844);
  await expect(page.getByTestId("active-filters")).toHaveCount(0);
  // Unfolded, a brand and sale only; then they show as chips.
  await form.getByText(text("uz", "catalogue", "filters"), { exact: true }).click();
  await brand.check();
  await applyFilters(page, js);
  await expect(page).toHaveURL(urlWith(WOMEN_FOOTWEAR, { brand: "urban-step" }));
  // With JavaScript the panel stays as the shopper left it; a new page (no JavaScript) shows the products first again.
  const panel = page.locator("form#filters details");
  await expect(panel).toHaveJSProperty("open", js);
  if (!js) await page.locator("form#filters summary").click();
  await page.locator('form#filters input[name="sale"]').check();
  await applyFilters(page, js);
  await expect(page).toHaveURL(urlWith(WOMEN_FOOTWEAR, { brand: "urban-step", sale: "1" }));
  const chips = page.getByTestId("active-filters").getByRole("link");
  await expect(chips).toHaveText(["Urban Step ×", `${text("uz", "catalogue", "saleOnly")} ×`]);
  await chips.first().click();
  await expect(page).toHaveURL(urlWith(WOMEN_FOOTWEAR, { sale: "1" }));
  await expect(chips).toHaveText([`${text("uz", "catalogue", "saleOnly")} ×`]);
  await chips.first().click();
  await expect(page).toHaveURL(urlWith(WOMEN_FOOTWEAR));
  await expect(page.getByTestId("active-filters")).toHaveCount(0);
});

test("on a wide screen the filters are open without a click", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(WOMEN_FOOTWEAR);
  await expect(page.locator('form#filters input[name="brand"][value="urban-step"]')).toBeVisible();
  await expect(page.locator("form#filters summary")).toBeHidden();
});

test.describe("sort", () => {
  test("price up keeps the filters and orders the cards by price", async ({ page, javaScriptEnabled }) => {
    await page.goto(`${WOMEN_FOOTWEAR}?sale=1`);
    const count = await resultCount(page);
    const sort = page.getByTestId("sort");
    await expect(sort).toHaveValue("new");

    await whenHydrated(sort, javaScriptEnabled);
    await markDocument(page, javaScriptEnabled);
    await sort.selectOption("price_asc");
    await applySort(page, javaScriptEnabled);

    await expect(page).toHaveURL(urlWith(WOMEN_FOOTWEAR, { sort: "price_asc", sale: "1" }));
    await expectSameDocument(page, javaScriptEnabled);
    await expect(page.getByTestId("sort")).toHaveValue("price_asc");
    expect(await resultCount(page)).toBe(count);
    const prices = await expectPricesAscending(page);
    expect(prices.length).toBe(Math.min(count, 24));
  });

  test("price up carries over to the next page", async ({ page, javaScriptEnabled }) => {
    await page.goto(WOMEN_FOOTWEAR);
    const sort = page.getByTestId("sort");
    await whenHydrated(sort, javaScriptEnabled);
    await sort.selectOption("price_asc");
    await applySort(page, javaScriptEnabled);
    await expect(page).toHaveURL(urlWith(WOMEN_FOOTWEAR, { sort: "price_asc", page: null }));
    await expect(page.getByTestId("page-next")).toBeVisible();
    const first = await expectPricesAscending(page);

    await page.getByTestId("page-next").click();
    await expect(page).toHaveURL(urlWith(WOMEN_FOOTWEAR, { sort: "price_asc", page: "2" }));
    await expect(page.getByTestId("page-prev")).toBeVisible();
    const second = await cardPrices(page);
    expect(second.length).toBeGreaterThan(0);
    expectNonDecreasing([first.at(-1)!, ...second]);
  });
});

test.describe("pagination", () => {
  test("next and previous pages of the whole catalogue", async ({ page, javaScriptEnabled }) => {
    await page.goto("/store");
    await whenHydrated(page.getByTestId("page-next"), javaScriptEnabled);
    await markDocument(page, javaScriptEnabled);
    await expect(page.getByTestId("page-prev")).toHaveCount(0);
    const firstLink = cards(page).first().locator("a.card__link");
    const pageOneFirst = await firstLink.getAttribute("href");
    expect(pageOneFirst).toMatch(/^\/product\//);
    await expect(cards(page)).toHaveCount(24);

    await page.getByTestId("page-next").click();
    await expect(page).toHaveURL(urlWith("/store", { page: "2" }));
    await expect(firstLink).not.toHaveAttribute("href", pageOneFirst!);
    await expect(cards(page)).toHaveCount(24);
    await expect(page.locator('.pagination [aria-current="page"]')).toHaveText("2");

    // Page 1 has a single URL: the previous link drops ?page.
    await page.getByTestId("page-prev").click();
    await expect(page).toHaveURL(urlWith("/store", { page: null }));
    await expect(firstLink).toHaveAttribute("href", pageOneFirst!);
    await expect(page.locator('.pagination [aria-current="page"]')).toHaveText("1");
    await expectSameDocument(page, javaScriptEnabled);
  });

  test("past the last page is a 404", async ({ page }) => {
    const response = await page.goto("/store?page=999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("uz", "common", "errors.notFoundTitle"));
  });
});

test("a listing's card: hovering prefetches the product (JavaScript), clicking opens it either way", async ({ page, javaScriptEnabled }) => {
  await page.goto(WOMEN_FOOTWEAR);
  const card = cards(page).nth(3).locator("a.card__link");
  await whenHydrated(page.locator("div.grid"), javaScriptEnabled);
  const href = (await card.getAttribute("href"))!;
  await card.hover();
  if (javaScriptEnabled) {
    // As <Link prefetch="intent">: the product page's data is fetched ahead of the click.
    await expect(page.locator(`link[rel="prefetch"][href^="${href}.data"]`)).toHaveCount(1);
  }
  await markDocument(page, javaScriptEnabled);
  await card.click();
  await expect(page).toHaveURL(urlWith(href));
  await expectSameDocument(page, javaScriptEnabled);
});
