// Shared helpers of the end-to-end specs. Every spec runs in both projects
// ("js" and "no-js") with the same code: the helpers below are where the two
// differ (auto-submit with JavaScript, an Apply button without it).
import { execFileSync } from "node:child_process";
import { currentWorker, e2ePort, e2eState } from "./servers";
import { readFileSync } from "node:fs";
import { type APIRequestContext, test as base, expect, type Locator, type Page } from "@playwright/test";
import { CLUB, DEMO } from "../shared/accounts";
import { addressMaker } from "../shared/addresses";

export { expect };

/** A client address of the test's own (the local server keeps the CF-Connecting-IP the client sends). */
export const clientAddress = addressMaker(process.pid);

/**
 * Playwright's test, failing any test whose pages throw or log an error
 * (a hydration mismatch, a CSP-blocked script, a failed request). The one
 * expected error is the browser's note about a page answered with 404; a
 * test that provokes another status on purpose (a form answered 400) says so
 * with `pageErrors.allowStatus(400)`. Every test browses from a client
 * address of its own; `member` and `newAccount` give it accounts.
 */
export const test = base.extend<{
  pageErrors: { allowStatus(status: number): void; allowMessage(pattern: RegExp): void };
  member: Account;
  newAccount: () => Promise<Account>;
}>({
  /** This worker's own server (tests/e2e/servers.ts). */
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; it needs none.
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${e2ePort(testInfo.parallelIndex)}`);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "CF-Connecting-IP": clientAddress() });
  },
  /** The page starts signed in to a new account of its own (`signUp(page)`). */
  member: async ({ page }, use) => {
    await use(await signUp(page));
  },
  /**
   * Makes accounts as another client would (its own cookies and client address):
   * the page stays a guest, and can sign in with them (`signIn`, or the login form).
   */
  newAccount: async ({ playwright, baseURL }, use) => {
    const clients: APIRequestContext[] = [];
    await use(async () => {
      const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() } });
      clients.push(client);
      return signUp(client);
    });
    for (const client of clients) await client.dispose();
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed = new Set([404]);
      const messages: RegExp[] = [];
      page.on("pageerror", (error) => {
        if (!messages.some((m) => m.test(error.message))) errors.push(`${page.url()}: uncaught ${error.message}`);
      });
      page.on("console", (message) => {
        if (message.type() !== "error" || messages.some((m) => m.test(message.text()))) return;
        const status = /^Failed to load resource: the server responded with a status of (\d{3})\b/.exec(message.text());
        if (status && allowed.has(Number(status[1]))) return;
        errors.push(`${page.url()}: console.error ${message.text()}`);
      });
      await use({ allowStatus: (status) => void allowed.add(status), allowMessage: (pattern) => void messages.push(pattern) });
      expect(errors, "errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

type Lang = "uz" | "ru" | "uk";
type Messages = { [key: string]: string | Messages };

/** One namespace of locales/<lang>/<ns>.json (the texts the shopper sees). */
export function messages(
  lang: Lang,
  ns:
    | "account"
    | "auth"
    | "cart"
    | "catalogue"
    | "common"
    | "favourites"
    | "gifts"
    | "home"
    | "info"
    | "maintenance"
    | "news"
    | "newsletter"
    | "ops"
    | "orders"
    | "product"
    | "reviews"
    | "search"
    | "searchbox"
    | "server"
    | "sizes",
): Messages {
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

/**
 * Products of the demo catalogue by how many demo reviews they have (workers/seed/reviews.ts;
 * tests/unit/seed.test.ts keeps these true).
 */
export const REVIEWED = {
  many: "khiva-leather-nur-shoes-green-5",
  six: "khiva-leather-nur-shoes-burgundy-4",
  five: "chimgan-outdoor-bahor-sneakers-beige-3",
  one: "chimgan-outdoor-bahor-sneakers-red-2",
  none: "kamalak-safar-cap-red-6",
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
  await page
    .locator("form#filters")
    .getByRole("button", { name: text("uz", "catalogue", "apply"), exact: true })
    .click();
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

// ——— Accounts: unique identities, and the codes and links of /dev/outbox ———

let sequence = 0;

/**
 * A tag no earlier run used: the local D1 persists between runs, so e-mails
 * and phones must differ from yesterday's as well as between the projects.
 */
export function uniqueTag(projectName: string): string {
  return `${projectName}-${Date.now().toString(36)}-${sequence++}`;
}

/** A fresh e-mail address (lowercase, as the shop stores it). */
export function uniqueEmail(projectName: string, what: string): string {
  return `e2e-${what}-${uniqueTag(projectName)}@example.com`.toLowerCase();
}

/**
 * A fresh Uzbek mobile number "+998 9X XXX XX XX" (as a shopper types it),
 * from the clock: every call gets a larger number than the one before.
 */
export function uniquePhone(): { typed: string; stored: string } {
  const digits = `9${String((Date.now() + sequence++) % 1e8).padStart(8, "0")}`;
  const typed = `+998 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}`;
  return { typed, stored: `+998${digits}` };
}

/**
 * Enters a phone the way a shopper does: without JavaScript typed in full,
 * with it into the "+998 ## ### ####" mask (which shows the +998 itself), so
 * just the nine digits.
 */
export async function enterPhone(field: Locator, phone: { typed: string; stored: string }, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return field.fill(phone.typed);
  const national = phone.stored.slice(4);
  await field.click();
  await field.pressSequentially(national);
  await expect(field).toHaveValue(`+998 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`);
}

/** "+998901234567" → "+998 90 123 45 67", the way the account page shows a phone. */
export function formatPhone(stored: string): string {
  return stored.replace(/^\+998(\d{2})(\d{3})(\d{2})(\d{2})$/, "+998 $1 $2 $3 $4");
}

/**
 * The body of the newest message of `channel` to `recipient` on /dev/outbox
 * (read in a page of its own, so the flow's page stays where it is).
 */
export async function latestMessage(page: Page, channel: "sms" | "email" | "call", recipient: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto("/dev/outbox");
    const row = outbox.locator(`tr[data-channel="${channel}"][data-recipient="${recipient}"]`).first();
    await expect(row, `an ${channel} to ${recipient} on /dev/outbox`).toBeAttached();
    return (await row.locator("td.outbox__body").textContent()) ?? "";
  } finally {
    await outbox.close();
  }
}

/** The six-digit code of the newest SMS to `phone` ("+998901234567"). */
export async function smsCode(page: Page, phone: string): Promise<string> {
  const body = await latestMessage(page, "sms", phone);
  const match = /\b(\d{6})\b/.exec(body);
  if (!match) throw new Error(`no code in the SMS ${JSON.stringify(body)}`);
  return match[1]!;
}

/** The code of the newest flash call to `phone`: the last four digits of the number it comes from (/dev/outbox lists it). */
export async function callCode(page: Page, phone: string): Promise<string> {
  const caller = (await latestMessage(page, "call", phone)).trim();
  if (!/^\+\d{9,15}$/.test(caller)) throw new Error(`no calling number in the call ${JSON.stringify(caller)}`);
  return caller.slice(-4);
}

/**
 * The link to `pathname` in the newest e-mail to `email`, as a path with its
 * query (the e-mail names the shop's origin; the test opens it on its own).
 */
export async function emailLink(page: Page, email: string, pathname: string): Promise<string> {
  const body = await latestMessage(page, "email", email);
  for (const candidate of body.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(candidate);
    if (url.pathname === pathname) return url.pathname + url.search;
  }
  throw new Error(`no link to ${pathname} in the e-mail ${JSON.stringify(body)}`);
}

// ——— A shopper signed up and signed in ———

/** An account: `login` is what the login form takes (here the e-mail). */
export type Account = { login: string; email: string; password: string; firstName: string };

/** The seed's demo accounts (they persist between runs). */
export { CLUB, DEMO };

/**
 * Signs up a new account through the sign-up form's own POST, with the cookies of
 * `client` (a page, or a request context): that client is then signed in to it.
 */
export async function signUp(client: Page | APIRequestContext, firstName = "Sevara"): Promise<Account> {
  const request = "request" in client ? client.request : client;
  const email = uniqueEmail(base.info().project.name, "member");
  const account = { login: email, email, password: "Member-pass-1", firstName };
  const res = await request.post("/signup", { form: { firstName, email, password: account.password, returnUrl: "" }, maxRedirects: 0 });
  const limited = res.status() === 429 ? " (the sign-ups of one client address are used up)" : "";
  expect(res.status(), `sign-up of ${email}${limited}`).toBe(303);
  return account;
}

/** Signs the page in to `account` through the login form's own POST (its context's cookies). */
export async function signIn(page: Page, account: { login: string; password: string }) {
  const res = await page.request.post("/login", { form: { login: account.login, password: account.password }, maxRedirects: 0 });
  expect(res.status(), `login of ${account.login}`).toBe(303);
}

// ——— A cart with lines ———

/**
 * A product page's product is a club product: its own badge (not the inline stylesheet's rule,
 * nor a related card's, whose markup the page may carry already written when its read came back
 * before the first flush).
 */
export const hasClubBadge = (html: string) => html.includes('data-testid="club-badge"');

/**
 * Puts `lines` different products into the page's cart through the JSON call
 * (the page's own cookies): the first size in stock of each product of the
 * catalogue's first page that can be bought, club products only with `club`
 * (promo codes and bonuses leave them out), none of `skip` (slugs). Returns
 * their slugs.
 */
export async function fillCart(page: Page, lines = 1, { club = false, skip = [] }: { club?: boolean; skip?: string[] } = {}): Promise<string[]> {
  const html = await (await page.request.get("/store?sort=popular")).text();
  const added: string[] = [];
  for (const slug of new Set([...html.matchAll(/href="\/product\/([a-z0-9-]+)"/g)].map((m) => m[1]!))) {
    if (added.length === lines) break;
    if (skip.includes(slug)) continue;
    const product = await (await page.request.get(`/product/${slug}`)).text();
    const primaryId = /name="primaryId" value="(\d+)"/.exec(product)?.[1];
    const sku = /<input type="radio" name="purchasableId" value="(\d+)"\/>/.exec(product)?.[1];
    if (!primaryId || !sku || !product.includes('data-testid="add-to-cart-button"')) continue;
    if (!club && hasClubBadge(product)) continue;
    if ((await page.request.post("/api/cart", { form: { primaryId, purchasableId: sku, quantity: "1" } })).status() === 201) added.push(slug);
  }
  expect(added, `${lines} products added to the cart`).toHaveLength(lines);
  return added;
}

/** Places the page's cart as a cash order to a Tashkent address (the place-order form's post, as `name`); answers its confirmation page's path. */
export async function placeCashOrder(page: Page, name: string): Promise<string> {
  const res = await page.request.post("/order/request", {
    form: {
      name,
      phone: uniquePhone().typed,
      cityId: "1",
      deliveryTypeId: "1",
      street: "Amir Temur",
      house: "15",
      paymentMethod: "cash",
      idempotencyKey: crypto.randomUUID().replaceAll("-", ""),
    },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  return res.headers().location!;
}

/**
 * The contacts step: waits for the form to be live (with JavaScript), types
 * the name (a guest; null keeps the account's) and the phone, and goes on.
 * `check` runs on the form before typing (what an account filled in).
 */
export async function giveContacts(
  page: Page,
  js: boolean,
  lang: "uz" | "ru" | "uk",
  name: string | null,
  phone = uniquePhone(),
  check?: (contacts: Locator) => Promise<void>,
) {
  const contacts = page.getByTestId("contacts-form");
  const go = contacts.getByRole("button", { name: text(lang, "orders", "checkout.continue") });
  await whenHydrated(go, js);
  await check?.(contacts);
  if (name !== null) await contacts.getByLabel(text(lang, "orders", "checkout.name")).fill(name);
  await enterPhone(contacts.getByLabel(text(lang, "auth", "fields.phone")), phone, js);
  await go.click();
  return phone;
}

/**
 * The city: without JavaScript the native select and its "show" button; with
 * it the combobox (typed, searched, picked), or one of its shortcuts.
 */
export async function chooseCity(page: Page, city: string, js: boolean, how: "search" | "shortcut" = "search") {
  if (!js) {
    await page.getByTestId("checkout-city").selectOption({ label: city });
    await page.getByTestId("city-apply").click();
    return;
  }
  const box = page.getByTestId("city-combobox");
  const input = box.getByRole("combobox");
  await input.click();
  if (how === "shortcut") {
    await box.getByRole("button", { name: city }).click();
  } else {
    await input.fill(city.slice(0, 3));
    await box.getByRole("option", { name: city, exact: true }).click();
  }
  await expect(page.getByTestId("delivery-form")).toBeVisible();
}

/**
 * A statement on the local D1 the server uses, as an operator runs one (`wrangler d1 execute`):
 * for what no page or call of the shop does (a payment made months ago, a finding of last night's
 * reconciliation). Only literals the test itself wrote go into `sql`.
 */
export function localSql(sql: string): void {
  execFileSync(
    process.execPath,
    ["node_modules/wrangler/bin/wrangler.js", "d1", "execute", "DB", "--local", "--persist-to", e2eState(currentWorker()), "--command", sql],
    {
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    },
  );
}

/** An operator signs in to the console with `key`, landing on `path` (typed after hydration: React would take the field over). */
export async function consoleSignIn(page: Page, key: string, js: boolean, path = "/ops/orders") {
  await page.goto(path);
  await whenHydrated(page.getByTestId("ops-sign-in"), js);
  await page.getByLabel(text("uz", "ops", "console.login.key"), { exact: true }).fill(key);
  await page.getByTestId("ops-sign-in").click();
}

/**
 * A key of the operations API for a client of its own, made as an operator makes one
 * (scripts/ops-key.mjs on the local D1 the server uses): the shop's systems, played.
 */
export function opsKey(name: string, scopes: string[]): string {
  const out = execFileSync(process.execPath, ["scripts/ops-key.mjs", "create", name, scopes.join(","), `--persist-to=${e2eState(currentWorker())}`], {
    encoding: "utf8",
  });
  return /\b(ops_[0-9a-f]{8}_[A-Za-z0-9_-]{43})\b/.exec(out)![1]!;
}
