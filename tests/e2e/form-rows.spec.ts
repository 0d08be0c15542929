// Form rows' floating label, with and without JavaScript (CSS does it: :focus-within and
// :placeholder-shown): the label rests in the empty field, floats above it on focus and while it
// holds a value, and comes back down when the field is left empty. Spaces alone: JavaScript
// empties the field as it is left; without it the label stays up (docs/behaviour.md).
import type { Locator, Page } from "@playwright/test";
import { expect, test, text, whenHydrated } from "./support";

const auth = (key: string) => text("ru", "auth", key);

/** The row of the field labelled `label`: its field and its label. */
function row(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: true });
  const box = page.locator(".row", { has: field });
  return { field, box, label: box.locator("label") };
}

/** The label floats: scaled down to the field's top edge (its resting place is the field's middle). */
async function floats(label: Locator, field: Locator): Promise<boolean> {
  const [l, f, transform] = await Promise.all([label.boundingBox(), field.boundingBox(), label.evaluate((el) => getComputedStyle(el).transform)]);
  // Always inside the field's box, never beside or over another row.
  expect(l!.y).toBeGreaterThanOrEqual(f!.y);
  expect(l!.y + l!.height).toBeLessThanOrEqual(f!.y + f!.height);
  const upper = l!.y + l!.height / 2 < f!.y + f!.height / 2 - 4;
  expect(transform !== "none", "the label's transform says as much as its place").toBe(upper);
  return upper;
}

test.beforeEach(async ({ page }) => {
  // The label moves in 150 ms; without motion its place is final at once.
  await page.emulateMedia({ reducedMotion: "reduce" });
});

test("a field's label floats on focus and input and comes back down when the field is left empty", async ({ page, javaScriptEnabled: js }) => {
  await page.goto("/ru/login");
  const login = row(page, auth("fields.login"));
  await whenHydrated(login.field, js);
  expect(await floats(login.label, login.field), "empty: the label rests in the field").toBe(false);

  await login.field.focus();
  expect(await floats(login.label, login.field), "focused").toBe(true);
  await login.field.blur();
  expect(await floats(login.label, login.field), "left empty").toBe(false);

  await login.field.focus();
  await page.keyboard.type("a");
  expect(await floats(login.label, login.field), "typing").toBe(true);
  await login.field.blur();
  expect(await floats(login.label, login.field), "left with a value").toBe(true);
  await expect(login.field).toHaveValue("a");

  await login.field.fill("");
  await login.field.blur();
  expect(await floats(login.label, login.field), "emptied and left").toBe(false);

  // Only spaces: emptied as it is left with JavaScript; CSS alone cannot trim them.
  await login.field.fill("   ");
  await login.field.blur();
  await expect(login.field).toHaveValue(js ? "" : "   ");
  expect(await floats(login.label, login.field), "left with spaces").toBe(!js);

  // The password row floats the same way, its show/hide button clear of the label.
  const password = row(page, auth("fields.password"));
  expect(await floats(password.label, password.field)).toBe(false);
  await password.field.fill("secret");
  await password.field.blur();
  expect(await floats(password.label, password.field)).toBe(true);
  if (js) {
    const toggle = (await page.locator(".password__toggle").boundingBox())!;
    const label = (await password.label.boundingBox())!;
    expect(label.x + label.width, "the label ends before the show/hide button").toBeLessThanOrEqual(toggle.x);
  }
});

test("a field with a real placeholder shows it only under the focus, where the label has floated", async ({ page, javaScriptEnabled: js }) => {
  await page.goto("/ru/login/sms");
  const phone = row(page, auth("fields.phone"));
  await whenHydrated(phone.field, js);
  const placeholderColour = () => phone.field.evaluate((el) => getComputedStyle(el, "::placeholder").color);
  expect(await floats(phone.label, phone.field)).toBe(false);
  expect(await placeholderColour()).toBe("rgba(0, 0, 0, 0)");
  await phone.field.focus();
  expect(await floats(phone.label, phone.field)).toBe(true);
  if (!js) expect(await placeholderColour()).not.toBe("rgba(0, 0, 0, 0)");
});

test("a saved value shows its label above the field from the first paint", async ({ page, javaScriptEnabled: js, member }) => {
  await page.goto("/ru/account");
  const firstName = row(page, auth("fields.firstName"));
  await whenHydrated(firstName.field, js);
  await expect(firstName.field).toHaveValue(member.firstName);
  expect(await floats(firstName.label, firstName.field)).toBe(true);
  const lastName = row(page, text("ru", "account", "personal.lastName"));
  expect(await floats(lastName.label, lastName.field)).toBe(false);
});
