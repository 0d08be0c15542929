// The favourites page, with and without JavaScript: the list a guest keeps in the
// session, another size, filters as GET parameters, add to cart from it, remove, the empty state.
import type { Locator, Page } from "@playwright/test";
import { expect, hasClubBadge, signIn, test, text, whenHydrated } from "./support";

const fav = (key: string) => text("ru", "favourites", key);
const common = (key: string) => text("ru", "common", key);

/** Presses a heart that is off and sees it on; with JavaScript it turns before the server answers, so this waits for the answer. */
async function pressHeart(page: Page, heart: Locator, js: boolean) {
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expect(heart).toHaveAccessibleName(common("heart.add"));
  const answered = js ? page.waitForResponse((r) => r.url().endsWith("/api/favorites") && r.request().method() === "POST") : null;
  await heart.click();
  await answered;
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(heart).toHaveAccessibleName(common("heart.remove"));
}

/** Two products (with their ids and sizes) made favourites through the API, with the page's cookies. */
async function twoFavourites(page: Page) {
  const html = await (await page.request.get("/store?sort=popular")).text();
  const added: { id: string; sizes: string[] }[] = [];
  // From the listing's end: other tests' orders (fillCart) buy from its start, and a size they
  // sell out under this test would leave "to the cart" nothing to add.
  for (const slug of [...new Set([...html.matchAll(/href="\/product\/([a-z0-9-]+)"/g)].map((m) => m[1]!))].reverse()) {
    const product = await (await page.request.get(`/product/${slug}`)).text();
    const id = /name="primaryId" value="(\d+)"/.exec(product)?.[1];
    const sizes = [...product.matchAll(/<input type="radio" name="purchasableId" value="(\d+)"\/>/g)].map((m) => m[1]!);
    if (!id || sizes.length < 2 || hasClubBadge(product)) continue;
    expect((await page.request.post("/api/favorites", { form: { item_id: id } })).status()).toBe(201);
    added.push({ id, sizes });
    if (added.length === 2) return added;
  }
  throw new Error("not enough products with two sizes in stock");
}

test("a guest's favourites: listed, another size, filters, to the cart, removed down to the empty state", async ({ page, javaScriptEnabled: js }) => {
  const [first, second] = await twoFavourites(page);
  await page.goto("/ru/favorite");
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /2$/);
  const items = page.getByTestId("fav-item");
  await expect(items).toHaveCount(2);
  // Newest first.
  await expect(items.first()).toHaveAttribute("id", `fav-${second!.id}`);

  // Another size: kept with it (without JavaScript through the "save size" button).
  const item = page.locator(`#fav-${first!.id}`);
  await whenHydrated(item.getByTestId("fav-size"), js);
  await item.getByTestId("fav-size").selectOption(first!.sizes[1]!);
  if (!js) await item.getByTestId("fav-size-save").click();
  await expect(page.getByTestId("fav-notice")).toHaveText(fav("notices.size"));
  await expect(page.locator(`#fav-${first!.id}`).getByTestId("fav-size")).toHaveValue(first!.sizes[1]!);

  // A filter is a GET parameter.
  await whenHydrated(page.getByTestId("fav-apply"), js);
  await page.getByLabel(fav("filters.activeOnly")).check();
  if (!js) await page.getByTestId("fav-apply").click();
  await expect(page).toHaveURL(/active-product=1/);
  await expect(page.getByTestId("fav-item")).toHaveCount(2);

  // To the cart with the chosen size.
  await page.locator(`#fav-${first!.id}`).getByTestId("fav-to-cart").click();
  await expect(page.getByTestId("cart-counter")).toHaveAttribute("aria-label", /1$/);

  await page.goto("/ru/favorite");
  await whenHydrated(page.locator(`#fav-${first!.id}`).getByTestId("fav-remove"), js);
  await page.locator(`#fav-${first!.id}`).getByTestId("fav-remove").click();
  await expect(page.getByTestId("fav-notice")).toHaveText(fav("notices.removed"));
  await expect(page.getByTestId("fav-item")).toHaveCount(1);
  await page.getByTestId("fav-remove").click();
  await expect(page.getByTestId("fav-empty")).toBeVisible();
  await expect(page.getByTestId("fav-empty").getByRole("link", { name: fav("toCatalogue") })).toHaveAttribute("href", "/ru/store");
});

