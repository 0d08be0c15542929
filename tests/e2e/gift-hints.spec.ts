import { expect, FIXTURES, latestMessage, test, text, uniquePhone, whenHydrated } from "./support";

const PRODUCT = FIXTURES.productOneSlug;

test("hint a gift: the product in a chosen size to a friend's phone; the friend's link opens it with that size chosen", async ({
  page,
  javaScriptEnabled: js,
  pageErrors,
}) => {
  pageErrors.allowStatus(400);
  await page.goto(`/ru/product/${PRODUCT}`);
  // A size in stock on the product page, to hint.
  const inStock = page.locator("input[name=purchasableId]:not([disabled])");
  const size = (await inStock.nth(1).getAttribute("value"))!;
  await whenHydrated(page.locator(".product__info"), js);
  await page.getByTestId("gift-hint-link").click();
  await expect(page).toHaveURL(new RegExp(`/ru/product/${PRODUCT}/gift-hint`));
  const popup = page.getByTestId("gift-hint-popup");
  await expect(popup).toBeVisible();
  if (js) await expect(page.getByRole("dialog")).toHaveAttribute("aria-modal", "true");
  // Sent empty (the browser's own checks off): the fields' messages, in Russian.
  await page.getByTestId("gift-hint-form").evaluate((form) => {
    (form as HTMLFormElement).noValidate = true;
  });
  await popup.getByLabel(text("ru", "gifts", "form.name")).fill("Мадина");
  await page.getByTestId("gift-hint-submit").click();
  await expect(popup.getByText(text("ru", "gifts", "errors.contactRequired"))).toBeVisible();
  // What was typed stays.
  await expect(popup.getByLabel(text("ru", "gifts", "form.name"))).toHaveValue("Мадина");
  const friend = uniquePhone();
  await popup.locator(`input[name=size][value="${size}"]`).check();
  await popup.getByLabel(text("ru", "gifts", "form.contact")).fill(friend.typed);
  await page.getByTestId("gift-hint-submit").click();
  await expect(page.getByTestId("gift-hint-sent")).toHaveText(text("ru", "gifts", "form.sent"));
  // The friend's SMS: the shopper's name and a link.
  const sms = await latestMessage(page, "sms", friend.stored);
  expect(sms).toContain("Мадина");
  const link = new URL(/(https?:\/\/\S+)/.exec(sms)![1]!);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(new RegExp(`/ru/product/${PRODUCT}\\?size=${size}$`));
  await expect(page.locator(`input[name=purchasableId][value="${size}"]`)).toBeChecked();
});

test("hint a gift: the sixth open hint is refused with the limit's message", async ({ page, javaScriptEnabled: js, pageErrors }) => {
  pageErrors.allowStatus(409);
  await page.goto(`/uk/product/${PRODUCT}/gift-hint`);
  const popup = page.getByTestId("gift-hint-popup");
  for (let i = 0; i < 6; i++) {
    // With JavaScript the popup becomes an overlay once hydrated: a click aimed before that lands where the button was.
    await whenHydrated(popup, js);
    await popup.getByLabel(text("uk", "gifts", "form.contact")).fill(`friend-${Date.now()}-${i}@example.uz`);
    await popup.getByLabel(text("uk", "gifts", "form.name")).fill("Олена");
    await page.getByTestId("gift-hint-submit").click();
    if (i < 5) {
      await expect(page.getByTestId("gift-hint-sent")).toBeVisible();
      await page.goto(`/uk/product/${PRODUCT}/gift-hint`);
    }
  }
  await expect(popup.getByRole("alert")).toHaveText(text("uk", "gifts", "errors.tooMany"));
});
