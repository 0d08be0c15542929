import { NEWS } from "../../workers/seed/news";
import { expect, test, text } from "./support";

const newest = [...NEWS].sort((a, b) => b.date.localeCompare(a.date));

test("the news: from the footer to the list, its second page, an article and one of its products", async ({ page, pageErrors }) => {
  pageErrors.allowStatus(404);
  await page.goto("/ru");
  await page.locator("footer").getByRole("link", { name: text("ru", "common", "layout.news"), exact: true }).click();
  await expect(page).toHaveURL(/\/ru\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ru", "news", "title"));
  await expect(page.getByTestId("news-item")).toHaveCount(6);
  await expect(page.getByTestId("news-item").first()).toContainText(newest[0]!.texts.ru.title);
  // The catalogue's pager: the next page holds the older articles.
  await page.getByTestId("page-next").click();
  await expect(page).toHaveURL(/\/ru\/news\?page=2$/);
  await expect(page.getByTestId("news-item")).toHaveCount(NEWS.length - 6);
  const oldest = newest.at(-1)!;
  await page.getByRole("link", { name: oldest.texts.ru.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ru/news/${oldest.slug}$`));
  const article = page.getByTestId("news-article");
  await expect(article.getByRole("heading", { level: 1 })).toHaveText(oldest.texts.ru.title);
  await expect(page.getByTestId("news-date")).toHaveAttribute("datetime", oldest.date);
  await expect(article).toContainText(oldest.texts.ru.body[0]!);
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
