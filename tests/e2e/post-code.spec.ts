import { chooseCity, expect, fillCart, giveContacts, test, text } from "./support";

const orders = (key: string) => text("uz", "orders", key);
const STREET = "Amir Temur shoh ko\u2018chasi";

test("the courier address's post code: looked up from the house with JavaScript, and gone when the house changes or the lookup fails; filled on save without", async ({
  page,
  javaScriptEnabled: js,
  pageErrors,
}) => {
  pageErrors.allowStatus(503);
  await fillCart(page);
  await page.goto("/checkout");
  await giveContacts(page, js, "uz", "Shahnoza");
  await chooseCity(page, "Toshkent", js);
  await page.getByTestId("checkout-type-courier").check();
  const delivery = page.getByTestId("delivery-form");
  const house = delivery.getByLabel(orders("checkout.house"), { exact: true });
  const postCode = delivery.getByLabel(orders("checkout.postCode"));
  if (js) {
    const box = page.getByTestId("street-combobox");
    await box.getByRole("combobox").fill("temur");
    await box.getByRole("option", { name: STREET }).click();
    await house.fill("15");
    await house.blur();
    await expect(postCode).toHaveValue(/^\d{6}$/);
    // Another house: the code was the last one's.
    await house.fill("150");
    await expect(postCode).toHaveValue("");
    // The lookup fails: the field stays empty.
    await page.route("**/api/delivery/up-post-codes?*", (route) => route.fulfill({ status: 503, body: "{}", contentType: "application/json" }));
    const answered = page.waitForResponse((r) => r.url().includes("/api/delivery/up-post-codes"));
    await house.blur();
    await answered;
    await expect(postCode).toHaveValue("");
    // A code the shopper types is theirs: a new house keeps it.
    await postCode.fill("100017");
    await house.fill("151");
    await expect(postCode).toHaveValue("100017");
  } else {
    await delivery.getByLabel(orders("checkout.street")).fill(STREET);
    await house.fill("15");
    await expect(postCode).toHaveValue("");
  }
  if (js) await postCode.fill("");
  await delivery.getByRole("button", { name: orders("checkout.continue") }).click();
  // The server fills what the browser could not.
  await expect(page.getByTestId("step-delivery-done")).toContainText(/Amir Temur shoh ko\u2018chasi, 15\d?, \d{6}/);
});
