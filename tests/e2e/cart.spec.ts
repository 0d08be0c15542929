// The cart, with and without JavaScript: adding with and without a
// size (popup overlay / page section), the cart page's size, quantity and
// remove, promo codes, delivery recalculation, the checkout limit, and a guest
// cart merged at login.
import type { Page } from "@playwright/test";
import { CLUB, expect, FIXTURES, fillCart, parseUzs, test, text, whenHydrated } from "./support";

const popupText = (key: string) => text("uz", "common", `cartPopup.${key}`);
const cart = (key: string) => text("uz", "cart", key);

/** A product page, ready to be used (hydrated with JavaScript). */
async function openProduct(page: Page, js: boolean, slug: string) {
  await page.goto(`/product/${slug}`);
  await whenHydrated(page.getByTestId("add-to-cart-button"), js);
}

/** The cart page, ready to be used. */
async function openCart(page: Page, js: boolean) {
  await page.goto("/cart");
  await whenHydrated(page.getByTestId("to-checkout"), js);
}

/** Without JavaScript the shopper presses the form's Apply button; with it the change submits itself. */
async function apply(page: Page, js: boolean, testId: string) {
  if (!js) await page.getByTestId(testId).first().click();
}

/**
 * Holds the answer to the first POST to `url` until a second POST is sent (1.5 s at most), as a
 * slow network would while a shopper double-clicks; returns the POSTs' URLs as they are sent.
 */
async function holdFirstAnswer(page: Page, url: RegExp): Promise<string[]> {
  const posts: string[] = [];
  let secondSent!: () => void;
  const second = new Promise<void>((resolve) => (secondSent = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts.push(route.request().url());
    if (posts.length > 1) {
      secondSent();
      return route.continue();
    }
    // Sent from here as the browser would have (interception sees its request before the
    // browser adds Sec-Fetch-Dest, which tells a page's form from a fetch).
    const dest = route.request().isNavigationRequest() ? "document" : "empty";
    const response = await route.fetch({ maxRedirects: 0, headers: { ...(await route.request().allHeaders()), "sec-fetch-dest": dest } });
    await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 1500))]);
    // The browser may have dropped this request by now.
    await route.fulfill({ response }).catch(() => {});
  });
  return posts;
}

/** Two presses of the mouse on an element, the second whatever the page is doing (a locator's click would wait for a page request to finish). */
async function doubleClick(page: Page, testId: string, posts: string[]) {
  const box = (await page.getByTestId(testId).first().boundingBox())!;
  const press = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await press();
  await expect.poll(() => posts.length).toBe(1);
  await press();
}

const amount = async (page: Page, testId: string) => parseUzs(((await page.getByTestId(testId).locator("dd").textContent()) ?? "").replace(/^−/, ""));

