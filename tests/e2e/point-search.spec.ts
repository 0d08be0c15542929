import { chooseCity, expect, fillCart, giveContacts, test, text, whenHydrated } from "./support";

const ru = (key: string) => text("ru", "orders", key);

test("the stores and post offices select: searchable as the shopper types with JavaScript (number, name, mall or address), the whole list without", async ({
  page,
  javaScriptEnabled: js,
}) => {
  await fillCart(page);
  await page.goto("/ru/checkout");
  await giveContacts(page, js, "ru", "Зарина");
  await chooseCity(page, "Ташкент", js);
  await page.getByTestId("checkout-type-post").check();
  const select = page.getByTestId("checkout-point-post");
  const shown = () => select.locator("option:not([disabled]):not([hidden])").allTextContents();
  await expect.poll(async () => (await shown()).length).toBe(5);
  const search = page.getByTestId("point-search-post");
  if (js) {
    await whenHydrated(select, js);
    await expect(search).toHaveAttribute("placeholder", ru("checkout.searchPoint"));
    // The number (an address may hold it too).
    await search.fill("12");
    await expect.poll(async () => (await shown()).includes("Почтовое отделение № 12")).toBe(true);
    await expect.poll(async () => (await shown()).length).toBeLessThan(5);
    expect(await shown()).not.toContain("Почтовое отделение № 1");
    await search.fill("отделение 10");
    await expect.poll(async () => (await shown()).every((o) => /№ 10/.test(o))).toBe(true);
    await search.fill("нет такого");
    await expect(page.getByTestId("point-search-none-post")).toHaveText(ru("select.noResults"));
    await expect.poll(shown).toEqual([]);
    await search.fill("");
    await expect.poll(async () => (await shown()).length).toBe(5);
    // Stores: their mall counts too.
    await page.getByTestId("checkout-type-pickup").check();
    await page.getByTestId("point-search-pickup").fill("next");
    await expect
      .poll(() => page.getByTestId("checkout-point-pickup").locator("option:not([disabled]):not([hidden])").allTextContents())
      .toEqual(["Libos Next — ТРЦ Next"]);
    await page.getByTestId("checkout-type-post").check();
    await search.fill("12");
  } else {
    await expect(search).toHaveCount(0);
  }
  await select.selectOption({ label: "Почтовое отделение № 12" });
  await page
    .getByTestId("delivery-form")
    .getByRole("button", { name: ru("checkout.continue") })
    .click();
  await expect(page.getByTestId("step-delivery-done")).toContainText("№ 12");
});
