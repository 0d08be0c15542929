// The console's money page: a refund Click can no longer make (failed, with its task), paid back by
// hand; the return receipt that refund needs; and the reconciliation's findings.
import type { Page } from "@playwright/test";
import { chooseCity, consoleSignIn, expect, fillCart, giveContacts, localSql, opsKey, test, text, uniqueTag, whenHydrated } from "./support";

const ru = (key: string) => text("ru", "orders", key);
const ops = (key: string) => text("uz", "ops", key);

/** A guest's order paid through Click's page (the local stand-in); its number. */
async function paidWithClick(page: Page, js: boolean): Promise<string> {
  await fillCart(page);
  await page.goto("/ru/checkout");
  await giveContacts(page, js, "ru", "Деньги Назад");
  await chooseCity(page, "Ташкент", js);
  await page.getByTestId("checkout-type-courier").check();
  const delivery = page.getByTestId("delivery-form");
  await delivery.getByLabel(ru("checkout.street")).fill("Бобур");
  await delivery.getByLabel(ru("checkout.house"), { exact: true }).fill("7");
  await delivery.getByRole("button", { name: ru("checkout.continue") }).click();
  await expect(page.getByTestId("step-delivery-done")).toBeVisible();
  await page.getByTestId("payment-click").check();
  await page
    .getByTestId("payment-form")
    .getByRole("button", { name: ru("checkout.continue") })
    .click();
  await page.getByRole("button", { name: ru("checkout.placeAndPay") }).click();
  await whenHydrated(page.getByTestId("dev-pay-pay"), js);
  await page.getByTestId("dev-pay-pay").click();
  await expect(page).toHaveURL(/\/ru\/checkout\/done\/[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-paid", "true");
  return page.url().split("/").pop()!;
}

test("a Click refund past Click's month fails with a bank transfer to make; the operator pays it back by hand, makes the return receipt, and sees the reconciliation's findings", async ({
  page,
  pageErrors,
  javaScriptEnabled: js,
}, info) => {
  pageErrors.allowStatus(409);
  const number = await paidWithClick(page, js);
  // Paid two months ago: Click reverses only the current month's payments.
  localSql(`UPDATE payments SET paid_ms = paid_ms - 62 * 86400000 WHERE order_id = (SELECT id FROM orders WHERE number = '${number}')`);
  // Last night's reconciliation found a payment Click reports paid and the shop does not.
  localSql(
    `INSERT INTO reconciliation_findings (kind, payment_id, order_id, detail) SELECT 'paid_at_provider', p.id, p.order_id, 'Click: paid; the shop: prepared'
     FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = '${number}' ON CONFLICT DO NOTHING`,
  );

  const key = opsKey(`e2e-money-${uniqueTag(info.project.name)}`, ["orders:write"]);
  await consoleSignIn(page, key, js);
  const row = page.locator(`[data-testid="ops-order"][data-number="${number}"]`);
  await whenHydrated(row.getByTestId("ops-step-cancelled"), js);
  await row.getByTestId("ops-step-cancelled").click();
  await expect(row.getByTestId("ops-refund")).toHaveAttribute("data-state", "failed");

  await page.getByTestId("ops-nav-money").click();
  await expect(page).toHaveURL(/\/ops\/money$/);
  const refund = page.locator(`[data-testid="ops-money-refund"][data-number="${number}"]`);
  await expect(refund).toHaveAttribute("data-state", "failed");
  await expect(refund.getByTestId("ops-money-task")).toHaveAttribute("data-task", "bank_transfer");
  await expect(refund.getByTestId("ops-money-task")).toContainText(ops("console.money.failure.click_month"));
  await expect(refund.getByTestId("ops-money-retry")).toHaveCount(0);
  const finding = page.locator(`[data-testid="ops-money-finding"][data-number="${number}"]`);
  await expect(finding).toHaveAttribute("data-kind", "paid_at_provider");
  await expect(finding).toContainText(ops("console.money.finding.paid_at_provider"));

  // Paid back by bank transfer: recorded by hand, and the refund leaves the open list.
  await whenHydrated(refund.getByTestId("ops-money-done"), js);
  await refund.getByTestId("ops-money-done").click();
  await expect(page.getByTestId("ops-done")).toBeVisible();
  await expect(page.locator(`[data-testid="ops-money-refund"][data-number="${number}"]`)).toHaveCount(0);

  // The sale receipt Click took needs its return receipt: an operator's task, then done.
  const receipt = page.locator(`[data-testid="ops-money-receipt"][data-number="${number}"][data-kind="return"]`);
  await expect(receipt).toHaveAttribute("data-state", "task");
  await whenHydrated(receipt.getByTestId("ops-money-receipt-done"), js);
  await receipt.getByTestId("ops-money-receipt-done").click();
  await expect(page.getByTestId("ops-done")).toBeVisible();
  await expect(page.locator(`[data-testid="ops-money-receipt"][data-number="${number}"]`)).toHaveCount(0);

  // The shopper's page says the money went back.
  await page.goto(`/ru/checkout/done/${number}`);
  await expect(page.getByTestId("order-refund")).toHaveAttribute("data-state", "refunded");
});
