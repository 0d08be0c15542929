// The checkout, with and without JavaScript: contacts, city and courier delivery
// with an address, payment on delivery, the review and one "place order"; the confirmation.
import { chooseCity, expect, fillCart, giveContacts, latestMessage, signUp, test, text, uniquePhone, whenHydrated } from "./support";

const orders = (key: string) => text("uz", "orders", key);

test("a guest places an order: contacts, courier to an address, cash; the confirmation has its number", async ({ page, javaScriptEnabled: js }) => {
  await fillCart(page);
  await page.goto("/checkout");
  const phone = await giveContacts(page, js, "uz", "Dilnoza");

  // The contacts step closes with a summary; the delivery step opens with the city.
  await expect(page.getByTestId("step-contacts-done")).toContainText("Dilnoza");
  await chooseCity(page, "Toshkent", js);
  await page.getByTestId("checkout-type-courier").check();
  const delivery = page.getByTestId("delivery-form");
  // A known street: picked from the combobox's search with JavaScript, typed (with the datalist's help) without.
  const street = "Amir Temur shoh ko\u2018chasi";
  if (js) {
    const box = page.getByTestId("street-combobox");
    await box.getByRole("combobox").fill("temur");
    await box.getByRole("option", { name: street }).click();
  } else {
    await delivery.getByLabel(orders("checkout.street")).fill(street);
  }
  await delivery.getByLabel(orders("checkout.house"), { exact: true }).fill("15");
  // Its post code comes from the house number: in the field with JavaScript, on save without.
  if (js) {
    await delivery.getByLabel(orders("checkout.house"), { exact: true }).blur();
    await expect(delivery.getByLabel(orders("checkout.postCode"))).toHaveValue(/^\d{6}$/);
  }
  await delivery.getByRole("button", { name: orders("checkout.continue") }).click();
  await expect(page.getByTestId("step-delivery-done")).toContainText(/Amir Temur shoh ko\u2018chasi, 15, \d{6}/);

  await page.getByTestId("payment-cash").check();
  // The comment stops at 500 characters; with JavaScript a counter says what is left.
  const comment = page.getByLabel(orders("checkout.comment"));
  await comment.fill("Domofon 15");
  if (js) await expect(page.getByTestId("comment-left")).toHaveText("Yana 490 ta belgi");
  await expect(comment).toHaveAttribute("maxlength", "500");
  await page
    .getByTestId("payment-form")
    .getByRole("button", { name: orders("checkout.continue") })
    .click();
  await expect(page.getByTestId("step-payment-done")).toContainText(orders("payment.cash"));

  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/checkout\/done\/[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  const number = page.url().split("/").pop()!;
  await expect(page.getByTestId("order-number")).toContainText(number);
  await expect(page.getByTestId("order-address")).toContainText(/Amir Temur shoh ko\u2018chasi, 15, \d{6}/);
  await expect(page.getByTestId("order-payment")).toHaveText(orders("payment.cash"));
  if (js) {
    // GA4's checkout events, in order, the purchase with the order's number and total (UZS).
    const layer = (await page.evaluate(() => (window as Window & { dataLayer?: unknown[] }).dataLayer ?? [])) as {
      event?: string;
      ecommerce?: { transaction_id?: string; currency?: string; value?: number };
    }[];
    const events = layer.map((e) => e.event).filter(Boolean);
    expect(events).toEqual(expect.arrayContaining(["begin_checkout", "add_shipping_info", "add_payment_info", "purchase"]));
    const purchase = layer.find((e) => e.event === "purchase")!.ecommerce!;
    expect(purchase).toMatchObject({ transaction_id: number, currency: "UZS" });
    expect(purchase.value).toBeGreaterThan(0);
  }
  expect(await latestMessage(page, "sms", phone.stored)).toContain(number);

  // The cart is empty now: the checkout sends the shopper back to it.
  await page.goto("/checkout");
  await expect(page).toHaveURL(/\/cart$/);
});

test("pickup: a type without its store is refused and asks for one; the order goes to the chosen store", async ({
  page,
  javaScriptEnabled: js,
  pageErrors,
}) => {
  pageErrors.allowStatus(422);
  await fillCart(page);
  await page.goto("/checkout?step=delivery");
  // The first step not done opens, whatever the link asks for.
  await expect(page.getByTestId("contacts-form")).toBeVisible();
  await giveContacts(page, js, "uz", "Aziz");
  await chooseCity(page, "Toshkent", js, "shortcut");
  await page.getByTestId("checkout-type-pickup").check();
  // The type's stores appear with it (no request needed).
  await expect(page.getByTestId("checkout-point-pickup")).toBeVisible();
  await expect(page.getByTestId("checkout-point-post")).toBeHidden();
  const delivery = page.getByTestId("delivery-form");
  await delivery.getByRole("button", { name: orders("checkout.continue") }).click();
  // Refused with the reason; the stores of the city appear.
  await expect(delivery.getByRole("alert")).toHaveText(orders("errors.pointRequired"));
  await page.getByTestId("checkout-point-pickup").selectOption({ label: "Libos Next — Next SM" });
  await delivery.getByRole("button", { name: orders("checkout.continue") }).click();
  await expect(page.getByTestId("step-delivery-done")).toContainText("Libos Next");
  await page.getByTestId("payment-cash").check();
  await page
    .getByTestId("payment-form")
    .getByRole("button", { name: orders("checkout.continue") })
    .click();
  await page.getByTestId("place-order").click();
  await expect(page.getByTestId("order-address")).toContainText("Libos Next");
});

test("a signed-in shopper's order appears in the history and in /api/orders, and can be cancelled", async ({ page, javaScriptEnabled: js, member }) => {
  const { email } = member;
  await fillCart(page);
  await page.goto("/ru/checkout");
  await giveContacts(page, js, "ru", null, uniquePhone(), async (contacts) => {
    // Filled from the account.
    await expect(contacts.getByLabel(text("ru", "orders", "checkout.name"))).toHaveValue(member.firstName);
    await expect(contacts.getByLabel(text("ru", "orders", "checkout.email"))).toHaveValue(email);
  });
  await chooseCity(page, "Ташкент", js);
  await page.getByTestId("checkout-type-courier").check();
  const delivery = page.getByTestId("delivery-form");
  await delivery.getByLabel(text("ru", "orders", "checkout.street")).fill("Навои");
  await delivery.getByLabel(text("ru", "orders", "checkout.house"), { exact: true }).fill("3");
  await delivery.getByRole("button", { name: text("ru", "orders", "checkout.continue") }).click();
  await page.getByTestId("payment-card").check();
  await page
    .getByTestId("payment-form")
    .getByRole("button", { name: text("ru", "orders", "checkout.continue") })
    .click();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/ru\/checkout\/done\/[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  const number = page.url().split("/").pop()!;

  const api = (await (await page.request.get("/api/orders")).json()) as { number: string }[];
  expect(api.map((o) => o.number)).toContain(number);
  await page.goto("/ru/account");
  await page.getByTestId("orders-link").click();
  await expect(page.getByTestId("history-order").first()).toContainText(number);
  await page.getByRole("link", { name: number }).click();
  await whenHydrated(page.getByTestId("cancel-order"), js);
  await page.getByTestId("cancel-order").click();
  await expect(page.getByTestId("cancel-result")).toHaveText(text("ru", "orders", "history.cancelled"));
  await expect(page.getByTestId("order-status")).toHaveText(text("ru", "orders", "status.cancelled"));
});

test("post office and online payment (ru): Click declines, the order says the payment did not go through, with a pay link; paid on the second try", async ({
  page,
  javaScriptEnabled: js,
  pageErrors,
}) => {
  pageErrors.allowStatus(422);
  const ru = (key: string) => text("ru", "orders", key);
  await fillCart(page);
  await page.goto("/ru/checkout");
  await giveContacts(page, js, "ru", "Нодира");
  await chooseCity(page, "Ташкент", js);
  await page.getByTestId("checkout-type-post").check();
  const delivery = page.getByTestId("delivery-form");
  await delivery.getByRole("button", { name: ru("checkout.continue") }).click();
  await expect(delivery.getByRole("alert")).toHaveText(ru("errors.pointRequired"));
  // Post offices in the order of their numbers: № 1, № 2, № 12, № 25, № 101.
  const offices = await page.getByTestId("checkout-point-post").locator("option:not([disabled])").allTextContents();
  expect(offices.map((o) => Number(/№ (\d+)/.exec(o)?.[1]))).toEqual([1, 2, 12, 25, 101]);
  await page.getByTestId("checkout-point-post").selectOption({ label: "Почтовое отделение № 12" });
  await delivery.getByRole("button", { name: ru("checkout.continue") }).click();
  await expect(page.getByTestId("step-delivery-done")).toContainText("№ 12");

  await page.getByTestId("payment-click").check();
  await page
    .getByTestId("payment-form")
    .getByRole("button", { name: ru("checkout.continue") })
    .click();
  await expect(page.getByTestId("step-payment-done")).toContainText(ru("payment.click"));
  await page.getByRole("button", { name: ru("checkout.placeAndPay") }).click();

  // Click's page (the local stand-in): the payment is declined; back at the order, it says so.
  await expect(page.getByTestId("dev-pay")).toBeVisible();
  await whenHydrated(page.getByTestId("dev-pay-decline"), js);
  await page.getByTestId("dev-pay-decline").click();
  await expect(page).toHaveURL(/\/ru\/checkout\/done\/[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  const number = page.url().split("/").pop()!;
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-state", "failed");
  await expect(page.getByTestId("order-payment")).toContainText(ru("payment.failed"));

  // The pay link goes to Click again; this time the payment goes through.
  await page.getByTestId("pay-now").click();
  await whenHydrated(page.getByTestId("dev-pay-pay"), js);
  await page.getByTestId("dev-pay-pay").click();
  await expect(page).toHaveURL(new RegExp(`/ru/checkout/done/${number}$`));
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-paid", "true");
  await expect(page.getByTestId("order-payment")).toContainText(ru("payment.paid"));
  await expect(page.getByTestId("order-address")).toContainText("№ 12");
});

test("the city select: a native select without JavaScript; with it a combobox that pages, searches, says when nothing is found, answers the keyboard, and fills the screen on a phone", async ({
  page,
  javaScriptEnabled: js,
}) => {
  await fillCart(page);
  await page.goto("/checkout");
  await giveContacts(page, js, "uz", "Jasur");
  if (!js) {
    await expect(page.getByTestId("checkout-city").locator("option:not([disabled])")).toHaveCount(14);
    return;
  }
  const box = page.getByTestId("city-combobox");
  const input = box.getByRole("combobox", { name: text("uz", "cart", "city") });
  await expect(input).toHaveAttribute("aria-expanded", "false");
  await input.click();
  await expect(input).toHaveAttribute("aria-expanded", "true");
  // The first page (10), three shortcuts; scrolled to its end, the list loads the rest (14 cities).
  const options = box.getByRole("option");
  await expect(options).toHaveCount(10);
  await expect(box.getByRole("group").getByRole("button")).toHaveCount(3);
  await box.getByRole("listbox").evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(options).toHaveCount(14);
  // Search (after the typing pauses): nothing found says so.
  await input.fill("qqq");
  await expect(box.getByText(orders("select.noResults")).first()).toBeVisible();
  await input.fill("sam");
  await expect(options).toHaveCount(1);
  await input.press("ArrowDown");
  await expect(input).toHaveAttribute("aria-activedescendant", /.+/);
  await input.press("Escape");
  await expect(input).toHaveAttribute("aria-expanded", "false");
  // Below 640 px the open select covers the screen.
  await page.setViewportSize({ width: 390, height: 780 });
  await input.click();
  // Where it comes to rest: it rises from the bottom as it opens (popups.spec.ts).
  await box.locator(".combobox__popup").evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const popup = await box.locator(".combobox__popup").boundingBox();
  expect(popup).toMatchObject({ x: 0, y: 0, width: 390, height: 780 });
  await input.press("ArrowDown");
  await input.press("Enter");
  // Chosen with the keyboard: the city's delivery types follow.
  await expect(page.getByTestId("delivery-form")).toBeVisible();
  await expect(input).toHaveValue("Samarqand");
});

/**
 * The rest of the delivery types × payment methods (courier × cash and card, pickup × cash and post × online are above),
 * as a guest and signed in, in the three languages. Pickup takes no card (its type does not take payment on delivery).
 */
const JOURNEYS = [
  { who: "guest", lang: "uz", type: "post", pay: "cash", city: "Toshkent" },
  { who: "guest", lang: "uz", type: "pickup", pay: "payme", city: "Toshkent" },
  { who: "signed-in", lang: "uk", type: "post", pay: "card", city: "Ташкент" },
  { who: "signed-in", lang: "ru", type: "courier", pay: "click", city: "Ташкент" },
] as const;

for (const j of JOURNEYS) {
  test(`journey: ${j.who}, ${j.type}, ${j.pay}, ${j.lang}`, async ({ page, javaScriptEnabled: js, pageErrors }) => {
    pageErrors.allowStatus(422);
    const say = (key: string) => text(j.lang, "orders", key);
    const prefix = j.lang === "uz" ? "" : `/${j.lang}`;
    if (j.who === "signed-in") await signUp(page);
    await fillCart(page);
    await page.goto(`${prefix}/checkout`);
    await giveContacts(page, js, j.lang, j.who === "guest" ? "Malika" : null);
    await chooseCity(page, j.city, js);
    await page.getByTestId(`checkout-type-${j.type}`).check();
    const delivery = page.getByTestId("delivery-form");
    if (j.type === "courier") {
      await delivery.getByLabel(say("checkout.street")).fill("Bobur");
      await delivery.getByLabel(say("checkout.house"), { exact: true }).fill("7");
    } else {
      await page.getByTestId(`checkout-point-${j.type}`).selectOption({ index: 1 });
    }
    await delivery.getByRole("button", { name: say("checkout.continue") }).click();
    await expect(page.getByTestId("step-delivery-done")).toBeVisible();
    await page.getByTestId(`payment-${j.pay}`).check();
    await page
      .getByTestId("payment-form")
      .getByRole("button", { name: say("checkout.continue") })
      .click();
    await expect(page.getByTestId("step-payment-done")).toContainText(say(`payment.${j.pay}`));
    await page.getByTestId("place-order").click();
    // The provider's page (its local stand-in): Click's or Payme's.
    const provider = j.pay === "click" ? "dev-pay-pay" : j.pay === "payme" ? "dev-payme-pay" : null;
    if (provider) {
      await whenHydrated(page.getByTestId(provider), js);
      await page.getByTestId(provider).click();
    }
    await expect(page).toHaveURL(new RegExp(`${prefix}/checkout/done/[2-9A-Z]{4}-[2-9A-Z]{4}$`));
    const number = page.url().split("/").pop()!;
    await expect(page.getByTestId("order-payment")).toContainText(say(`payment.${j.pay}`));
    const online = j.pay === "click" || j.pay === "payme";
    if (online) await expect(page.getByTestId("payment-state")).toHaveAttribute("data-paid", "true");
    if (j.who === "signed-in") {
      const api = (await (await page.request.get("/api/orders?expand=payment")).json()) as { number: string; payment: { paid: boolean } }[];
      expect(api.find((o) => o.number === number)).toMatchObject({ payment: { paid: online } });
      await page.goto(`${prefix}/account/orders`);
      await expect(page.getByTestId("history-order").first()).toContainText(number);
    }
  });
}

test("a guest signs in on the checkout: what they chose (contacts, city, store) stays, now on the account", async ({
  page,
  javaScriptEnabled: js,
  newAccount,
}) => {
  const account = await newAccount();
  await fillCart(page);
  await page.goto("/checkout");
  await giveContacts(page, js, "uz", "Mehmon Aziza");
  await chooseCity(page, "Toshkent", js);
  await page.getByTestId("checkout-type-pickup").check();
  await page.getByTestId("checkout-point-pickup").selectOption({ label: "Libos Next — Next SM" });
  await page
    .getByTestId("delivery-form")
    .getByRole("button", { name: orders("checkout.continue") })
    .click();
  await expect(page.getByTestId("step-delivery-done")).toContainText("Libos Next");

  await page.getByTestId("checkout-login").locator("summary").click();
  const login = page.getByTestId("checkout-login");
  await login.getByLabel(text("uz", "auth", "fields.login"), { exact: true }).fill(account.email);
  await login.getByLabel(text("uz", "auth", "fields.password"), { exact: true }).fill(account.password);
  await login.getByRole("button", { name: text("uz", "auth", "login.submit") }).click();
  // Back on the checkout, signed in (no sign-in form), with the guest's choices.
  await expect(page).toHaveURL(/\/checkout(\?|$)/);
  await expect(page.getByTestId("checkout-login")).toHaveCount(0);
  await expect(page.getByTestId("step-contacts-done")).toContainText("Mehmon Aziza");
  await expect(page.getByTestId("step-delivery-done")).toContainText("Libos Next");
  await expect(page.getByTestId("payment-form")).toBeVisible();
});
