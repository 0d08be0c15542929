// Accessibility: axe-core on the key pages and popups, JavaScript on and off, uz and ru.
// axe runs in the page, so "off" is a lite page (no script at all, what a browser without JavaScript
// gets in the no-JS project) checked in a context where axe itself may run.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect, FIXTURES, giveContacts, fillCart, REVIEWED, smsCode, test, text, uniquePhone } from "./support";

// The longest spec, and its tests share nothing (each its own pages or account): they are shared
// out among the workers like specs, so the suite does not wait on one worker running them all.
test.describe.configure({ mode: "parallel" });

const PAGES = [
  "/",
  "/store",
  "/store/women/footwear",
  `/product/${REVIEWED.many}`,
  `/product/${FIXTURES.productOneSlug}`,
  "/search?q=krossovka",
  "/search?q=qwertyzz",
  "/cart",
  "/login",
  "/signup",
  "/favorite",
  `/product/${REVIEWED.many}/review`,
  `/product/${REVIEWED.many}/review/rules`,
  `/product/${REVIEWED.many}/size-table`,
  `/product/${REVIEWED.many}/gift-hint`,
  "/news",
  "/news/spring-collection",
  "/info/delivery",
  "/info/checkout-limit",
];

async function violations(page: Page) {
  // Checked as the shopper sees it once it settles: hydrated (a route popup then becomes an
  // overlay and fades in), no animation midway (a fading text is no colour contrast to judge).
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(" | ")}`,
  );
}

/** The page to check: the test's own with JavaScript; without it, a lite page in a context where axe can run. */
async function pageFor(page: Page, browser: Browser, js: boolean, baseURL: string | undefined): Promise<Page> {
  if (js) return page;
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true, extraHTTPHeaders: { "Save-Data": "on" } });
  return context.newPage();
}

/**
 * Signs the page's context in to a new account through the SMS code login's own posts (one code
 * per call; the shop allows 10 per 10 minutes per address, account.spec.ts uses 4 per run): no
 * sign-up, whose hourly allowance the other specs use up.
 */
async function signInBySms(page: Page) {
  const phone = uniquePhone();
  const send = await page.request.post("/login/sms", { form: { intent: "send", phone: phone.stored, returnUrl: "" }, maxRedirects: 0 });
  expect(send.status(), "code sent").toBe(303);
  const code = await smsCode(page, phone.stored);
  const verify = await page.request.post("/login/sms", { form: { intent: "verify", phone: phone.stored, code, returnUrl: "" }, maxRedirects: 0 });
  expect(verify.status(), "signed in").toBe(303);
}

for (const lang of ["uz", "ru"] as const) {
  const at = (path: string) => (lang === "uz" ? path : `/ru${path}`);

  test(`no axe violations on the key pages (${lang})`, async ({ page: own, browser, javaScriptEnabled: js, baseURL }) => {
    test.setTimeout(120_000);
    const page = await pageFor(own, browser, js, baseURL);
    const found: string[] = [];
    for (const path of PAGES) {
      await page.goto(at(path));
      for (const v of await violations(page)) found.push(`${path}: ${v}`);
    }
    expect(found).toEqual([]);
  });

  test(`no axe violations in popups and forms with errors (${lang})`, async ({ page: own, browser, javaScriptEnabled: js, baseURL, pageErrors }) => {
    pageErrors.allowStatus(400);
    const page = await pageFor(own, browser, js, baseURL);
    const found: string[] = [];
    // The cart popup after an add (an overlay with JavaScript, the page's section without).
    await page.goto(at(`/product/${FIXTURES.productOneSlug}`));
    await page.locator('input[name="purchasableId"]:not([disabled])').first().check({ force: true });
    await page.getByTestId("add-to-cart-button").click();
    await expect(page.getByTestId("cart-popup")).toBeVisible();
    // Colours are measured once the popup's fade-in has ended.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    for (const v of await violations(page)) found.push(`cart popup: ${v}`);
    // The sign-up form with its field errors (the browser's own checks off, so the server answers; no sign-up is counted).
    await page.goto(at("/signup"));
    await page.locator("form.form").evaluate((form) => {
      (form as HTMLFormElement).noValidate = true;
    });
    await page
      .locator("main")
      .getByLabel(text(lang, "auth", "fields.email"), { exact: true })
      .fill("not-an-address");
    await page.getByRole("button", { name: text(lang, "auth", "signup.submit"), exact: true }).click();
    await expect(page.locator(".row__error").first()).toBeVisible();
    for (const v of await violations(page)) found.push(`sign-up errors: ${v}`);
    expect(found).toEqual([]);
  });

  test(`no axe violations on the account page's forms with errors (${lang})`, async ({ page: own, browser, javaScriptEnabled: js, baseURL, pageErrors }) => {
    pageErrors.allowStatus(400);
    const page = await pageFor(own, browser, js, baseURL);
    await signInBySms(page);
    await page.goto(at("/account"));
    const found: string[] = [];
    // A new address and a new kid sent empty, the browser's own checks off: the server (without
    // JavaScript) or conform (with it) answers with the fields' errors.
    for (const [form, button] of [
      ["address-new", "addresses.add"],
      ["kid-new", "kids.add"],
    ] as const) {
      await page.getByTestId(form).evaluate((el) => {
        (el as HTMLFormElement).noValidate = true;
      });
      await page
        .getByTestId(form)
        .getByRole("button", { name: text(lang, "account", button), exact: true })
        .click();
      await expect(page.getByTestId(form).locator(".row__error").first()).toBeVisible();
      for (const v of await violations(page)) found.push(`${form} with errors: ${v}`);
    }
    expect(found).toEqual([]);
  });

  test(`no axe violations on a phone's screen: folded filters, the sort, the product, the cart (${lang})`, async ({
    page: own,
    browser,
    javaScriptEnabled: js,
    baseURL,
  }) => {
    // Four pages audited in one test: axe takes seconds a page on a busy machine.
    test.slow();
    const page = await pageFor(own, browser, js, baseURL);
    await page.setViewportSize({ width: 360, height: 740 });
    const found: string[] = [];
    for (const path of ["/store/women/footwear", `/product/${REVIEWED.many}`, "/search?q=krossovka", "/cart"]) {
      await page.goto(at(path));
      for (const v of await violations(page)) found.push(`${path}: ${v}`);
    }
    expect(found).toEqual([]);
  });

  test(`no axe violations on the checkout's delivery step, the city list open (${lang})`, async ({ page: own, browser, javaScriptEnabled: js, baseURL }) => {
    const page = await pageFor(own, browser, js, baseURL);
    await fillCart(page);
    await page.goto(at("/checkout"));
    await giveContacts(page, js, lang, "Jasur");
    if (js) {
      // The WAI-ARIA combobox, open on its first page of cities.
      const input = page.getByTestId("city-combobox").getByRole("combobox");
      await input.click();
      await expect(input).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByTestId("city-combobox").getByRole("option").first()).toBeVisible();
    } else await expect(page.getByTestId("checkout-city")).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

test("the keyboard's place is visible: every stop of Tab on the key pages has a focus ring", async ({ page: own, browser, javaScriptEnabled: js, baseURL }) => {
  test.setTimeout(120_000);
  const page = await pageFor(own, browser, js, baseURL);
  const missing: string[] = [];
  for (const path of ["/", "/store", `/product/${REVIEWED.many}`, "/cart", "/login"]) {
    await page.goto(path);
    for (let stop = 0; stop < 40; stop++) {
      await page.keyboard.press("Tab");
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return "none";
        // An input drawn by its label (the size buttons) shows the ring on what is drawn.
        const drawn = getComputedStyle(el).opacity === "0" ? ((el.nextElementSibling as HTMLElement | null) ?? el) : el;
        const style = getComputedStyle(drawn);
        const box = drawn.getBoundingClientRect();
        const label = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(" ")[0]}` : ""} ${(el.textContent ?? el.getAttribute("aria-label") ?? "").trim().slice(0, 30)}`;
        if (box.width === 0 || box.height === 0) return `invisible: ${label}`;
        return style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2 ? "ok" : `no ring: ${label}`;
      });
      if (ring === "none") break;
      if (ring !== "ok") missing.push(`${path}: ${ring}`);
    }
  }
  expect([...new Set(missing)]).toEqual([]);
});
