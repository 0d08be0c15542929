// Shared helpers of the end-to-end specs. Every spec runs in both projects
// ("js" and "no-js") with the same code: the helpers below are where the two
// differ (auto-submit with JavaScript, an Apply button without it).
import { readFileSync } from "node:fs";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

export { expect };

/**
 * Playwright's test, failing any test whose pages throw or log an error
 * (a hydration mismatch, a CSP-blocked script, a failed request). The one
 * expected error is the browser's note about a page answered with 404.
 */
export const test = base.extend<{ pageErrors: void }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`${page.url()}: uncaught ${error.message}`));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        if (/^Failed to load resource: the server responded with a status of 404\b/.test(message.text())) return;
        errors.push(`${page.url()}: console.error ${message.text()}`);
      });
      await use();
      expect(errors, "errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

type Lang = "uz" | "ru" | "uk";
type Messages = { [key: string]: string | Messages };

/** One namespace of locales/<lang>/<ns>.json (the texts the shopper sees). */
export function messages(lang: Lang, ns: "catalogue" | "common" | "home" | "product" | "search"): Messages {
  return JSON.parse(readFileSync(new URL(`../../locales/${lang}/${ns}.json`, import.meta.url), "utf8")) as Messages;
}

/** A string message by dotted key ("errors.notFoundTitle"). */
export function text(lang: Lang, ns: Parameters<typeof messages>[1], key: string): string {
  let value: string | Messages | undefined = messages(lang, ns);
  for (const part of key.split(".")) value = typeof value === "object" ? value[part] : undefined;
  if (typeof value !== "string") throw new Error(`no message ${lang}/${ns}:${key}`);
  return value;
}

/**
 * Products the demo catalogue always has: a copy of FIXTURES in
 * workers/seed/catalogue.ts (tests/unit/seed.test.ts keeps that one true). Not
 * imported: the e2e TypeScript project does not include workers/.
 */
export const FIXTURES = {
  productOneSlug: "chimgan-outdoor-bahor-sneakers-khaki-1",
  soldOutProductSlug: "tashkent-tailor-metro-jeans-burgundy-14",
} as const;

/** The brand of the seed whose name has the Uzbek oʻ (U+02BB), as the shop shows it. */
export const OZBEGIM = "O\u02BBzbegim";

export const cards = (page: Page) => page.getByTestId("product-card");

/** The number in data-testid="result-count" ("46 ta mahsulot" → 46). */
export async function resultCount(page: Page): Promise<number> {
  const label = await page.getByTestId("result-count").textContent();
  const match = /\d[\d\s]*/.exec(label ?? "");
  if (!match) throw new Error(`no number in result count ${JSON.stringify(label)}`);
  return Number(match[0].replace(/\s/g, ""));
}

/** "1 268 000 so'm" → 1268000; anything else in the price slot fails the test. */
export function parseUzs(label: string): number {
  const match = /^(\d{1,3}(?: \d{3})*) so'm$/.exec(label.trim());
  if (!match) throw new Error(`not a price in so'm: ${JSON.stringify(label)}`);
  return Number(match[1]!.replace(/ /g, ""));
}

/** Current prices of the cards on the page, in order (cards with a hidden price have none). */
export async function cardPrices(page: Page): Promise<number[]> {
  const labels = await cards(page).getByTestId("price").locator(".price__now").allTextContents();
  return labels.map(parseUzs);
}

export function expectNonDecreasing(values: number[]) {
  for (let i = 1; i < values.length; i++) {
    expect(values[i], `price #${i + 1} (${values[i]}) after ${values[i - 1]}: ${values.join(", ")}`).toBeGreaterThanOrEqual(values[i - 1]!);
  }
}

const ascending = (values: number[]) => values.every((v, i) => i === 0 || v >= values[i - 1]!);

/**
 * The card prices once the page shows them in ascending order (with JavaScript
 * the new page may render a moment after the URL changed), checked one by one.
 */
export async function expectPricesAscending(page: Page): Promise<number[]> {
  await expect.poll(async () => ascending(await cardPrices(page)), { message: "card prices in ascending order" }).toBe(true);
  const prices = await cardPrices(page);
  expect(prices.length).toBeGreaterThan(1);
  expectNonDecreasing(prices);
  return prices;
}

/**
 * With JavaScript, waits until React has hydrated `element` (its event
 * handlers are attached), so a change on it auto-submits instead of being
 * lost before hydration. Without JavaScript there is nothing to wait for.
 */
export async function whenHydrated(element: Locator, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$"))), {
      message: "React hydrated the element",
    })
    .toBe(true);
}

/**
 * With JavaScript, marks the current document so that `expectSameDocument`
 * can tell a client-side navigation (the enhancement) from a full page load.
 */
export async function markDocument(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { e2eMark?: boolean }).e2eMark = true));
}

export async function expectSameDocument(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  expect(await page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark), "navigated without a page load").toBe(true);
}

/**
 * After a change in the filters form: with JavaScript the form submits itself;
 * without it the shopper presses Apply (the page must not have moved by itself).
 */
export async function applyFilters(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) return;
  const before = page.url();
  await page.locator("form#filters").getByRole("button", { name: text("uz", "catalogue", "apply"), exact: true }).click();
  await page.waitForURL((url) => url.href !== before);
}

/** Same for the sort select, which has its own Apply button (data-testid="sort-apply"). */
export async function applySort(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) return;
  const before = page.url();
  await page.getByTestId("sort-apply").click();
  await page.waitForURL((url) => url.href !== before);
}

/** A predicate for expect(page).toHaveURL: path and the given query parameters (others allowed). */
export function urlWith(pathname: string, params: Record<string, string | string[] | null> = {}) {
  return (url: URL) =>
    url.pathname === pathname &&
    Object.entries(params).every(([name, want]) => {
      const got = url.searchParams.getAll(name);
      if (want === null) return got.length === 0;
      const wanted = Array.isArray(want) ? want : [want];
      return wanted.length === got.length && wanted.every((v) => got.includes(v));
    });
}
