// Enter in the header's search box always searches what was typed, on a busy phone too.
import { expect, test, urlWith } from "./support";

test("Enter searches exactly what was typed, many times in a row, with the CPU of a cheap phone", async ({ page, javaScriptEnabled }) => {
  // Six times slower than this machine: typing, the suggestions' answers and the box's lazy module race.
  const cdp = javaScriptEnabled ? await page.context().newCDPSession(page) : null;
  await cdp?.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await page.goto("/ru");
  const box = page.locator('header.site-header input[name="q"]');
  const queries = ["кроссовки", "куртка", "krossovka", "сумка", "kurtka", "платье", "xudi", "jinsi", "кросс", "ko'ylak"];
  for (const [i, q] of queries.entries()) {
    await box.click();
    await box.fill("");
    await box.pressSequentially(q);
    // At once, or about when the suggestions' answer arrives (they wait 350 ms after the last key).
    if (i % 3) await page.waitForTimeout(i % 3 === 1 ? 300 : 450);
    await box.press("Enter");
    await expect(page, q).toHaveURL(urlWith("/ru/search", { q }));
    await expect(page.locator("main").getByRole("searchbox"), q).toHaveValue(q);
  }
  await cdp?.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});

test("two searches in a row land on the second, whatever the network answers first", async ({ page }) => {
  // A phone's network: the first search's side calls answer late, the second's early.
  let calls = 0;
  await page.route("**/api/search/history**", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await new Promise((resolve) => setTimeout(resolve, ++calls === 1 ? 2000 : 300));
    await route.continue();
  });
  await page.goto("/ru");
  const box = page.locator('header.site-header input[name="q"]');
  await box.click();
  await box.pressSequentially("куртка");
  await box.press("Enter");
  await box.click();
  await box.fill("сумка");
  await box.press("Enter");
  await expect(page).toHaveURL(urlWith("/ru/search", { q: "сумка" }));
  // The first one's late answer takes the shopper nowhere.
  await page.waitForTimeout(2500);
  await expect(page).toHaveURL(urlWith("/ru/search", { q: "сумка" }));
  await expect(page.locator("main").getByRole("searchbox")).toHaveValue("сумка");
});