test("the heart on a product page: pressed, counted, listed; pressed again, gone", async ({ page, javaScriptEnabled: js }) => {
  const html = await (await page.request.get("/store?sort=price_asc")).text();
  const slug = /href="\/product\/([a-z0-9-]+)"/.exec(html)![1]!;
  await page.goto(`/ru/product/${slug}`);
  const heart = page.getByTestId("heart");
  // The heart is the server's markup: its container is what hydrates.
  await whenHydrated(page.locator(".product__heart"), js);
  await pressHeart(page, heart, js);
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /1$/);
  if (js) {
    // The page inserts the wishlist's retargeting script (the shop's own), which hands the list to the data layer.
    const pushed = () =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer?: { event?: string; retargeting?: { inList: boolean; items: unknown[] } }[] }).dataLayer ?? []).filter(
          (e) => e.event === "retargeting_wishlist",
        ),
      );
    await expect
      .poll(pushed)
      .toEqual([{ event: "retargeting_wishlist", retargeting: expect.objectContaining({ inList: true, currency: "UZS", items: [expect.anything()] }) }]);
    await expect(page.locator('script[src^="/api/retargeting/"]')).toHaveCount(0);
  }
  // Without JavaScript the form came back to the same product page.
  await expect(page).toHaveURL(new RegExp(`/ru/product/${slug}`));

  await page.goto("/ru/favorite");
  await expect(page.getByTestId("fav-item")).toHaveCount(1);
  await page.goto(`/ru/product/${slug}`);
  await whenHydrated(page.locator(".product__heart"), js);
  await page.getByTestId("heart").click();
  await expect(page.getByTestId("heart")).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /0$/);
});

test("the heart on a card: pressed in the listing, counted, back at the same page; the page remembers it; pressed again, gone", async ({
  page,
  javaScriptEnabled: js,
}) => {
  const listing = "/ru/store?sort=price_asc&page=2";
  await page.goto(listing);
  const card = page.getByTestId("product-card").nth(3);
  const id = (await card.getAttribute("id"))!;
  const heart = card.getByTestId("card-heart");
  // The hearts are the grid's markup: the grid's handler is what hydrates.
  await whenHydrated(page.locator("div.grid"), js);
  await pressHeart(page, heart, js);
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /: 1$/);
  await expect(page.getByTestId("fav-counter-mobile")).toHaveAttribute("aria-label", /: 1$/);
  // Without JavaScript the post came back to the same listing page, at the card.
  await expect(page).toHaveURL(`${listing}${js ? "" : `#${id}`}`);

  // The state comes from the session, in every grid that shows the product.
  await page.goto(listing);
  await expect(page.locator(`#${id}`).getByTestId("card-heart")).toHaveAttribute("aria-pressed", "true");
  await page.goto("/ru/favorite");
  await expect(page.getByTestId("fav-item")).toHaveCount(1);
  await expect(page.getByTestId("fav-item")).toHaveAttribute("id", `fav-${id.slice(1)}`);

  await page.goto(listing);
  const again = page.locator(`#${id}`).getByTestId("card-heart");
  await whenHydrated(page.locator("div.grid"), js);
  await again.click();
  await expect(again).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /: 0$/);
});

test("a brand's heart: followed from its catalogue page, listed in the brands tab, unfollowed there", async ({ page, javaScriptEnabled: js }) => {
  await page.goto("/ru/store?brand=aral-sport");
  const heart = page.getByTestId("brand-heart");
  await whenHydrated(heart, js);
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/\/ru\/store\?brand=aral-sport$/);

  await page.goto("/ru/favorite");
  await page.getByTestId("fav-tab-brands").click();
  await expect(page).toHaveURL(/tab=brands/);
  const brand = page.getByTestId("fav-brand");
  await expect(brand).toHaveCount(1);
  await expect(brand.getByRole("link")).toHaveAttribute("href", "/ru/store?brand=aral-sport");
  await whenHydrated(brand.getByTestId("fav-brand-unfollow"), js);
  await brand.getByTestId("fav-brand-unfollow").click();
  await expect(page.getByTestId("fav-notice")).toHaveText(fav("notices.unfollowed"));
  await expect(page.getByTestId("fav-brands-empty")).toBeVisible();
});

