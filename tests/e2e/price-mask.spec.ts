import { applyFilters, expect, test, whenHydrated } from "./support";

const here = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

test("the price range takes money as the spec masks it (a space between thousands, a comma before 2 decimals); the filter is in whole UZS", async ({
  page,
  javaScriptEnabled: js,
}) => {
  await page.goto("/store/women/footwear");
  const form = page.locator("form#filters");
  await whenHydrated(form, js);
  const min = form.locator('input[name="price_min"]');
  const max = form.locator('input[name="price_max"]');
  if (js) {
    await min.click();
    await min.pressSequentially("100000.5");
    await expect(min).toHaveValue("100 000,5");
    // A price applies when it is left or with Enter.
    await min.press("Enter");
    await expect.poll(() => here(page.url())).toBe("/store/women/footwear?price_min=100001");
    await max.click();
    await max.pressSequentially("2500000.999");
    await expect(max).toHaveValue("2 500 000,99");
    await max.press("Enter");
  } else {
    // Without JavaScript a number field, as before.
    await expect(min).toHaveAttribute("type", "number");
    await min.fill("100000");
    await max.fill("2500000");
    await applyFilters(page, js);
  }
  await expect.poll(() => here(page.url())).toBe(`/store/women/footwear?price_min=${js ? "100001" : "100000"}&price_max=${js ? "2500001" : "2500000"}`);
  await expect(form.locator('input[name="price_min"]')).toHaveValue(js ? "100001" : "100000");
});
