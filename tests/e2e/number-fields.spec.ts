// Number fields and the favourites counter, with and without JavaScript. With it a number field
// keeps the longest run of digits typed or pasted, cropped to its length; a day and a month are
// clamped (1-31, 1-12) and take a leading zero as they are left. Without it the field's pattern
// and the server's schema refuse what is not a number. The favourites counter is hidden at 0
// (its clamp to 99+: tests/unit/number-fields.test.ts).
import type { Page } from "@playwright/test";
import { expect, markDocument, test, text, whenHydrated } from "./support";

const acc = (key: string) => text("ru", "account", key);

async function personal(page: Page, js: boolean) {
  await page.goto("/ru/account");
  await whenHydrated(page.getByTestId("logout"), js);
  await markDocument(page, js);
  const section = page.locator("section#personal");
  const field = (key: string) => section.getByLabel(acc(`personal.${key}`), { exact: true });
  return { section, day: field("day"), month: field("month"), year: field("year"), save: section.getByRole("button", { name: acc("save"), exact: true }) };
}

test("a pasted or typed number keeps its longest run of digits; day and month are clamped and padded", async ({
  page,
  javaScriptEnabled: js,
  member,
  context,
}) => {
  test.skip(!js, "without JavaScript: the next test");
  void member;
  const { day, month, year, save, section } = await personal(page, js);

  // A real paste (the clipboard), into the year (4 digits).
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate(() => navigator.clipboard.writeText("ab12c345"));
  await year.focus();
  await page.keyboard.press("ControlOrMeta+v");
  await expect(year).toHaveValue("345");
  // Another paste where the caret is: only what fits.
  await page.keyboard.press("ControlOrMeta+v");
  await expect(year).toHaveValue("3453");
  // Letters typed go nowhere.
  await year.fill("");
  await year.pressSequentially("19x9y0");
  await expect(year).toHaveValue("1990");

  // A day: the longest run cropped to 2, then clamped as it is left.
  await day.focus();
  await page.keyboard.press("ControlOrMeta+v");
  await expect(day).toHaveValue("34");
  await day.blur();
  await expect(day).toHaveValue("31");
  await day.fill("7");
  await day.blur();
  await expect(day).toHaveValue("07");
  await day.fill("0");
  await day.blur();
  await expect(day).toHaveValue("01");
  await month.fill("x45");
  await expect(month).toHaveValue("45");
  await month.blur();
  await expect(month).toHaveValue("12");
  await month.fill("3");
  await month.blur();
  await expect(month).toHaveValue("03");

  await save.click();
  await expect(section.getByTestId("section-notice")).toHaveText(acc("notices.saved"));
  await page.reload();
  await expect(day).toHaveValue("01");
  await expect(month).toHaveValue("03");
  await expect(year).toHaveValue("1990");
});

test("without JavaScript what is not a number is refused: by the field's pattern, and by the server", async ({
  page,
  javaScriptEnabled: js,
  member,
  pageErrors,
}) => {
  test.skip(js, "with JavaScript: the test before");
  void member;
  pageErrors.allowStatus(400);
  const { day, month, year, save, section } = await personal(page, js);
  await day.fill("4a");
  await month.fill("3");
  await year.fill("1990");
  expect(await day.evaluate((el) => (el as HTMLInputElement).validity.patternMismatch), "the browser's own check").toBe(true);
  await save.click();
  await expect(section.getByTestId("section-notice")).toHaveCount(0);

  // Past the browser's check, the server refuses it and keeps what was typed.
  await section.locator("form").evaluate((form) => {
    (form as HTMLFormElement).noValidate = true;
  });
  await save.click();
  await expect(day).toHaveAccessibleDescription(acc("errors.dayInvalid"));
  await expect(day).toHaveValue("4a");

  // Numbers are taken as the shopper wrote them, shown padded.
  await day.fill("7");
  await save.click();
  await expect(section.getByTestId("section-notice")).toHaveText(acc("notices.saved"));
  await expect(day).toHaveValue("07");
  await expect(month).toHaveValue("03");
});

test("the favourites counter is hidden at 0 and shows the number above it", async ({ page }) => {
  await page.goto("/ru");
  const counter = page.getByTestId("fav-counter");
  const favourites = text("ru", "common", "layout.favourites");
  await expect(counter).toHaveAttribute("aria-label", `${favourites}: 0`);
  await expect(counter.locator(".counter__badge")).toHaveCount(0);
  await expect(page.getByTestId("fav-counter-mobile").locator(".counter__badge")).toHaveCount(0);

  expect((await page.request.post("/api/favorites", { form: { item_id: "2" } })).status()).toBe(201);
  await page.reload();
  await expect(counter.locator(".counter__badge")).toHaveText("1");
  await expect(counter).toHaveAttribute("aria-label", `${favourites}: 1`);

  expect((await page.request.delete("/api/favorites/2")).status()).toBeLessThan(300);
  await page.reload();
  await expect(counter.locator(".counter__badge")).toHaveCount(0);
});
