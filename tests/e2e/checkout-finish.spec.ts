// A checkout every city can finish, and what the checkout and an order show on the way,
// with and without JavaScript: the types a city offers, a store's details as it is chosen,
// numbered steps, lines, the last step's sums, an order's place and date in the page's
// language, and an online payment that did not go through.
// Orders: 4 per project. Sign-ups: 1 per project.
import type { Page } from "@playwright/test";
import { formatDate } from "../../app/i18n/format";
import { chooseCity, expect, fillCart, giveContacts, signUp, test, text, whenHydrated } from "./support";

type Lang = "uz" | "ru" | "uk";
const say = (lang: Lang, key: string) => text(lang, "orders", key);

/** Today in Tashkent (UTC+5), as the order pages write it in `lang` (the words per month: tests/unit/format.test.ts). */
const today = (lang: Lang) => formatDate(Math.floor(Date.now() / 1000), lang);

/** The delivery step's "continue". */
const continueDelivery = (page: Page, lang: Lang) =>
  page
    .getByTestId("delivery-form")
    .getByRole("button", { name: say(lang, "checkout.continue") })
    .click();

/** The payment step with cash, then the last step. */
async function payCash(page: Page, lang: Lang) {
  await page.getByTestId("payment-cash").check();
  await page
    .getByTestId("payment-form")
    .getByRole("button", { name: say(lang, "checkout.continue") })
    .click();
  await expect(page.getByTestId("review-form")).toBeVisible();
}

