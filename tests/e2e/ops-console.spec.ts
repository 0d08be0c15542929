// The operator console (/ops): an operator signs in with an operations key and works through plain forms.
import type { Page } from "@playwright/test";
import { expect, fillCart, opsKey, placeCashOrder, REVIEWED, test, text, uniqueTag, whenHydrated } from "./support";

const ops = (key: string) => text("uz", "ops", key);

async function signIn(page: Page, key: string, js: boolean) {
  await page.goto("/ops/reviews");
  await expect(page).toHaveURL(/\/ops\/login$/);
  // Typed before hydration, the key could be lost when React takes the field over.
  await whenHydrated(page.getByTestId("ops-sign-in"), js);
  await page.getByLabel(ops("console.login.key"), { exact: true }).fill(key);
  await page.getByTestId("ops-sign-in").click();
}

test("an operator signs in (a wrong key refused), confirms and ships an order, counts a size's stock, and signs out", async ({
  page,
  pageErrors,
  javaScriptEnabled: js,
}, info) => {
  pageErrors.allowStatus(400);
  pageErrors.allowStatus(401);
  await fillCart(page);
  const number = (await placeCashOrder(page, "Konsol Xaridor")).split("/").pop()!;
  const name = `e2e-console-${uniqueTag(info.project.name)}`;
  const key = opsKey(name, ["orders:write", "catalogue:write"]);

  await signIn(page, `${key.slice(0, -4)}AAAA`, js);
  await expect(page.getByTestId("form-error")).toHaveText(ops("console.keyWrong"));
  await page.getByLabel(ops("console.login.key"), { exact: true }).fill(key);
  await page.getByTestId("ops-sign-in").click();
  await expect(page).toHaveURL(/\/ops\/orders$/);
  await expect(page.getByTestId("ops-client")).toHaveText(name);

  const row = page.locator(`[data-testid="ops-order"][data-number="${number}"]`);
  await expect(row.getByTestId("ops-order-state")).toHaveText(ops("console.states.new"));
  await row.getByTestId("ops-step-confirmed").click();
  await expect(page.getByTestId("ops-done")).toBeVisible();
  await expect(row.getByTestId("ops-order-state")).toHaveText(ops("console.states.confirmed"));
  // Shipping asks for the tracking number, and keeps the form.
  await row.getByTestId("ops-step-shipped").click();
  await expect(row.getByTestId("form-error").or(row.locator(".row__error"))).toHaveText(ops("errors.trackingNeeded"));
  const tracking = `UZ${Date.now()}`;
  await row.getByLabel(ops("console.orders.tracking"), { exact: true }).fill(tracking);
  await row.getByTestId("ops-step-shipped").click();
  await expect(row.getByTestId("ops-order-state")).toHaveText(ops("console.states.shipped"));
  await expect(row).toContainText(tracking);
  await expect(row.getByTestId("ops-step-cancelled")).toHaveCount(0);

  // A size's stock, counted: set, then put back as it was (the demo catalogue is shared).
  await page.getByTestId("ops-nav-item").click();
  await page.getByLabel(ops("console.item.query"), { exact: true }).fill(REVIEWED.many);
  await page.getByTestId("ops-find").click();
  const size = page.getByTestId("ops-sku").first();
  const was = Number(await size.getByTestId("ops-sku-stock").textContent());
  for (const count of [was + 7, was]) {
    await size.getByLabel(ops("console.item.stock"), { exact: true }).fill(String(count));
    await size.getByTestId("ops-save-stock").click();
    await expect(page.getByTestId("ops-done")).toBeVisible();
    await expect(page.getByTestId("ops-sku").first().getByTestId("ops-sku-stock")).toHaveText(String(count));
  }

  await page.getByTestId("ops-sign-out").click();
  await expect(page).toHaveURL(/\/ops\/login$/);
  await page.goto("/ops/orders");
  await expect(page).toHaveURL(/\/ops\/login$/);
});

test("a shopper's review waiting for moderation is rejected with a reason through the console; a shopper's session alone gets the sign-in page", async ({
  page,
  member,
  pageErrors,
  javaScriptEnabled: js,
}, info) => {
  pageErrors.allowStatus(400);
  expect(member.email).toBeTruthy();
  const words = `Konsol sharhi ${uniqueTag(info.project.name)}`;
  // Sent without the captcha: held for moderation.
  const sent = await page.request.post(`/product/${REVIEWED.many}/review`, {
    form: { userName: "Konsol", agree: "on", rating: "3", text: words },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(303);

  await page.goto("/ops/reviews");
  await expect(page).toHaveURL(/\/ops\/login$/);
  await signIn(page, opsKey(`e2e-moderator-${uniqueTag(info.project.name)}`, ["reviews:moderate"]), js);
  await expect(page).toHaveURL(/\/ops\/reviews$/);
  const review = page.getByTestId("ops-review").filter({ hasText: words });
  await review.getByTestId("ops-reject").click();
  await expect(review.locator(".row__error")).toHaveText(ops("errors.reasonNeeded"));
  await review.getByLabel(ops("console.reviews.reason"), { exact: true }).fill("Mahsulot haqida emas");
  await review.getByTestId("ops-reject").click();
  await expect(page.getByTestId("ops-done")).toBeVisible();
  await expect(page.getByTestId("ops-review").filter({ hasText: words })).toHaveCount(0);
});

test("a search that found nothing shows on the console's searches page; its word is taught there (a bad meaning refused, the word kept) and is found at once", async ({
  page,
  pageErrors,
  javaScriptEnabled: js,
}, info) => {
  pageErrors.allowStatus(400);
  // The page lists the week's 100 commonest, ties in the words' order: a word of its own that sorts first.
  const word = `aaqz${uniqueTag(info.project.name).replace(/[^a-z0-9]/g, "")}`;
  await page.goto(`/search?q=${word}`);
  await expect(page.getByTestId("no-results")).toBeVisible();

  await signIn(page, opsKey(`e2e-searches-${uniqueTag(info.project.name)}`, ["catalogue:write"]), js);
  // The miss is counted after the search's answer: the page shows it once it is written.
  await expect(async () => {
    await page.goto("/ops/searches");
    await expect(page.getByTestId("ops-miss").filter({ hasText: word })).toHaveCount(1, { timeout: 1000 });
  }).toPass();
  await page
    .getByTestId("ops-miss")
    .filter({ hasText: word })
    .getByRole("link", { name: ops("console.searches.teach") })
    .click();
  const form = page.getByTestId("ops-synonym");
  await expect(form.getByLabel(ops("console.searches.word"), { exact: true })).toHaveValue(word);
  // The link carries the search's language.
  await expect(form.locator("select[name=lang]")).toHaveValue("uz");
  await form.getByLabel(ops("console.searches.means"), { exact: true }).fill("<>");
  await page.getByTestId("ops-teach").click();
  await expect(form.locator(".row__error")).toHaveText(ops("errors.synonymMeans"));
  await expect(form.getByLabel(ops("console.searches.word"), { exact: true })).toHaveValue(word);
  await expect(form.locator("select[name=lang]")).toHaveValue("uz");
  await form.getByLabel(ops("console.searches.means"), { exact: true }).fill("krossovka");
  await page.getByTestId("ops-teach").click();
  await expect(page.getByTestId("ops-done")).toBeVisible();
  await expect(page.getByTestId("ops-synonyms")).toContainText(`${word} → krossovka (uz)`);

  await page.goto(`/search?q=${word}&exact=1`);
  await expect(page.getByTestId("no-results")).toHaveCount(0);
  await expect(page.getByTestId("product-card").first()).toBeVisible();
});
