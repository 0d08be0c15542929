// Product page: from a card, sizes, colors; and the language switch.
import { applyFilters, cards, expect, expectSameDocument, FIXTURES, markDocument, parseUzs, test, text, urlWith, whenHydrated } from "./support";

const ONE = FIXTURES.productOneSlug; // women's sneakers in three colors, on sale, one size sold out

test("a card opens the product: heading, price, sizes, colors", async ({ page }) => {
  await page.goto("/store/women/footwear/sneakers?brand=chimgan-outdoor");
  const card = cards(page).filter({ has: page.locator(`a[href="/product/${ONE}"]`) });
  await expect(card).toHaveCount(1);
  const name = (await card.locator(".card__name").textContent())!;
  const price = (await card.locator(".price__now").textContent())!;

  await card.locator("a.card__link").click();
  await expect(page).toHaveURL(urlWith(`/product/${ONE}`));
  const product = page.getByTestId("product");
  await expect(product.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(product.locator(".product__brand")).toHaveText("Chimgan Outdoor");
  // The card's price, on sale: the old price beside it.
  await expect(product.getByTestId("price").locator(".price__now")).toHaveText(price);
  expect(parseUzs(price)).toBeLessThan(parseUzs((await product.getByTestId("price").locator(".price__old").textContent())!));

  // Sizes: a radio each, the sold-out ones disabled.
  const sizes = product.getByRole("group", { name: text("uz", "product", "size") });
  const radios = sizes.getByRole("radio");
  expect(await radios.count()).toBeGreaterThan(1);
  await expect(sizes.locator(".size--soldout input")).toHaveCount(1);
  await expect(sizes.locator(".size--soldout input")).toBeDisabled();
  for (const radio of await sizes.locator("label.size:not(.size--soldout) input").all()) await expect(radio).toBeEnabled();
  const soldOutSize = (await sizes.locator(".size--soldout").textContent())!.trim();
  await expect(sizes.getByRole("radio", { name: soldOutSize, exact: true })).toBeDisabled();
  // An available size can be chosen.
  const available = sizes.locator("label.size:not(.size--soldout) input").first();
  await available.check();
  await expect(available).toBeChecked();
  await expect(page.getByTestId("sold-out")).toHaveCount(0);

  // Colors of the same model: the current one and links to the other two.
  await expect(product.getByTestId("color")).toHaveText("Xaki");
  const swatches = product.getByRole("list", { name: text("uz", "product", "otherColors") });
  await expect(swatches.getByRole("listitem")).toHaveCount(3);
  await expect(swatches.locator('[aria-current="true"]')).toHaveText("Xaki");
  await expect(swatches.getByRole("link")).toHaveText(["Qizil", "Bej"]);
});

test("another color swatch opens that product (in place with JavaScript)", async ({ page, javaScriptEnabled: js }) => {
  await page.goto(`/product/${ONE}`);
  const product = page.getByTestId("product");
  await whenHydrated(product.getByTestId("add-to-cart-button"), js);
  await markDocument(page, js);
  const heading = await product.getByRole("heading", { level: 1 }).textContent();
  const red = product.getByRole("list", { name: text("uz", "product", "otherColors") }).getByRole("link", { name: "Qizil" });
  const href = await red.getAttribute("href");
  expect(href).toMatch(/^\/product\/chimgan-outdoor-bahor-sneakers-red-\d+$/);

  await red.click();
  await expect(page).toHaveURL(urlWith(href!));
  await expect(product.getByTestId("color")).toHaveText("Qizil");
  // Same model, same name; the khaki one is now the link.
  await expect(product.getByRole("heading", { level: 1 })).toHaveText(heading!);
  const swatches = product.getByRole("list", { name: text("uz", "product", "otherColors") });
  await expect(swatches.locator('[aria-current="true"]')).toHaveText("Qizil");
  await expect(swatches.getByRole("link", { name: "Xaki" })).toHaveAttribute("href", `/product/${ONE}`);
  await expectSameDocument(page, js);
});

test("the page's server-written parts stay as they are when its data reloads after adding to the cart", async ({ page, javaScriptEnabled: js }) => {
  await page.goto(`/product/${ONE}`);
  const product = page.getByTestId("product");
  await whenHydrated(product.getByTestId("add-to-cart-button"), js);
  const parts = [
    product.locator(".gallery img").first(),
    product.locator(".product__description"),
    page.locator(".related .card").first(),
    page.getByTestId("reviews").locator(".reviews__body"),
  ];
  for (const part of parts) await expect(part).toBeVisible();
  // The hydration data names these by hash (app/ui/markup.ts): a reload that brings the same text keeps the nodes.
  if (js) for (const part of parts) await part.evaluate((el) => ((el as unknown as { e2eKept: boolean }).e2eKept = true));
  const description = await parts[1]!.textContent();
  const related = await page.locator(".related .card").count();
  await product.locator(".size:not(.size--soldout)").first().click();
  await product.getByTestId("add-to-cart-button").click();
  await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", `${text("uz", "common", "layout.cart")}: 1`);
  await expect(parts[1]!).toHaveText(description!);
  await expect(page.locator(".related .card")).toHaveCount(related);
  if (js) for (const part of parts) expect(await part.evaluate((el) => (el as unknown as { e2eKept?: boolean }).e2eKept), "the same node").toBe(true);
});

test("a page React renders anew after a hydration mismatch (an extension edited its text) gets its server-written parts again", async ({
  page,
  javaScriptEnabled: js,
  pageErrors,
}) => {
  // React reports the mismatch it recovers from; the page's errors otherwise still count.
  pageErrors.allowMessage(/hydrat|Minified React error #418/i);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The page's script waits until the "extension" has changed a text React rendered.
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/product/${ONE}`, { waitUntil: "domcontentloaded" });
  await page.locator("#reviews-title").evaluate((el) => {
    el.textContent = "Edited by an extension";
  });
  release();
  const product = page.getByTestId("product");
  await whenHydrated(product.getByTestId("add-to-cart-button"), js);
  await expect(product.locator(".product__description")).toBeVisible();
  await expect(product.locator(".gallery img").first()).toBeVisible();
  await expect(page.locator(".related .card").first()).toBeVisible();
  await expect(page.getByTestId("reviews").locator(".reviews__body")).not.toBeEmpty();
});

test("a product sold out in every size", async ({ page }) => {
  await page.goto(`/product/${FIXTURES.soldOutProductSlug}`);
  await expect(page.getByTestId("sold-out")).toHaveText(text("uz", "product", "soldOutAll"));
  const radios = page.getByRole("group", { name: text("uz", "product", "size") }).getByRole("radio");
  expect(await radios.count()).toBeGreaterThan(0);
  for (const radio of await radios.all()) await expect(radio).toBeDisabled();
});

test.describe("language switch", () => {
  test("uz → ru → uk → uz on a product page keeps the product", async ({ page }) => {
    await page.goto(`/product/${ONE}`);
    const html = page.locator("html");
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(html).toHaveAttribute("lang", "uz-Latn");
    const uzName = (await h1.textContent())!;
    await expect(page.getByTestId("lang-uz")).toHaveCount(0); // the current language is not a link

    await page.getByTestId("lang-ru").click();
    await expect(page).toHaveURL(urlWith(`/ru/product/${ONE}`));
    await expect(html).toHaveAttribute("lang", "ru");
    await expect(h1).not.toHaveText(uzName);
    await expect(h1).toHaveText("Лёгкие кроссовки Chimgan Outdoor Bahor");
    await expect(page.getByTestId("product").getByTestId("price").locator(".price__now")).toHaveText(/^\d{1,3}( \d{3})* сум$/);
    await expect(page.getByTestId("color")).toHaveText("Хаки");
    await expect(page.getByTestId("lang-ru")).toHaveCount(0);

    await page.getByTestId("lang-uk").click();
    await expect(page).toHaveURL(urlWith(`/uk/product/${ONE}`));
    await expect(html).toHaveAttribute("lang", "uk");
    await expect(h1).toHaveText("Легкі кросівки Chimgan Outdoor Bahor");
    await expect(page.getByTestId("color")).toHaveText("Хакі");

    await page.getByTestId("lang-uz").click();
    await expect(page).toHaveURL(urlWith(`/product/${ONE}`));
    await expect(html).toHaveAttribute("lang", "uz-Latn");
    await expect(h1).toHaveText(uzName);
  });

  test("a filtered catalogue keeps its query in the other language", async ({ page, javaScriptEnabled }) => {
    await page.goto("/store/women/footwear?sort=price_asc");
    const form = page.locator("form#filters");
    await whenHydrated(form, javaScriptEnabled);
    await form.locator('input[name="brand"][value="nomad"]').check();
    await applyFilters(page, javaScriptEnabled);
    await expect(page).toHaveURL(urlWith("/store/women/footwear", { brand: "nomad", sort: "price_asc" }));
    const query = new URL(page.url()).search;
    // The switcher's links follow the URL (with JavaScript, a client-side navigation).
    await expect(page.getByTestId("lang-ru")).toHaveAttribute("href", `/ru/store/women/footwear${query}`);

    await page.getByTestId("lang-ru").click();
    await expect(page).toHaveURL(urlWith("/ru/store/women/footwear", { brand: "nomad", sort: "price_asc" }));
    expect(new URL(page.url()).search).toBe(query);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Обувь");
    await expect(page.locator('form#filters input[name="brand"][value="nomad"]')).toBeChecked();
    await expect(page.getByTestId("sort")).toHaveValue("price_asc");
    await expect(page.getByTestId("result-count")).toHaveText(/товар/);
    await expect(cards(page).locator(".card__brand").first()).toHaveText("Nomad");

    await page.getByTestId("lang-uk").click();
    await expect(page).toHaveURL(urlWith("/uk/store/women/footwear", { brand: "nomad", sort: "price_asc" }));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Взуття");

    await page.getByTestId("lang-uz").click();
    await expect(page).toHaveURL(urlWith("/store/women/footwear", { brand: "nomad", sort: "price_asc" }));
    expect(new URL(page.url()).search).toBe(query);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Poyabzal");
  });
});
