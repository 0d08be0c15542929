// Notices close: an error (which otherwise stays until the next page) and a notice named by the
// URL each have a ×. Without JavaScript it is a link to the page without the notice; with it the
// notice hides at once, on the same page.
import { expect, markDocument, expectSameDocument, test, text, urlWith, whenHydrated } from "./support";

const acc = (key: string) => text("uz", "account", key);

test("an error notice closes with its ×: the account's refused delete of a kid already gone", async ({
  page,
  javaScriptEnabled: js,
  member: _,
  pageErrors,
}) => {
  pageErrors.allowStatus(404);
  const born = `${new Date().getFullYear() - 6}-05-12`;
  expect((await page.request.post("/account", { form: { intent: "kid-add", gender: "0", birthday: born }, maxRedirects: 0 })).status()).toBe(303);
  await page.goto("/account");
  await whenHydrated(page.getByTestId("logout"), js);
  await markDocument(page, js);
  const kids = page.locator("section#kids");
  const kid = kids.locator('form[data-testid^="kid-"]:not([data-testid="kid-new"])').first();
  const id = (await kid.locator('input[name="id"]').inputValue())!;
  // Deleted behind the page's back (another tab): the page's own delete is refused.
  expect((await page.request.post("/account", { form: { intent: "kid-delete", id }, maxRedirects: 0 })).status()).toBe(303);
  await kid.getByRole("button", { name: acc("delete"), exact: true }).click();
  const error = kids.getByTestId("section-error");
  await expect(error).toHaveText(acc("errors.notFound"));
  await expect(error).toHaveAttribute("role", "alert");
  // It stays (no timer closes an error)…
  await page.waitForTimeout(js ? 5500 : 0);
  await expect(error).toBeVisible();
  // …until its × closes it: in place with JavaScript, as the page again without it.
  const close = kids.getByTestId("notice-close");
  await expect(close).toHaveAccessibleName(acc("closeNotice"));
  await close.click();
  await expect(kids.getByTestId("section-error")).toHaveCount(0);
  await expect(page).toHaveURL(urlWith("/account"));
  await expectSameDocument(page, js);
});

test("a notice the URL names closes with its ×, the page then without it (the cart's delivery warning, in Russian)", async ({
  page,
  javaScriptEnabled: js,
}) => {
  await page.goto("/ru/cart?notice=deliveryTypeNotInCity");
  await whenHydrated(page.getByTestId("cart-empty"), js);
  await markDocument(page, js);
  const notice = page.getByTestId("cart-notice");
  await expect(notice).toHaveText(text("ru", "cart", "notices.deliveryTypeNotInCity"));
  await page.getByTestId("notice-close").click();
  await expect(notice).toHaveCount(0);
  // Without JavaScript the × is a link to the cart without the notice; with it nothing is asked of the server.
  await expect(page).toHaveURL(js ? /\/ru\/cart\?notice=deliveryTypeNotInCity$/ : /\/ru\/cart$/);
  await expectSameDocument(page, js);
  await page.reload();
  await expect(page.getByTestId("cart-notice")).toHaveCount(js ? 1 : 0);
});
