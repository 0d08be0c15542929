// The club: a club product's badge leads to the club's explanation; a card holder's own card page.
import { CLUB, expect, signIn, test, text } from "./support";

test("a club product's badge leads to the club explained; the own card page shows the card and its bonuses", async ({ page }) => {
  // A club product of the catalogue: its card carries the badge.
  const html = await (await page.request.get("/store?sort=popular")).text();
  const slug = [...html.matchAll(/<a class="card__link" href="\/product\/([a-z0-9-]+)"[\s\S]*?<\/a>/g)].find((m) => m[0].includes("badge--club"))?.[1];
  expect(slug, "a club product on the catalogue's first page").toBeTruthy();
  await page.goto(`/ru/product/${slug}`);
  await page.getByTestId("club-badge").click();
  await expect(page).toHaveURL(/\/ru\/club$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ru", "account", "club.aboutTitle"));
  await expect(page.getByTestId("club-rules")).toContainText(text("ru", "account", "club.howTitle"));

  await signIn(page, CLUB);
  await page.getByTestId("club-my-card").click();
  await expect(page).toHaveURL(/\/ru\/account\/club$/);
  await expect(page.getByTestId("club-number")).toHaveText(/\S/);
  await expect(page.getByTestId("club-balance")).toHaveText(/\d/);
  await expect(page.getByTestId("club-rule-bonuses")).toBeVisible();
});