test("a guest's 55 favourites join the account at login, which pages them 24 at a time", async ({ page, javaScriptEnabled: js, newAccount }) => {
  const account = await newAccount();
  for (let id = 1; id <= 55; id++) expect((await page.request.post("/api/favorites", { form: { item_id: String(id) } })).status()).toBe(201);
  await page.goto("/ru/favorite");
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /: 55$/);
  await signIn(page, account);

  await page.goto("/ru/favorite");
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /: 55$/);
  await expect(page.getByTestId("fav-item")).toHaveCount(24);
  const next = page.getByTestId("page-next");
  await whenHydrated(page.locator("nav.pagination"), js);
  await next.click();
  await expect(page).toHaveURL(/[?&]page=2/);
  // The address changes before the new page renders: wait for page 2's own pager.
  await expect(page.locator(".pagination__current")).toHaveText("2");
  await expect(page.getByTestId("fav-item")).toHaveCount(24);
  await page.getByTestId("page-next").click();
  await expect(page).toHaveURL(/[?&]page=3/);
  await expect(page.locator(".pagination__current")).toHaveText("3");
  await expect(page.getByTestId("fav-item")).toHaveCount(7);
  await expect(page.getByTestId("page-next")).toHaveCount(0);
});

test("with JavaScript a card's heart turns and counts at once, ignores a second click while the first is pending, and turns back with a message when refused", async ({
  page,
  javaScriptEnabled: js,
  pageErrors,
}) => {
  test.skip(!js, "the optimistic toggle is JavaScript's; without it the form posts");
  pageErrors.allowStatus(429);
  await page.goto("/ru/store?sort=price_asc");
  await whenHydrated(page.locator("div.grid"), js);
  const card = page.getByTestId("product-card").nth(1);
  const heart = card.getByTestId("card-heart");

  // The server answers late: the heart and the counters have moved already, one request only.
  let posts = 0;
  let answer!: () => void;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route("**/api/favorites", async (route) => {
    posts++;
    await held;
    await route.continue();
  });
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /: 1$/);
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  answer();
  await expect.poll(() => posts).toBe(1);
  await page.unroute("**/api/favorites");
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /: 1$/);

  // Refused (the per-address limit): back off, with the message; the counter follows.
  const other = page.getByTestId("product-card").nth(2).getByTestId("card-heart");
  await page.route("**/api/favorites", (route) => route.fulfill({ status: 429, headers: { "Retry-After": "60" }, json: { message: "limited" } }));
  await other.click();
  await expect(page.getByRole("alert").filter({ hasText: common("heart.failed") })).toBeVisible();
  await expect(other).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /: 1$/);
  await expect(heart).toHaveAttribute("aria-pressed", "true");
});

test("with JavaScript a guest's quick hearts on two cards on a slow network are both kept", async ({ page, javaScriptEnabled: js }) => {
  test.skip(!js, "without JavaScript each heart is a page's post");
  await page.goto("/ru/store?sort=price_asc");
  await whenHydrated(page.locator("div.grid"), js);
  const [a, b] = [page.getByTestId("product-card").nth(4), page.getByTestId("product-card").nth(5)];
  const ids = [(await a.getAttribute("id"))!, (await b.getAttribute("id"))!];
  // A slow network: whatever is sent reaches the shop 300 ms later, so two posts sent together arrive together.
  await page.route("**/api/favorites", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await a.getByTestId("card-heart").click();
  await b.getByTestId("card-heart").click();
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /: 2$/);
  // Both posts reach the shop and both stay.
  const kept = async () => ((await (await page.request.get("/api/favorites")).json()) as { product_id: number }[]).map((f) => `p${f.product_id}`).sort();
  await expect.poll(kept, { timeout: 5000 }).toEqual([...ids].sort());
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /: 2$/);
  await page.unroute("**/api/favorites");
  await page.reload();
  for (const id of ids) await expect(page.locator(`#${id}`).getByTestId("card-heart")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("fav-counter")).toHaveAttribute("aria-label", /: 2$/);
});