test("Andijan: post is what it offers, with its post office, and the order is placed; the last step shows the cart's sums", async ({
  page,
  javaScriptEnabled: js,
}) => {
  await fillCart(page);
  await page.goto("/checkout");
  await giveContacts(page, js, "uz", "Andijonlik");
  await chooseCity(page, "Andijon", js);
  // No courier and no store there: only post, which has an office.
  await expect(page.getByTestId("checkout-type-courier")).toHaveCount(0);
  await expect(page.getByTestId("checkout-type-pickup")).toHaveCount(0);
  await page.getByTestId("checkout-type-post").check();
  await page.getByTestId("checkout-point-post").selectOption({ label: "1-son pochta bo\u2018limi" });
  await continueDelivery(page, "uz");
  await expect(page.getByTestId("step-delivery-done")).toContainText("Andijon");
  await payCash(page, "uz");

  // Goods, delivery and the total, as the cart shows them, before "place order".
  const review = page.getByTestId("review-form");
  await expect(review.getByTestId("summary-goods")).toBeVisible();
  await expect(review.getByTestId("summary-delivery")).toContainText(/30 000 so'm|bepul/i);
  const total = await review.getByTestId("summary-total").locator("dd").textContent();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/checkout\/done\/[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  await expect(page.getByTestId("order-total")).toHaveText(total!);
  await expect(page.getByTestId("order-address")).toContainText("Andijon, Bobur shoh ko\u2018chasi, 10");
});

test("a store's address and hours show as soon as it is chosen, before the step is saved", async ({ page, javaScriptEnabled: js }) => {
  await fillCart(page);
  await page.goto("/checkout");
  await giveContacts(page, js, "uz", "Do'kon");
  await chooseCity(page, "Toshkent", js);
  await page.getByTestId("checkout-type-pickup").check();
  const details = page.getByTestId("point-details-pickup");
  await expect(details).toHaveCount(0);
  const show = page.getByTestId("show-point-pickup");
  const choose = async (label: string) => {
    await page.getByTestId("checkout-point-pickup").selectOption({ label });
    // Without JavaScript the "show" button brings them (the step stays open); with it they follow the select.
    if (js) await expect(show).toHaveCount(0);
    else await show.click();
  };
  await whenHydrated(page.getByTestId("checkout-point-pickup"), js);
  await choose("Libos Next \u2014 Next SM");
  await expect(details).toContainText("Toshkent, Bobur ko\u2018chasi, 6");
  // The hours under their title (the spec's schedule title).
  const schedule = page.getByTestId("point-schedule-pickup");
  await expect(schedule.locator(".selected-point__title")).toHaveText(text("uz", "orders", "checkout.schedule"));
  await expect(schedule).toContainText("Har kuni 10:00\u201322:00");
  await expect(page.getByTestId("delivery-form")).toBeVisible();
  await expect(page.getByTestId("checkout-point-pickup")).toHaveValue("2");
  await choose("Libos Compass \u2014 Compass SM");
  await expect(details).toContainText("Toshkent, Halqa yo\u2018li, 17");
  await continueDelivery(page, "uz");
  await expect(page.getByTestId("step-delivery-done")).toContainText("Libos Compass");
});

test("the steps are numbered once, and the lines name their brand once", async ({ page }) => {
  await fillCart(page);
  await page.goto("/cart");
  const brand = (await page.locator(".cart-line__brand").first().textContent())!.trim();
  await page.goto("/checkout");
  const steps = page.locator(".checkout__steps > li");
  await expect(steps).toHaveCount(4);
  for (const li of await steps.all()) {
    // The list's marker is the number; the title has none of its own.
    expect(await li.evaluate((el) => getComputedStyle(el).listStyleType)).toBe("decimal");
    await expect(li.locator("h2")).not.toHaveText(/^\s*\d/);
  }
  const line = (await page.getByTestId("checkout-line").first().textContent())!;
  expect(line.split(brand).length - 1, line).toBe(1);
});

test("placed in Russian at Bukhara: the confirmation names the city and office in Russian, and in Uzbek on the Uzbek page; the date in words", async ({
  page,
  javaScriptEnabled: js,
}) => {
  await fillCart(page);
  await page.goto("/ru/checkout");
  await giveContacts(page, js, "ru", "Бухарец");
  await chooseCity(page, "Бухара", js);
  await page.getByTestId("checkout-type-post").check();
  await page.getByTestId("checkout-point-post").selectOption({ label: "Почтовое отделение № 10" });
  await continueDelivery(page, "ru");
  await payCash(page, "ru");
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/ru\/checkout\/done\/[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  const address = page.getByTestId("order-address");
  await expect(address).toContainText("Бухара");
  await expect(address).toContainText("Бухара, проспект Навои, 4");
  await expect(address).not.toContainText("Buxoro");
  await expect(page.getByTestId("order-date")).toHaveText(today("ru"));
  await page.getByTestId("lang-uz").click();
  await expect(page).toHaveURL(/\/checkout\/done\/[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  await expect(address).toContainText("Buxoro, Navoiy shoh ko\u2018chasi, 4");
  await expect(address).toContainText("10-son pochta bo\u2018limi");
  await expect(page.getByTestId("order-date")).toHaveText(today("uz"));
});

test("signed in: the history and the order's page write the date, city and store in the page's language", async ({ page, javaScriptEnabled: js }) => {
  await signUp(page);
  await fillCart(page);
  const key = `finish-${js ? "js" : "nojs"}-${Date.now().toString(36)}`;
  const placed = await page.request.post("/order/request?lang=uz", {
    data: { name: "Aziz", phone: "+998 90 123 45 67", cityId: 1, deliveryTypeId: 2, storeId: 2, paymentMethod: "cash", idempotencyKey: key },
  });
  expect(placed.status()).toBe(201);
  const { number } = ((await placed.json()) as { order: { number: string } }).order;
  await page.goto("/uk/account/orders");
  const row = page.getByTestId("history-order").filter({ hasText: number });
  await expect(row).toContainText(today("uk"));
  await expect(row).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await row.getByRole("link", { name: number }).click();
  await expect(page.getByTestId("order-page")).toBeVisible();
  await expect(page.getByTestId("order-date")).toHaveText(today("uk"));
  await expect(page.getByTestId("order-address")).toContainText("Ташкент");
  await expect(page.getByTestId("order-address")).toContainText("Ташкент, вулиця Бабура, 6");
});

test("an online payment that did not go through: the order says so, and is paid on delivery instead", async ({ page, javaScriptEnabled: js }) => {
  await fillCart(page);
  const placed = await page.request.post("/order/request?lang=ru", {
    data: {
      name: "Нодира",
      phone: "+998 90 765 43 21",
      cityId: 1,
      deliveryTypeId: 1,
      street: "Бабура",
      house: "7",
      paymentMethod: "online",
      idempotencyKey: `declined-${js ? "js" : "nojs"}-${Date.now().toString(36)}`,
    },
  });
  expect(placed.status()).toBe(201);
  const order = ((await placed.json()) as { order: { number: string; payment: { url: string } } }).order;
  // Click's page (the stand-in): the payment is declined, and Click sends the shopper back.
  await page.goto(order.payment.url);
  await whenHydrated(page.getByTestId("dev-pay-decline"), js);
  await page.getByTestId("dev-pay-decline").click();
  await expect(page).toHaveURL(new RegExp(`/ru/checkout/done/${order.number}$`));
  const state = page.getByTestId("payment-state");
  await expect(state).toHaveAttribute("data-state", "failed");
  await expect(state).toContainText(say("ru", "payment.declined"));
  await expect(page.getByTestId("pay-now")).toHaveText(say("ru", "payment.payAgain"));
  await expect(page.getByTestId("order-payment")).toContainText(say("ru", "payment.failed"));
  // The courier takes cash or card on delivery.
  await expect(page.getByTestId("switch-card")).toBeVisible();
  await whenHydrated(page.getByTestId("switch-submit"), js);
  await page.getByTestId("switch-cash").check();
  await page.getByTestId("switch-submit").click();
  await expect(page.getByTestId("order-payment")).toHaveText(say("ru", "payment.cash"));
  await expect(page.getByTestId("payment-state")).toHaveCount(0);
  await expect(page.getByText(say("ru", "done.next"))).toBeVisible();
});
