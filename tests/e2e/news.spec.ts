import { expect, test, text } from "./support";

// The demo news (workers/seed/news.ts): eight articles, six a page, each showing three products.
test("the news: from the footer to the list, its second page, an article and one of its products", async ({ page, pageErrors }) => {
  pageErrors.allowStatus(404);
  await page.goto("/ru");
  await page
    .locator("footer")
    .getByRole("link", { name: text("ru", "news", "title"), exact: true })
    .click();
  await expect(page).toHaveURL(/\/ru\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ru", "news", "title"));
  await expect(page.getByTestId("news-item")).toHaveCount(6);
  // The catalogue's pager: the next page holds the older articles.
  await page.getByTestId("page-next").click();
  await expect(page).toHaveURL(/\/ru\/news\?page=2$/);
  await expect(page.getByTestId("news-item")).toHaveCount(2);
  const last = page.getByTestId("news-item").last().getByRole("link");
  const title = (await last.innerText()).trim();
  await last.click();
  await expect(page).toHaveURL(/\/ru\/news\/[a-z0-9-]+$/);
  const article = page.getByTestId("news-article");
  await expect(article.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("news-date")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
  await expect(article.locator("img.news-article__cover")).toBeVisible();
  await expect(page.getByTestId("product-card")).toHaveCount(3);
  await page.getByTestId("product-card").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/ru\/product\//);
  await expect(page.getByTestId("product")).toBeVisible();
  // Past the last page: not found, with a way to the first.
  const past = await page.goto("/uk/news?page=9");
  expect(past?.status()).toBe(404);
  await page.getByTestId("first-page").click();
  await expect(page).toHaveURL(/\/uk\/news$/);
  await expect(page.getByTestId("news-item")).toHaveCount(6);
});
