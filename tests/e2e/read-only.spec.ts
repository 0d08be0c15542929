// Read-only mode (MAINTENANCE=read-only): browsing works with a banner saying why, and a write
// answers the localized 503. The local server turns the mode on for a request carrying the cookie
// dev_maintenance=read-only (DEV_MAINTENANCE_COOKIE), so this spec shares the one test server.
import { DEMO, expect, FIXTURES, test, text, whenHydrated } from "./support";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "dev_maintenance", value: "read-only", url: baseURL! }]);
});

test("pages are browsed with a banner in their language that says why", async ({ page }) => {
  const store = await page.goto("/ru/store");
  expect(store?.status()).toBe(200);
  await expect(page.getByTestId("read-only-banner")).toHaveText(text("ru", "maintenance", "banner"));
  await page.goto(`/product/${FIXTURES.productOneSlug}`);
  await expect(page.getByTestId("read-only-banner")).toHaveText(text("uz", "maintenance", "banner"));
  await expect(page.getByTestId("add-to-cart-button")).toBeVisible();
});

test("adding to the cart answers the read-only 503 and the cart stays empty", async ({ page, javaScriptEnabled: js, pageErrors }) => {
  pageErrors.allowStatus(503);
  await page.goto(`/product/${FIXTURES.productOneSlug}`);
  await whenHydrated(page.getByTestId("add-to-cart-button"), js);
  await page.locator(".size:not(.size--soldout)").first().click();
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByTestId("add-to-cart-button").click();
  const res = await answer;
  expect(res.status()).toBe(503);
  expect(res.headers()["retry-after"]).toMatch(/^\d+$/);
  if (js) {
    // The JSON call's refusal says why next to the button.
    await expect(page.getByTestId("add-refused")).toHaveText(text("uz", "maintenance", "text"));
  } else {
    // Without JavaScript the form's answer is the page itself: why, in the page's language.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("uz", "maintenance", "title"));
    await expect(page.getByText(text("uz", "maintenance", "text"))).toBeVisible();
  }
  // Nothing was written: the cart is empty (the banner still says why).
  await page.goto("/cart");
  await expect(page.getByTestId("read-only-banner")).toBeVisible();
  await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", `${text("uz", "common", "layout.cart")}: 0`);
});

test("a JSON write answers 503 {success:false, message} in the call's language", async ({ page, baseURL }) => {
  const res = await page.request.post("/api/cart?lang=uk", {
    data: { purchasableId: 1, quantity: 1 },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(res.status()).toBe(503);
  expect(res.headers()["retry-after"]).toMatch(/^\d+$/);
  expect(await res.json()).toEqual({ success: false, message: text("uk", "maintenance", "text") });
});

test("a form sent through the router (sign-in) says the shop is read-only, in the page's language", async ({ page, javaScriptEnabled: js, pageErrors }) => {
  pageErrors.allowStatus(503);
  await page.goto("/ru/login");
  const form = page.locator("form", { has: page.locator('input[name="login"]') });
  const submit = form.getByRole("button", { name: text("ru", "auth", "login.submit"), exact: true });
  await whenHydrated(submit, js);
  await form.getByLabel(text("ru", "auth", "fields.login"), { exact: true }).fill(DEMO.login);
  await form.locator('input[name="password"]').fill(DEMO.password);
  await submit.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ru", "maintenance", "title"));
  await expect(page.getByText(text("ru", "maintenance", "text"))).toBeVisible();
  if (js) {
    // The error page mounts the layout anew: its menu comes back from the document, not from a
    // reload of the data, which would put the sign-in form back in place of the error.
    await expect(page.locator(".menu__panel a").first()).toBeAttached();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ru", "maintenance", "title"));
  }
});
