// Placing orders cannot tie up stock: a shopper's fourth order in ten minutes is refused on the
// checkout's last step with the reason, and the cart stays.
import { chooseCity, expect, giveContacts, fillCart, test, text } from "./support";

const orders = (key: string) => text("ru", "orders", key);

test("a fourth order within ten minutes: the place button answers with the reason, the cart kept", async ({ page, javaScriptEnabled: js, pageErrors }) => {
  pageErrors.allowStatus(429);
  // Three orders placed (the place-order form's post from this browser).
  for (let i = 0; i < 3; i++) {
    await fillCart(page);
    const res = await page.request.post("/order/request", {
      form: {
        name: "Limit",
        phone: "+998 90 700 11 22",
        cityId: "1",
        deliveryTypeId: "1",
        street: "Amir Temur",
        house: "1",
        paymentMethod: "cash",
        idempotencyKey: crypto.randomUUID().replaceAll("-", ""),
      },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(303);
  }
  await fillCart(page);
  await page.goto("/ru/checkout");
  await giveContacts(page, js, "ru", "Limit");
  await chooseCity(page, "Ташкент", js);
  await page.getByTestId("checkout-type-courier").check();
  const delivery = page.getByTestId("delivery-form");
  await delivery.getByLabel(orders("checkout.street")).fill("Amir Temur");
  await delivery.getByLabel(orders("checkout.house"), { exact: true }).fill("1");
  await delivery.getByRole("button", { name: orders("checkout.continue") }).click();
  await page.getByTestId("payment-cash").check();
  await page
    .getByTestId("payment-form")
    .getByRole("button", { name: orders("checkout.continue") })
    .click();
  await page.getByTestId("place-order").click();
  await expect(page.getByText(orders("errors.tooManyOrders"))).toBeVisible();
  await expect(page).toHaveURL(/\/ru\/checkout/);
  expect(((await (await page.request.get("/api/cart")).json()) as unknown[]).length).toBe(1);
});
