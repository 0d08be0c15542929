import { expect, FIXTURES, fillCart, giveContacts, test, text, whenHydrated } from "./support";

test("buttons that add nothing with JavaScript (the change submits itself) are hidden with it, there without it", async ({ page, javaScriptEnabled: js }) => {
  expect((await page.request.post("/api/favorites", { form: { item_id: "2" } })).status()).toBe(201);
  await page.goto("/ru/favorite");
  await expect(page.getByTestId("fav-filters").locator("legend")).toHaveText(text("ru", "favourites", "filters.title"));
  await expect(page.getByTestId("fav-filters").locator("legend")).toHaveText("Сортировка");
  const apply = page.getByTestId("fav-apply");
  const save = page.getByTestId("fav-size-save").first();
  await whenHydrated(page.getByTestId("fav-size").first(), js);
  if (js) {
    await expect(apply).toBeHidden();
    await expect(save).toBeHidden();
  } else {
    await expect(apply).toBeVisible();
    await expect(save).toBeVisible();
  }
  // The checkout's city: with JavaScript the searchable select brings the delivery types by itself.
  await fillCart(page, 1);
  await page.goto("/ru/checkout");
  await giveContacts(page, js, "ru", "Malika");
  const show = page.getByTestId("city-apply");
  await expect(show).toHaveText(text("ru", "orders", "checkout.showTypes"));
  if (js) await expect(show).toBeHidden();
  else await expect(show).toBeVisible();
});

test("a cart line holding all of its size's stock says why + is greyed out", async ({ page, javaScriptEnabled: js }) => {
  const [slug] = await fillCart(page, 1);
  const product = await (await page.request.get(`/product/${slug}`)).text();
  const primaryId = /name="primaryId" value="(\d+)"/.exec(product)![1]!;
  const sku = /<input type="radio" name="purchasableId" value="(\d+)"\/>/.exec(product)![1]!;
  // Up to the size's stock (an add takes 10 at most): the next add is refused as more than there is.
  let stock = 1;
  for (const step of [10, 1]) {
    for (;;) {
      const res = await page.request.post("/api/cart", { form: { primaryId, purchasableId: sku, quantity: String(step) } });
      if (res.status() !== 201) {
        expect(((await res.json()) as { code: string }).code).toBe("not_enough_stock");
        break;
      }
      stock += step;
    }
  }
  await page.goto("/ru/cart");
  const plus = page.getByTestId("cart-line-increment");
  await whenHydrated(plus, js);
  await expect(plus).toBeDisabled();
  const why = text("ru", "cart", "stockLimit").replace("{{stock}}", String(stock));
  await expect(page.getByTestId("cart-line-limit")).toHaveText(why);
  await expect(plus).toHaveAccessibleDescription(why);
  // One less: + works again, and the note goes (a size with one left in stock: the line goes).
  await page.getByTestId("cart-line-decrement").click();
  if (stock === 1) {
    await expect(page.getByTestId("cart-line")).toHaveCount(0);
    return;
  }
  await expect(page.getByTestId("cart-line-quantity")).toHaveText(String(stock - 1));
  await expect(page.getByTestId("cart-line-limit")).toHaveCount(0);
  await expect(plus).toBeEnabled();
});

test("the header's cart stays in reach while the add-to-cart popup is open, and its hover mini-cart closes once it is clicked", async ({
  page,
  javaScriptEnabled: js,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/ru/product/${FIXTURES.productOneSlug}`);
  await whenHydrated(page.getByTestId("add-to-cart-button"), js);
  await page.locator(".size:not(.size--soldout)").first().click();
  await page.getByTestId("add-to-cart-button").click();
  await expect(page.getByTestId("cart-popup")).toBeVisible();
  const counter = page.getByTestId("cart-counter");
  // The header cart's middle is the header cart, not the popup's backdrop.
  expect(
    await counter.evaluate((link) => {
      const box = link.getBoundingClientRect();
      return link.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    }),
  ).toBe(true);
  await counter.hover();
  const mini = page.getByTestId("mini-cart");
  if (js) await expect(mini).toBeVisible();
  else await expect(mini).toHaveCount(0);
  await counter.click();
  await expect(page).toHaveURL(/\/ru\/cart$/);
  await expect(page.getByTestId("cart-popup")).toHaveCount(0);
  // The pointer is still over the header's cart: the preview does not cover the cart's summary.
  await expect(mini).toBeHidden();
  await expect(page.getByTestId("to-checkout")).toBeVisible();
});