test("adding: no size → an error by the sizes; a size → the popup, the counter, the way to the cart", async ({ page, javaScriptEnabled: js, pageErrors }) => {
  pageErrors.allowStatus(400);
  await openProduct(page, js, FIXTURES.productOneSlug);
  await page.getByTestId("add-to-cart-button").click();
  await expect(page.getByTestId("size-error")).toHaveText(popupText("size_required"));
  await expect(page.getByTestId("cart-popup")).toHaveCount(0);
  await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", `${text("uz", "common", "layout.cart")}: 0`);

  // Sold-out sizes cannot be picked.
  await expect(page.locator(".size--soldout input").first()).toBeDisabled();
  const size = page.locator(".size:not(.size--soldout)").first();
  const sizeName = (await size.textContent())!.trim();
  await size.click();
  await page.getByTestId("add-to-cart-button").click();
  const popup = page.getByTestId("cart-popup");
  await expect(popup).toBeVisible();
  await expect(popup).toHaveAttribute("data-status", "true");
  await expect(popup.getByTestId("cart-popup-message")).toHaveText(popupText("added"));
  await expect(popup).toContainText(sizeName);
  await expect(page.getByTestId("size-error")).toHaveCount(0);
  await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", `${text("uz", "common", "layout.cart")}: 1`);
  await expect(page.getByTestId("cart-counter-mobile")).toHaveAttribute("aria-label", `${text("uz", "common", "layout.cart")}: 1`);

  if (js) {
    // GA4-style events on window.dataLayer, in UZS, with the spec's product fields.
    const events = await page.evaluate(() =>
      ((window as unknown as { dataLayer?: { event?: string; ecommerce?: { currency: string; items: Record<string, unknown>[] } }[] }).dataLayer ?? []).filter(
        (e) => e.event,
      ),
    );
    expect(events.map((e) => e.event)).toEqual(["view_item", "add_to_cart"]);
    expect(events[1]!.ecommerce).toMatchObject({
      currency: "UZS",
      currencyCode: "UZS",
      items: [expect.objectContaining({ item_brand: expect.any(String), item_variant: expect.any(String), price: expect.any(Number), quantity: 1 })],
    });
    // The older analytics product's fields beside GA4's: its id is the chosen size's sku.
    const added = events[1]!.ecommerce!.items[0]!;
    expect(added).toMatchObject({
      id: added.item_id,
      name: added.item_name,
      brand: added.item_brand,
      category: added.item_category,
      variant: added.item_variant,
      position: 0,
    });
    // The success popup closes itself after 3000 ms.
    await expect(popup).toBeHidden({ timeout: 6000 });
    await page.getByTestId("add-to-cart-button").click();
    await expect(popup).toBeVisible();
    await popup.getByTestId("cart-popup-close").click();
    await expect(popup).toBeHidden();
    await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", `${text("uz", "common", "layout.cart")}: 2`);
  } else {
    // A section, shown once: the next page has none.
    await page.reload();
    await expect(popup).toHaveCount(0);
  }
  await openCart(page, js);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-line-quantity")).toHaveText(js ? "2" : "1");
});

test("a double click on add to cart adds one: without JavaScript the page's second copy of the form is the same add", async ({
  page,
  javaScriptEnabled: js,
}) => {
  // A shopper with a cart (a session) already: both copies reach the same cart.
  await fillCart(page, 1, { club: true, skip: [FIXTURES.productOneSlug] });
  await openProduct(page, js, FIXTURES.productOneSlug);
  await page.locator(".size:not(.size--soldout)").first().click();
  // A person's double click: the second press comes once the first add has reached the shop,
  // before its answer. Without JavaScript the browser drops the first page request and sends the
  // form again; with JavaScript the button ignores a press while its add is in flight.
  const adds = await holdFirstAnswer(page, /\/(api\/)?cart(\?.*)?$/);
  await doubleClick(page, "add-to-cart-button", adds);
  await expect(page.getByTestId("cart-popup")).toBeVisible();
  expect(adds).toHaveLength(js ? 1 : 2);
  await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", `${text("uz", "common", "layout.cart")}: 2`);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await openCart(page, js);
  await expect(page.getByTestId("cart-line-quantity")).toHaveText(["1", "1"]);
});

test("the cart popup: its message announced; with JavaScript it waits while pointed at or focused, and Escape closes it and gives the focus back", async ({
  page,
  javaScriptEnabled: js,
}) => {
  await openProduct(page, js, FIXTURES.productOneSlug);
  await page.locator(".size:not(.size--soldout)").first().click();
  const add = page.getByTestId("add-to-cart-button");
  await add.click();
  const popup = page.getByTestId("cart-popup");
  await expect(popup.getByRole("status")).toHaveText(popupText("added"));
  if (!js) {
    // A page section without a timer: it stays until the shopper moves on.
    await expect(popup.getByTestId("cart-popup-close")).toHaveAttribute("href", `/product/${FIXTURES.productOneSlug}`);
    return;
  }
  // Pointed at: it outlives its 3 s (WCAG 2.2.1), and closes once the pointer leaves.
  await popup.hover();
  await page.waitForTimeout(4_000);
  await expect(popup).toBeVisible();
  await page.mouse.move(1, 1);
  await expect(popup).toBeHidden({ timeout: 6_000 });
  // Focused from the keyboard: the same; Escape closes it and the focus goes back to the add button.
  await add.focus();
  await page.keyboard.press("Enter");
  await expect(popup).toBeVisible();
  await page.mouse.move(1, 1);
  await popup.getByTestId("cart-popup-cart").focus();
  await page.waitForTimeout(4_000);
  await expect(popup).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popup).toBeHidden();
  await expect(add).toBeFocused();
});

