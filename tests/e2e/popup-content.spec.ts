import { expect, fillCart, test, text, whenHydrated } from "./support";

/** The delivery info link of a cart: opened in a popup from the loader's fragment with JavaScript, its page without. */
test("the cart's delivery info: a popup of the loaded fragment with JavaScript (the page stays), its own page without", async ({
  page,
  javaScriptEnabled: js,
}) => {
  await fillCart(page, 1);
  await page.goto("/ru/cart");
  const link = page.getByTestId("delivery-info-link");
  await expect(link).toHaveText(text("ru", "info", "delivery.link"));
  await whenHydrated(link, js);
  await link.click();
  const info = page.getByTestId("info-delivery");
  await expect(info).toBeVisible();
  await expect(info).toContainText(text("ru", "info", "delivery.lead"));
  await expect(info.getByTestId("delivery-info-type")).toHaveCount(3);
  if (js) {
    await expect(page).toHaveURL(/\/ru\/cart$/);
    const popup = page.getByTestId("content-popup");
    await expect(popup.getByRole("dialog")).toHaveAttribute("aria-modal", "true");
    await expect(popup.getByRole("dialog")).toHaveAccessibleName(text("ru", "info", "delivery.title"));
    await popup.getByTestId("content-popup-close").click();
    await expect(popup).toHaveCount(0);
    await expect(link).toBeFocused();
    // Escape closes it too.
    await link.click();
    await expect(info).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("content-popup")).toHaveCount(0);
  } else {
    await expect(page).toHaveURL(/\/ru\/info\/delivery$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ru", "info", "delivery.title"));
  }
});

test("a popup whose content does not load as a fragment (not 200, or no element in it) shows nothing: the link's page opens", async ({
  page,
  javaScriptEnabled: js,
  pageErrors,
}) => {
  pageErrors.allowStatus(503);
  let asked = 0;
  // The fragment request alone fails; the page itself loads as usual.
  await page.route("**/info/delivery", async (route) => {
    if (route.request().headers()["x-requested-with"] !== "XMLHttpRequest") return route.continue();
    asked += 1;
    return asked === 1 ? route.fulfill({ status: 503, body: "<div>busy</div>" }) : route.fulfill({ status: 200, body: "just text", contentType: "text/html" });
  });
  await fillCart(page, 1);
  for (const round of [1, 2]) {
    await page.goto("/ru/cart");
    const link = page.getByTestId("delivery-info-link");
    await whenHydrated(link, js);
    await link.click();
    await expect(page).toHaveURL(/\/ru\/info\/delivery$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ru", "info", "delivery.title"));
    await expect(page.getByTestId("content-popup")).toHaveCount(0);
    expect(asked).toBe(js ? round : 0);
  }
});

test("the checkout limit explained: a link beside the refusal, the configured maximum", async ({ page, javaScriptEnabled: js }) => {
  await fillCart(page, 6, { club: true });
  await page.goto("/uk/cart");
  const link = page.getByTestId("checkout-limit-info");
  await whenHydrated(link, js);
  await link.click();
  const info = page.getByTestId("info-checkout-limit");
  await expect(info.getByTestId("checkout-limit-rule")).toHaveText(text("uk", "info", "checkoutLimit.body").replace("{{max}}", "5"));
  if (js) await expect(page).toHaveURL(/\/uk\/cart$/);
  else await expect(page).toHaveURL(/\/uk\/info\/checkout-limit$/);
});
