import type { Page } from "@playwright/test";
import { expect, REVIEWED, test, text, whenHydrated } from "./support";

// Footwear of the brand whose chart runs small (workers/seed/size-charts.ts): 35–46 in its chart.
const SHOES = REVIEWED.six;
const SHOE_SCALE = ["35", "36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46"];

const link = (page: Page) => page.getByTestId("size-table-link");

/** Opens the size table from the size picker: the dialog with JavaScript, the page's own URL without. */
async function openSizeTable(page: Page, js: boolean) {
  await whenHydrated(page.locator(".product__info"), js);
  await link(page).click();
  await expect(page).toHaveURL(new RegExp(`/product/${SHOES}/size-table`));
  await expect(page.getByTestId("size-table")).toBeVisible();
}

test("the size picker's size table: a dialog with JavaScript (Escape gives the focus back), a page of its own without", async ({
  page,
  javaScriptEnabled: js,
}) => {
  await page.goto(`/ru/product/${SHOES}`);
  await expect(link(page)).toHaveText(text("ru", "sizes", "link"));
  await openSizeTable(page, js);
  const table = page.getByTestId("size-table");
  await expect(table.getByRole("heading", { level: 2 })).toContainText(text("ru", "sizes", "title").replace(": {{name}}", ""));
  await expect(table.getByTestId("size-row")).toHaveCount(SHOE_SCALE.length);
  await expect(table.getByRole("columnheader")).toHaveText([text("ru", "sizes", "size"), "EU", "RU", "UZ", text("ru", "sizes", "measures.foot")]);
  if (js) {
    await expect(page.getByRole("dialog")).toHaveAttribute("aria-modal", "true");
    await page.keyboard.press("Escape");
    await expect(table).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/ru/product/${SHOES}$`));
    await expect(link(page)).toBeFocused();
  } else {
    // The page of its own: the table under the product, a way back.
    await page.getByTestId("size-table-back").click();
    await expect(page).toHaveURL(new RegExp(`/ru/product/${SHOES}$`));
    await expect(page.getByTestId("size-table")).toHaveCount(0);
  }
});

test("a signed-in shopper's saved shoe sizes are marked in the chart, and the first in stock is chosen on the product", async ({
  page,
  member,
  javaScriptEnabled: js,
}) => {
  const mine = ["36", "38", "39"];
  const saved = await page.request.post("/api/profile?lang=uk", { data: { details: { firstName: member.firstName, shoeSizes: mine } } });
  expect(saved.status()).toBe(200);
  await page.goto(`/uk/product/${SHOES}`);
  // The sizes in stock now (other tests' orders take stock from the local shop): the first of mine among them is chosen.
  const sizes = page.locator("input[name=purchasableId]");
  const inStock: string[] = [];
  for (const radio of await sizes.all()) if (await radio.isEnabled()) inStock.push(await radio.locator("xpath=following-sibling::span").innerText());
  const chosen = mine.find((s) => inStock.includes(s));
  const checked = page.locator("input[name=purchasableId]:checked");
  if (chosen) await expect(checked.locator("xpath=following-sibling::span")).toHaveText(chosen);
  else await expect(checked).toHaveCount(0);
  await openSizeTable(page, js);
  const marked = page.locator("[data-testid=size-row][data-saved=true] th");
  await expect(marked).toHaveCount(mine.length);
  for (const [i, size] of mine.entries()) await expect(marked.nth(i)).toContainText(`${size}${text("uk", "sizes", "yours")}`);
});
