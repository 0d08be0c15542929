// Paying with Payme through its page (the local stand-in), the shop's cancel and the money back
// through Payme's cabinet, and a cart that cannot be paid online (a product without its receipt codes).
import type { Page } from "@playwright/test";
import { chooseCity, consoleSignIn, expect, fillCart, giveContacts, opsKey, test, text, uniqueTag, whenHydrated } from "./support";

const uz = (key: string) => text("uz", "orders", key);
const ops = (key: string) => text("uz", "ops", key);

/** The demo catalogue's one product without receipt codes (workers/seed/catalogue.ts, NO_RECEIPT_CODE_ID). */
const NO_CODES = "pulse-athletic-tulpor-shoes-brown-72";

/** Contacts, Tashkent, the courier to an address: the checkout's payment step is next. */
async function toPayment(page: Page, js: boolean, name: string) {
  await page.goto("/checkout");
  await giveContacts(page, js, "uz", name);
  await chooseCity(page, "Toshkent", js);
  await page.getByTestId("checkout-type-courier").check();
  const delivery = page.getByTestId("delivery-form");
  await delivery.getByLabel(uz("checkout.street")).fill("Bobur");
  await delivery.getByLabel(uz("checkout.house"), { exact: true }).fill("7");
  await delivery.getByRole("button", { name: uz("checkout.continue") }).click();
  await expect(page.getByTestId("step-delivery-done")).toBeVisible();
}

test("a guest pays with Payme on its page; the shop cancels the order, an operator cancels it in Payme's cabinet (by hand refused meanwhile), and its page shows the money back", async ({
  page,
  pageErrors,
  javaScriptEnabled: js,
}, info) => {
  pageErrors.allowStatus(409);
  await fillCart(page);
  await toPayment(page, js, "Payme Xaridor");
  await page.getByTestId("payment-payme").check();
  await page
    .getByTestId("payment-form")
    .getByRole("button", { name: uz("checkout.continue") })
    .click();
  await expect(page.getByTestId("step-payment-done")).toContainText(uz("payment.payme"));
  await page.getByTestId("place-order").click();

  // Payme's page (the stand-in) makes Payme's calls to the shop, then sends the shopper back.
  await expect(page.getByTestId("dev-payme")).toBeVisible();
  await whenHydrated(page.getByTestId("dev-payme-pay"), js);
  await page.getByTestId("dev-payme-pay").click();
  await expect(page).toHaveURL(/\/checkout\/done\/[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  const orderPage = page.url();
  const number = orderPage.split("/").pop()!;
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-paid", "true");
  await expect(page.getByTestId("order-payment")).toContainText(uz("payment.payme"));

  // The shop cancels it in the console: Payme documents no refund call, so the refund waits for an operator's cancel in Payme's cabinet.
  const key = opsKey(`e2e-refund-${uniqueTag(info.project.name)}`, ["orders:write"]);
  await consoleSignIn(page, key, js);
  const row = page.locator(`[data-testid="ops-order"][data-number="${number}"]`);
  await whenHydrated(row.getByTestId("ops-step-cancelled"), js);
  await row.getByTestId("ops-step-cancelled").click();
  await expect(row.getByTestId("ops-order-state")).toHaveText(ops("console.states.cancelled"));
  await expect(row.getByTestId("ops-refund")).toHaveAttribute("data-state", "requested");

  // The money page: the task, with the transaction to cancel; "done" by hand is refused while Payme may still send it.
  await page.getByTestId("ops-nav-money").click();
  const refund = page.locator(`[data-testid="ops-money-refund"][data-number="${number}"]`);
  await expect(refund).toHaveAttribute("data-state", "requested");
  await expect(refund.getByTestId("ops-money-task")).toHaveAttribute("data-task", "payme_cabinet");
  const transaction = (await refund.getAttribute("data-transaction"))!;
  await expect(refund.getByTestId("ops-money-task")).toContainText(transaction);
  await whenHydrated(refund.getByTestId("ops-money-done"), js);
  await refund.getByTestId("ops-money-done").click();
  await expect(refund.getByTestId("form-error")).toHaveText(ops("errors.refundInFlight"));
  await expect(refund).toHaveAttribute("data-state", "requested");

  // The operator cancels it in Payme's cabinet (its stand-in): Payme's CancelTransaction makes the refund.
  expect((await page.request.post("/dev/pay/payme-cabinet", { data: { transaction } })).ok()).toBe(true);
  await page.goto("/ops/money");
  await expect(page.locator(`[data-testid="ops-money-refund"][data-number="${number}"]`)).toHaveCount(0);
  await page.goto(orderPage);
  await expect(page.getByTestId("order-refund")).toHaveAttribute("data-state", "refunded");
  await expect(page.getByTestId("order-refund")).toContainText(uz("refund.refunded").split("{{")[0]!.trim());
});

test("a product without its receipt codes: the payment step offers cash or card on delivery and says why", async ({ page, javaScriptEnabled: js }) => {
  const product = await (await page.request.get(`/product/${NO_CODES}`)).text();
  const primaryId = /name="primaryId" value="(\d+)"/.exec(product)?.[1];
  const sku = /<input type="radio" name="purchasableId" value="(\d+)"\/>/.exec(product)?.[1];
  expect(primaryId && sku, "the product without codes has a size in stock").toBeTruthy();
  expect((await page.request.post("/api/cart", { form: { primaryId: primaryId!, purchasableId: sku!, quantity: "1" } })).status()).toBe(201);
  await toPayment(page, js, "Naqd Xaridor");
  await expect(page.getByTestId("payment-online-unavailable")).toHaveText(uz("errors.notPayableOnline"));
  await expect(page.getByTestId("payment-click")).toHaveCount(0);
  await expect(page.getByTestId("payment-payme")).toHaveCount(0);
  await page.getByTestId("payment-cash").check();
  await page
    .getByTestId("payment-form")
    .getByRole("button", { name: uz("checkout.continue") })
    .click();
  await expect(page.getByTestId("step-payment-done")).toContainText(uz("payment.cash"));
});