test("the cart page: quantity − / +, another size, move to favourites, remove", async ({ page, javaScriptEnabled: js }) => {
  await fillCart(page, 1, { club: true, skip: [FIXTURES.productOneSlug] });
  await openCart(page, js);
  const line = page.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId("cart-line-quantity")).toHaveText("1");
  await expect(line.getByTestId("cart-line-unit")).toHaveCount(0);
  const total = parseUzs((await line.locator(".price__now").textContent()) ?? "");

  await line.getByTestId("cart-line-increment").click();
  await expect(page.getByTestId("cart-line-quantity")).toHaveText("2");
  // Two of one item: the line's total, and what one costs.
  const perUnit = text("uz", "cart", "unitPrice").replace("{{price}}", "");
  await expect(line.getByTestId("cart-line-unit")).toContainText(perUnit.trim());
  expect(parseUzs((await line.getByTestId("cart-line-unit").textContent())!.replace(perUnit, ""))).toBe(total);
  await expect.poll(async () => parseUzs((await line.locator(".price__now").textContent()) ?? "")).toBe(2 * total);
  await expect(page.getByTestId("summary-goods")).toContainText(text("uz", "cart", "goods_other").replace("{{count}}", "2"));
  await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", /: 2$/);
  await page.getByTestId("cart-line-decrement").click();
  await expect(page.getByTestId("cart-line-quantity")).toHaveText("1");

  // Another size: the line's sku changes.
  const select = page.getByTestId("cart-line-size");
  const before = await select.inputValue();
  const other = await select
    .locator("option:not([disabled])")
    .evaluateAll((options, current) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v !== current), before);
  if (other) {
    await select.selectOption(other);
    await apply(page, js, "cart-line-size-apply");
    await expect(page.getByTestId("cart-line")).toHaveAttribute("data-sku", other);
    await expect(page.getByTestId("cart-line-size")).toHaveValue(other);
  }

  await page.getByTestId("cart-line-favourite").click();
  await expect(page.getByTestId("cart-empty")).toBeVisible();
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", `${text("uz", "common", "layout.favourites")}: 1`);
  await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", `${text("uz", "common", "layout.cart")}: 0`);

  await fillCart(page, 1, { club: true, skip: [FIXTURES.productOneSlug] });
  await openCart(page, js);
  await page.getByTestId("cart-line-remove").click();
  await expect(page.getByTestId("cart-empty")).toContainText(cart("empty"));
  await page.getByRole("link", { name: cart("toCatalogue") }).click();
  await expect(page).toHaveURL(/\/store$/);
});

test("a change's notice: with JavaScript it goes after 3 seconds (and comes again with the next change), without it stays", async ({
  page,
  javaScriptEnabled: js,
}) => {
  await fillCart(page, 1, { club: true, skip: [FIXTURES.productOneSlug] });
  await openCart(page, js);
  await page.getByTestId("cart-line-increment").click();
  const notice = page.getByTestId("cart-notice");
  await expect(notice).toHaveText(cart("notices.updated"));
  if (js) {
    await expect(notice).toBeHidden({ timeout: 6000 });
    await page.getByTestId("cart-line-decrement").click();
    await expect(notice).toHaveText(cart("notices.updated"));
    await expect(notice).toBeHidden({ timeout: 6000 });
  } else {
    await page.waitForTimeout(3500);
    await expect(notice).toHaveText(cart("notices.updated"));
  }
});

test("a double click on remove takes the line away once and shows no error, with and without JavaScript", async ({ page, javaScriptEnabled: js }) => {
  await fillCart(page, 2, { club: true });
  await openCart(page, js);
  const posts = await holdFirstAnswer(page, /\/cart(\.data)?(\?.*)?$/);
  await doubleClick(page, "cart-line-remove", posts);
  // Both presses were sent (without JavaScript the browser drops the first page; with it React
  // Router drops the first answer): the second finds the line gone, which is what it asked for.
  await expect.poll(() => posts.length).toBe(2);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-line-error")).toHaveCount(0);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await openCart(page, js);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
});

