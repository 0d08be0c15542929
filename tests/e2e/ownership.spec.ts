// What a guest owns rests on their session's random key: the next guest never opens it.
import type { Browser } from "@playwright/test";
import { clientAddress, expect, fillCart, placeCashOrder, signUp, test, text, whenHydrated } from "./support";

const auth = (key: string) => text("uz", "auth", key);

/** A new shopper in a browser of their own, as this project browses (JavaScript on or off, lite), from a client address of their own. */
async function newShopper(browser: Browser, use: { baseURL?: string; javaScriptEnabled?: boolean; extraHTTPHeaders?: Record<string, string> }) {
  const context = await browser.newContext({
    baseURL: use.baseURL,
    javaScriptEnabled: use.javaScriptEnabled,
    extraHTTPHeaders: { ...use.extraHTTPHeaders, "CF-Connecting-IP": clientAddress() },
  });
  return { context, page: await context.newPage() };
}

test("a guest's order is not the next guest's: it goes with the guest into the account", async ({ page, browser, javaScriptEnabled: js, baseURL }, info) => {
  // As the project browses, on this worker's server.
  const use = { ...info.project.use, baseURL };
  // An account with a cart older than the guest's: the guest's cart merges into it at sign-in.
  const owner = await newShopper(browser, use);
  const { email, password } = await signUp(owner.page);
  await fillCart(owner.page);
  await owner.context.close();

  // The guest orders and sees the confirmation.
  await fillCart(page);
  const done = await placeCashOrder(page, "Birinchi Mehmon");
  const number = done.split("/").pop()!;
  await page.goto(done);
  await expect(page.getByTestId("order-number")).toContainText(number);

  // The guest signs in with the login page's form.
  await page.goto("/login");
  const form = page.locator("form", { has: page.locator('input[name="login"]') });
  const submit = form.getByRole("button", { name: auth("login.submit"), exact: true });
  await whenHydrated(submit, js);
  await form.getByLabel(auth("fields.login"), { exact: true }).fill(email);
  await form.locator('input[name="password"]').fill(password);
  await submit.click();
  await expect(page).not.toHaveURL(/\/login/);

  // The next guest, on another browser, adds to a cart (a new one) and opens the first guest's order: 404.
  const next = await newShopper(browser, use);
  await fillCart(next.page);
  const res = await next.page.goto(done);
  expect(res!.status()).toBe(404);
  await expect(next.page.getByTestId("order-number")).toHaveCount(0);
  await expect(next.page.locator("body")).not.toContainText("Birinchi Mehmon");
  await next.context.close();

  // The account has the order: its page and its history.
  await page.goto(done);
  await expect(page.getByTestId("order-number")).toContainText(number);
  await page.goto("/account/orders");
  await expect(page.locator("body")).toContainText(number);
});
