// The newsletter (the footer's form, double opt-in through the outbox, unsubscribe) and the
// footer's social links, JavaScript on and off.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { emailLink, expect, FIXTURES, test, text, uniqueEmail } from "./support";

const nl = (lang: "uz" | "ru" | "uk", key: string) => text(lang, "newsletter", key);

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

test("subscribing from a product page's footer: check your e-mail, the link, thank you; then unsubscribing from the e-mail", async ({
  page,
  javaScriptEnabled: js,
  pageErrors,
}) => {
  pageErrors.allowStatus(400);
  const email = uniqueEmail(test.info().project.name, "news");
  await page.goto(`/ru/product/${FIXTURES.productOneSlug}`);
  const footer = page.getByTestId("newsletter-footer");
  await footer.getByLabel(nl("ru", "footer.email")).fill(email);
  await footer.getByLabel(nl("ru", "footer.consent")).check();
  await footer.getByRole("button", { name: nl("ru", "footer.submit") }).click();
  await expect(page).toHaveURL(/\/ru\/subscribe\/check-email$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nl("ru", "check-email.title"));
  const axeFound = js ? await axe(page) : [];

  const confirm = await emailLink(page, email, "/ru/subscribe/confirm");
  const unsubscribe = await emailLink(page, email, "/ru/subscribe/unsubscribe");
  await page.goto(confirm);
  await expect(page).toHaveURL(/\/ru\/subscribe\/thank-you$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nl("ru", "thank-you.title"));
  if (js) axeFound.push(...(await axe(page)));

  // The link works once.
  const again = await page.goto(confirm);
  expect(again?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nl("ru", "link-invalid.title"));

  // Unsubscribing needs no account: the e-mail's link, then one button.
  await page.goto(unsubscribe);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nl("ru", "unsubscribe.title"));
  if (js) axeFound.push(...(await axe(page)));
  await page.getByTestId("newsletter-unsubscribe").click();
  await expect(page).toHaveURL(/\/ru\/subscribe\/unsubscribe\?done=1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nl("ru", "unsubscribed.title"));
  expect(axeFound).toEqual([]);
});

test("a refused subscription keeps what was typed and says why, in the page's language", async ({ page, javaScriptEnabled: js, pageErrors }) => {
  pageErrors.allowStatus(400);
  await page.goto("/uk/subscribe");
  const form = page.getByTestId("newsletter-form");
  // The browser's own checks off, so the server (without JavaScript) or conform (with it) answers.
  await form.evaluate((el) => {
    (el as HTMLFormElement).noValidate = true;
  });
  await form.getByLabel(nl("uk", "form.email")).fill("kept@example.com");
  await form.getByRole("button", { name: nl("uk", "form.submit") }).click();
  await expect(form.getByRole("alert")).toHaveText(nl("uk", "errors.consent"));
  await expect(form.getByLabel(nl("uk", "form.email"))).toHaveValue("kept@example.com");
  if (js) expect(await axe(page)).toEqual([]);
  // Then with the consent: on to "check your e-mail".
  await form.getByTestId("newsletter-consent").check();
  await form.getByRole("button", { name: nl("uk", "form.submit") }).click();
  await expect(page).toHaveURL(/\/uk\/subscribe\/check-email$/);
});

test("the footer shows the shop's social links with icons and labels", async ({ page }) => {
  await page.goto("/");
  const socials = page.getByRole("navigation", { name: text("uz", "server", "footer.socials") });
  for (const [network, href] of [
    ["instagram", "https://www.instagram.com/libos.uz"],
    ["telegram", "https://t.me/libos_uz"],
    ["youtube", "https://www.youtube.com/@libos_uz"],
  ] as const) {
    const link = socials.getByRole("link", { name: text("uz", "server", `footer.social.${network}`) });
    await expect(link).toHaveAttribute("href", href);
    await expect(link.locator("svg.icon")).toBeVisible();
  }
});
