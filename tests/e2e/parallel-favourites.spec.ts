// A guest's favourites are rows: hearts pressed at once in several tabs all stay.
import { expect, test, whenHydrated } from "./support";

test("a guest presses the heart of three products in three tabs at once: all are kept", async ({ page, context, javaScriptEnabled: js }) => {
  const html = await (await page.request.get("/store?sort=price_asc")).text();
  const slugs = [...new Set([...html.matchAll(/href="\/product\/([a-z0-9-]+)"/g)].map((m) => m[1]!))].slice(0, 4);
  // The guest's session first (a favourite already kept), then the two tabs.
  await page.goto(`/ru/product/${slugs[0]}`);
  await whenHydrated(page.locator(".product__heart"), js);
  await page.getByTestId("heart").click();
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /1$/);
  const tabs = [page, await context.newPage(), await context.newPage()];
  await Promise.all(tabs.map((tab, i) => tab.goto(`/ru/product/${slugs[i + 1]}`)));
  for (const tab of tabs) await whenHydrated(tab.locator(".product__heart"), js);
  // Pressed together: the three writes reach the server at the same moment. With JavaScript the
  // heart turns at once and its write follows: each write is answered before a tab leaves its page.
  const written = (tab: typeof page) =>
    js ? tab.waitForResponse((r) => new URL(r.url()).pathname === "/api/favorites" && r.request().method() === "POST") : Promise.resolve(null);
  await Promise.all(tabs.map((tab) => Promise.all([written(tab), tab.getByTestId("heart").click()])));
  for (const tab of tabs) await expect(tab.getByTestId("heart")).toHaveAttribute("aria-pressed", "true");
  await page.goto("/ru/favorite");
  await expect(page.getByTestId("fav-item")).toHaveCount(4);
});