test("promo codes: a wrong one shows the server's message and keeps the text; a right one lowers the total", async ({
  page,
  javaScriptEnabled: js,
  pageErrors,
}) => {
  pageErrors.allowStatus(422);
  await fillCart(page);
  await openCart(page, js);
  const totalBefore = await amount(page, "summary-total");
  const input = page.getByTestId("promo-input");
  await input.fill("NO-SUCH-CODE");
  await page.getByTestId("promo-apply").click();
  await expect(page.getByTestId("promo-error")).toHaveText(cart("errors.promo.unknown"));
  await expect(page.getByTestId("promo-input")).toHaveValue("NO-SUCH-CODE");

  await page.getByTestId("promo-input").fill("  sale10 ");
  await page.getByTestId("promo-apply").click();
  await expect(page.getByTestId("promo-applied")).toBeVisible();
  await expect(page.getByTestId("promo-form")).toHaveCount(0);
  const coupons = await amount(page, "summary-coupons");
  expect(coupons).toBeGreaterThan(0);
  expect(await amount(page, "summary-total")).toBe(totalBefore - coupons);

  await page.getByTestId("promo-remove").click();
  await expect(page.getByTestId("promo-form")).toBeVisible();
  expect(await amount(page, "summary-total")).toBe(totalBefore);
});

test("delivery: a type and a city chosen in one go recalculate the cost; a city without courier does not offer it", async ({
  page,
  javaScriptEnabled: js,
  pageErrors,
}) => {
  pageErrors.allowStatus(400);
  await fillCart(page, 1, { club: true });
  await openCart(page, js);
  await expect(page.getByTestId("summary-delivery")).toContainText(cart("deliveryNotChosen"));
  // Before a city the types are offered by name; one Apply (without JavaScript) sends both.
  await expect(page.getByText(cart("priceAfterCity"))).toBeVisible();
  await page.getByTestId("delivery-type-courier").check();
  if (!js) {
    // Sent without a city: refused with the reason, the type still picked.
    await page.getByTestId("delivery-apply").click();
    await expect(page.getByTestId("delivery-error")).toHaveText(cart("errors.cityRequired"));
    await expect(page.getByTestId("delivery-type-courier")).toBeChecked();
  }
  await page.getByTestId("delivery-city").selectOption({ label: "Toshkent" });
  await apply(page, js, "delivery-apply");
  await expect(page.getByTestId("delivery-type-courier")).toBeChecked();
  const subtotal = await amount(page, "summary-subtotal");
  // Courier in Tashkent: 25 000 so'm, free above 500 000 so'm (the demo cost matrix).
  if (subtotal > 500_000) await expect(page.getByTestId("summary-delivery").locator("dd")).toHaveText(cart("free"));
  else await expect(page.getByTestId("summary-delivery").locator("dd")).toHaveText("25 000 so'm");
  await expect(page.getByTestId("delivery-estimate")).toContainText("1–2 kun");
  expect(await amount(page, "summary-total")).toBe(subtotal + (subtotal > 500_000 ? 0 : 25_000));

  // Nukus: no courier there; post through the another_city row.
  await page.getByTestId("delivery-city").selectOption({ label: "Nukus" });
  await apply(page, js, "delivery-apply");
  await expect(page.getByTestId("delivery-type-post")).toBeVisible();
  await expect(page.getByTestId("delivery-type-courier")).toHaveCount(0);
  await expect(page.getByTestId("summary-delivery")).toContainText(cart("deliveryNotChosen"));
});

test("the checkout limit: with 6 different products checkout does not proceed; with 5 it does", async ({ page, javaScriptEnabled: js }) => {
  await fillCart(page, 6, { club: true });
  await openCart(page, js);
  await page.getByTestId("to-checkout").click();
  const message = popupText("max_products_checkout_count").replace("{{count}}", "6").replace("{{max}}", "5");
  if (js) {
    const popup = page.getByTestId("cart-popup");
    await expect(popup).toBeVisible();
    await expect(popup).toHaveAttribute("data-status", "false");
    await expect(popup.getByTestId("cart-popup-message")).toHaveText(message);
    await expect(page).toHaveURL(/\/cart$/);
  } else {
    await expect(page).toHaveURL(/\/cart\?checkout=limit$/);
    await expect(page.getByTestId("checkout-limit")).toHaveText(message);
  }
  // A direct URL cannot bypass it.
  await page.goto("/checkout");
  await expect(page).toHaveURL(/\/cart\?checkout=limit$/);

  await whenHydrated(page.getByTestId("to-checkout"), js);
  await page.getByTestId("cart-line-remove").first().click();
  await expect(page.getByTestId("cart-line")).toHaveCount(5);
  await page.getByTestId("to-checkout").click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("checkout-line")).toHaveCount(5);
});

