// The checkout's own sign-in, with and without JavaScript: a wrong password answers
// on the checkout, under its password field; the cart and the steps stay.
import { expect, fillCart, giveContacts, test, text, whenHydrated } from "./support";

test("a wrong password on the checkout's sign-in shows under its password; the right one signs in there", async ({
  page,
  javaScriptEnabled: js,
  newAccount,
  pageErrors,
}) => {
  pageErrors.allowStatus(400);
  const account = await newAccount();
  await fillCart(page);
  await page.goto("/checkout");
  await giveContacts(page, js, "uz", "Mehmon Olim");
  await expect(page.getByTestId("step-contacts-done")).toContainText("Mehmon Olim");

  const login = page.getByTestId("checkout-login");
  await login.locator("summary").click();
  const submit = login.getByRole("button", { name: text("uz", "auth", "login.submit") });
  await whenHydrated(submit, js);
  await login.getByLabel(text("uz", "auth", "fields.login"), { exact: true }).fill(account.email);
  const password = login.getByLabel(text("uz", "auth", "fields.password"), { exact: true });
  await password.fill("Wrong-pass-1");
  await submit.click();

  // Still the checkout: the error by the password, the login kept, the line and the saved contacts there.
  await expect(login.getByRole("alert")).toHaveText(text("uz", "auth", "errors.wrongCredentials"));
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/checkout(\?|$)/);
  await expect(login.getByLabel(text("uz", "auth", "fields.login"), { exact: true })).toHaveValue(account.email);
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);
  await expect(page.getByTestId("step-contacts-done")).toContainText("Mehmon Olim");

  await password.fill(account.password);
  await submit.click();
  await expect(page.getByTestId("checkout-login")).toHaveCount(0);
  await expect(page).toHaveURL(/\/checkout(\?|$)/);
  await expect(page.getByTestId("step-contacts-done")).toContainText("Mehmon Olim");
});