test("a guest's cart joins the account's at login", async ({ page, javaScriptEnabled: js, newAccount }) => {
  // A fresh account, signed up by another client (its own cookies).
  const { email, password } = await newAccount();

  const [slug] = await fillCart(page, 1, { club: true });
  await page.goto("/login?return_url=/cart");
  const form = page.locator("form", { has: page.locator('input[name="password"]') });
  const submit = form.getByRole("button", { name: text("uz", "auth", "login.submit"), exact: true });
  await whenHydrated(submit, js);
  await form.getByLabel(text("uz", "auth", "fields.login"), { exact: true }).fill(email);
  await form.locator('input[name="password"]').fill(password);
  await submit.click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-line-name")).toHaveAttribute("href", `/product/${slug}`);
  await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", `${text("uz", "common", "layout.cart")}: 1`);
});

test("club card bonuses: a card holder pays part of the cart with bonuses, and takes it back", async ({ page, javaScriptEnabled: js }) => {
  // The demo club member (club@libos.uz, 150 000 bonuses); their cart persists, so start it empty.
  await page.goto("/login?return_url=/cart");
  const form = page.locator("form", { has: page.locator('input[name="password"]') });
  const submit = form.getByRole("button", { name: text("uz", "auth", "login.submit"), exact: true });
  await whenHydrated(submit, js);
  await form.getByLabel(text("uz", "auth", "fields.login"), { exact: true }).fill(CLUB.login);
  await form.locator('input[name="password"]').fill(CLUB.password);
  await submit.click();
  await expect(page).toHaveURL(/\/cart$/);
  for (let n = await page.getByTestId("cart-line").count(); n > 0; n--) {
    await whenHydrated(page.getByTestId("cart-line-remove").first(), js);
    await page.getByTestId("cart-line-remove").first().click();
    await expect(page.getByTestId("cart-line")).toHaveCount(n - 1);
  }
  await fillCart(page, 1, { club: true });
  await openCart(page, js);
  const subtotal = await amount(page, "summary-subtotal");
  await expect(page.getByTestId("bonuses-info")).toContainText("150 000 so'm");
  const usable = Number(await page.getByTestId("bonuses-input").inputValue());
  expect(usable).toBe(Math.min(150_000, Math.floor(subtotal * 0.3)));
  await page.getByTestId("bonuses-apply").click();
  await expect(page.getByTestId("summary-bonuses")).toBeVisible();
  expect(await amount(page, "summary-bonuses")).toBe(usable);
  expect(await amount(page, "summary-total")).toBe(subtotal - usable);
  await page.getByTestId("bonuses-remove").click();
  await expect(page.getByTestId("summary-bonuses")).toHaveCount(0);
  expect(await amount(page, "summary-total")).toBe(subtotal);
});

test("the header cart: a mini-cart on hover (JavaScript) that closes after the pointer leaves; the link to the cart either way", async ({
  page,
  javaScriptEnabled: js,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const [slug] = await fillCart(page, 1, { club: true });
  await page.goto("/store");
  const counter = page.getByTestId("cart-counter");
  await whenHydrated(counter, js);
  await counter.hover();
  const mini = page.getByTestId("mini-cart");
  if (js) {
    await expect(mini).toBeVisible();
    await expect(mini.locator(`a[href="/product/${slug}"]`)).toBeVisible();
    await page.mouse.move(10, 700);
    // Still open right after leaving; closed about 1000 ms later.
    await expect(mini).toBeVisible();
    await expect(mini).toBeHidden({ timeout: 3000 });
  } else {
    await expect(mini).toHaveCount(0);
  }
  await counter.click();
  await expect(page).toHaveURL(/\/cart$/);
});
