// Accounts: sign-up, logging in (password, SMS code, return_url), the account
// page (details, kids, phone, e-mail) and the forgotten password; with and
// without JavaScript. A test that is not about signing up starts with an
// account of its own: signed in (`member`) or only made (`newAccount`).
import type { Locator, Page } from "@playwright/test";
import {
  cards,
  emailLink,
  enterPhone,
  expect,
  formatPhone,
  signUp,
  smsCode,
  test,
  text,
  uniqueEmail,
  uniquePhone,
  expectSameDocument,
  markDocument,
  urlWith,
  whenHydrated,
} from "./support";

const auth = (key: string) => text("uz", "auth", key);
const acc = (key: string) => text("uz", "account", key);
const greeting = (name: string) => auth("account.greeting").replace("{{name}}", name);

/** The page's own form that holds a field named `field` (each page here has one; the footer's newsletter form has an e-mail field too). */
const formWith = (scope: Page | Locator, field: string) => scope.locator("main form", { has: scope.locator(`input[name="${field}"]`) });

/** Fills and sends the password login form of the current /login page. */
async function logIn(page: Page, js: boolean, login: string, password: string) {
  const form = formWith(page, "login");
  const submit = form.getByRole("button", { name: auth("login.submit"), exact: true });
  await whenHydrated(submit, js);
  await markDocument(page, js);
  await form.getByLabel(auth("fields.login"), { exact: true }).fill(login);
  await form.locator('input[name="password"]').fill(password);
  await submit.click();
}

/** The account page, ready to be used (hydrated with JavaScript). */
async function openAccount(page: Page, js: boolean) {
  await page.goto("/account");
  await expect(page).toHaveURL(urlWith("/account"));
  await whenHydrated(page.getByTestId("logout"), js);
  await markDocument(page, js);
}

test("sign up, log out, log in again with e-mail and password", async ({ page, javaScriptEnabled: js }, testInfo) => {
  const email = uniqueEmail(testInfo.project.name, "signup");
  const password = "Signup-pass-1";
  await page.goto("/");
  await expect(page.getByTestId("account-link")).toHaveAttribute("href", "/login");

  await page.goto("/signup");
  const form = formWith(page, "email");
  const submit = form.getByRole("button", { name: auth("signup.submit"), exact: true });
  await whenHydrated(submit, js);
  await markDocument(page, js);
  await form.getByLabel(auth("fields.firstName"), { exact: true }).fill("Aziza");
  await form.getByLabel(auth("fields.email"), { exact: true }).fill(email);
  await form.locator('input[name="password"]').fill(password);
  await submit.click();

  // The account page says welcome and where the confirmation link went; the header's account link leads there now.
  await expect(page).toHaveURL(urlWith("/account", { welcome: "1" }));
  const welcome = page.getByTestId("welcome");
  await expect(welcome).toContainText(auth("signup.welcome").replace("{{name}}", "Aziza"));
  await expect(welcome).toContainText(auth("signup.confirmSent").replace("{{email}}", email));
  const accountLink = page.getByTestId("account-link");
  await expect(accountLink).toHaveAttribute("href", "/account");
  await expectSameDocument(page, js);
  await page.goto("/");
  await whenHydrated(accountLink, js);
  await markDocument(page, js);
  await accountLink.click();
  await expect(page).toHaveURL(urlWith("/account"));
  await expect(page.getByTestId("welcome")).toHaveCount(0);
  await expect(page.getByTestId("greeting")).toHaveText(greeting("Aziza"));
  await expect(page.getByTestId("current-email")).toContainText(email);

  await whenHydrated(page.getByTestId("logout"), js);
  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(urlWith("/"));
  await expect(accountLink).toHaveAttribute("href", "/login");

  // The account is closed to guests: to the login, which returns to it.
  await page.goto("/account");
  await expect(page).toHaveURL(urlWith("/login", { return_url: "/account" }));
  await logIn(page, js, email, password);
  await expect(page).toHaveURL(urlWith("/account"));
  await expect(page.getByTestId("greeting")).toHaveText(greeting("Aziza"));
  await expect(accountLink).toHaveAttribute("href", "/account");
  await expectSameDocument(page, js);
});

test("a wrong password: one message, and the login stays typed", async ({ page, javaScriptEnabled: js, newAccount, pageErrors }) => {
  pageErrors.allowStatus(400); // the form's answer
  const account = await newAccount();
  await page.goto("/login");
  await logIn(page, js, account.email, "Not-the-password-1");
  await expect(page.getByTestId("form-error")).toHaveText(auth("errors.wrongCredentials"));
  await expectSameDocument(page, js);
  await expect(page.getByRole("alert")).toHaveCount(1);
  await expect(page.locator(".row__error")).toHaveCount(0);
  await expect(page).toHaveURL(urlWith("/login"));
  await expect(formWith(page, "login").getByLabel(auth("fields.login"), { exact: true })).toHaveValue(account.email);
  // The password is never sent back: the refused page asks for it again (with JavaScript the page stays, and so does what was typed).
  if (!js) await expect(formWith(page, "login").getByLabel(auth("fields.password"), { exact: true })).toHaveValue("");
  await expect(page.getByTestId("account-link")).toHaveAttribute("href", "/login");
});

test("log in with a code sent by SMS", async ({ page, javaScriptEnabled: js }) => {
  const phone = uniquePhone();
  await page.goto("/login");
  await whenHydrated(page.getByTestId("login-by-code"), js);
  await page.getByTestId("login-by-code").click();
  await expect(page).toHaveURL(urlWith("/login/sms"));

  const phoneForm = formWith(page, "phone");
  const send = phoneForm.getByRole("button", { name: auth("sms.send"), exact: true });
  await whenHydrated(send, js);
  await enterPhone(phoneForm.getByLabel(auth("fields.phone"), { exact: true }), phone, js);
  await send.click();

  // The code step, named by the URL.
  await expect(page.getByTestId("code-sent")).toContainText(formatPhone(phone.stored));
  await expect(page).toHaveURL(urlWith("/login/sms", { phone: phone.stored }));
  const code = await smsCode(page, phone.stored);
  const codeForm = formWith(page, "code");
  const verify = codeForm.getByRole("button", { name: auth("login.submit"), exact: true });
  await whenHydrated(verify, js);
  await codeForm.getByLabel(auth("fields.code"), { exact: true }).fill(code);
  await verify.click();

  // Signed in (a new account for this phone), on the home page.
  await expect(page).toHaveURL(urlWith("/"));
  await expect(page.getByTestId("account-link")).toHaveAttribute("href", "/account");
  await page.getByTestId("account-link").click();
  await expect(page).toHaveURL(urlWith("/account"));
  await expect(page.getByTestId("current-phone")).toHaveText(formatPhone(phone.stored));
});

test("logging in returns to the page named by return_url", async ({ page, javaScriptEnabled: js, newAccount }) => {
  const account = await newAccount();
  await page.goto("/store");
  const path = await cards(page).first().locator("a.card__link").getAttribute("href");
  expect(path).toMatch(/^\/product\/[a-z0-9-]+$/);
  await page.goto(path!);
  const name = await page.getByTestId("product").getByRole("heading", { level: 1 }).textContent();

  await page.goto(`/login?return_url=${encodeURIComponent(path!)}`);
  await logIn(page, js, account.email, account.password);
  await expect(page).toHaveURL(urlWith(path!));
  await expect(page.getByTestId("product").getByRole("heading", { level: 1 })).toHaveText(name!);
  await expect(page.getByTestId("account-link")).toHaveAttribute("href", "/account");
});

test("personal details: saved, kept after a reload; a wrong birthday keeps what was typed", async ({ page, javaScriptEnabled: js, pageErrors }) => {
  pageErrors.allowStatus(400); // the refused save
  await signUp(page);
  await openAccount(page, js);
  const personal = page.locator("section#personal");
  const field = (label: string) => personal.getByLabel(label, { exact: true });
  const shoeSize = (size: string) => personal.getByRole("group", { name: acc("personal.shoeSizes") }).getByLabel(size, { exact: true });

  await field(auth("fields.firstName")).fill("Madina");
  await field(acc("personal.lastName")).fill("Karimova");
  await field(acc("personal.day")).fill("14");
  if (js) {
    // Day and month take digits only, clamped and zero-padded when left.
    await field(acc("personal.month")).fill("1a");
    await expect(field(acc("personal.month"))).toHaveValue("1");
    await field(acc("personal.month")).fill("19");
    await field(acc("personal.month")).blur();
    await expect(field(acc("personal.month"))).toHaveValue("12");
  }
  await field(acc("personal.month")).fill("3");
  await shoeSize("38").check();
  await shoeSize("41").check();
  await personal.getByRole("button", { name: acc("save"), exact: true }).click();
  await expect(personal.getByTestId("section-notice")).toHaveText(acc("notices.saved"));
  await expect(page).toHaveURL(urlWith("/account", { section: "personal", notice: "saved" }));
  await expectSameDocument(page, js);

  await openAccount(page, js);
  await expect(page.getByTestId("greeting")).toHaveText(greeting("Madina"));
  await expect(field(auth("fields.firstName"))).toHaveValue("Madina");
  await expect(field(acc("personal.lastName"))).toHaveValue("Karimova");
  await expect(field(acc("personal.day"))).toHaveValue("14");
  await expect(field(acc("personal.month"))).toHaveValue("03");
  await expect(shoeSize("38")).toBeChecked();
  await expect(shoeSize("41")).toBeChecked();
  await expect(shoeSize("40")).not.toBeChecked();
  await expect(personal.getByTestId("section-notice")).toHaveCount(0);

  // 31 February passes the fields' patterns; only the rules (client or server) refuse it.
  await field(acc("personal.lastName")).fill("Yusupova");
  await field(acc("personal.day")).fill("31");
  await field(acc("personal.month")).fill("2");
  await personal.getByRole("button", { name: acc("save"), exact: true }).click();
  await expect(field(acc("personal.day"))).toHaveAccessibleDescription(acc("errors.dayInvalid"));
  await expect(field(acc("personal.lastName"))).toHaveValue("Yusupova");
  await expect(field(acc("personal.day"))).toHaveValue("31");
  await expect(personal.getByTestId("section-notice")).toHaveCount(0);
  await expectSameDocument(page, js);

  // Nothing of the refused form was saved.
  await openAccount(page, js);
  await expect(field(acc("personal.lastName"))).toHaveValue("Karimova");
  await expect(field(acc("personal.day"))).toHaveValue("14");
  await expect(field(acc("personal.month"))).toHaveValue("03");
});

test("kids: add one, change the birthday, delete it", async ({ page, javaScriptEnabled: js }) => {
  await signUp(page);
  const year = new Date().getFullYear();
  const born = `${year - 6}-05-12`;
  const reborn = `${year - 5}-06-01`;
  await openAccount(page, js);
  const kids = page.locator("section#kids");
  const listed = kids.locator('form[data-testid^="kid-"]:not([data-testid="kid-new"])');
  const before = await listed.count();

  const add = kids.getByTestId("kid-new");
  await add.getByLabel(acc("kids.gender0"), { exact: true }).check();
  await add.getByLabel(acc("kids.birthday"), { exact: true }).fill(born);
  await add.getByRole("button", { name: acc("kids.add"), exact: true }).click();
  await expect(kids.getByTestId("section-notice")).toHaveText(acc("notices.saved"));
  await expect(listed).toHaveCount(before + 1);
  const kid = listed.filter({ has: page.locator(`input[name="birthday"][value="${born}"]`) });
  await expect(kid).toHaveCount(1);
  await expect(kid).toHaveAttribute("data-testid", /^kid-\d+$/);
  const testId = (await kid.getAttribute("data-testid"))!;
  await expect(kid.getByLabel(acc("kids.gender0"), { exact: true })).toBeChecked();
  // The form for another kid is empty again.
  await expect(add.getByLabel(acc("kids.birthday"), { exact: true })).toHaveValue("");
  await expect(add.getByLabel(acc("kids.gender0"), { exact: true })).not.toBeChecked();

  // A fresh page (no notice in the URL), then the new birthday.
  await openAccount(page, js);
  const saved = kids.getByTestId(testId);
  await saved.getByLabel(acc("kids.birthday"), { exact: true }).fill(reborn);
  await saved.getByRole("button", { name: acc("save"), exact: true }).click();
  await expect(kids.getByTestId("section-notice")).toHaveText(acc("notices.saved"));
  await openAccount(page, js);
  await expect(saved.getByLabel(acc("kids.birthday"), { exact: true })).toHaveValue(reborn);
  await expect(saved.getByLabel(acc("kids.gender0"), { exact: true })).toBeChecked();

  await saved.getByRole("button", { name: acc("delete"), exact: true }).click();
  await expect(kids.getByTestId("section-notice")).toHaveText(acc("notices.deleted"));
  await expect(kids.getByTestId(testId)).toHaveCount(0);
  await expect(listed).toHaveCount(before);
  await expectSameDocument(page, js);
});

test("addresses: on a phone no field overlaps another; a refused one keeps what was typed, a saved one empties the new-address form", async ({
  page,
  javaScriptEnabled: js,
  pageErrors,
}) => {
  pageErrors.allowStatus(400);
  await signUp(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await openAccount(page, js);
  const section = page.locator("section#addresses");
  const add = section.getByTestId("address-new");
  const field = (name: string) => add.getByLabel(acc(`addresses.${name}`), { exact: true });
  // Every field inside the screen and clear of the others.
  const boxes = await add.locator("input:not([type=hidden]), button").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
  for (const [i, a] of boxes.entries()) {
    expect(a.right, `field ${i}`).toBeLessThanOrEqual(390);
    for (const b of boxes.slice(i + 1))
      expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top, `fields ${i} and another overlap`).toBe(true);
  }
  const listed = section.locator('form[data-testid^="address-"]:not([data-testid="address-new"])');
  const before = await listed.count();
  // No house (the browser's own check off, so the server answers): refused, the rest kept.
  await add.evaluate((form) => {
    (form as HTMLFormElement).noValidate = true;
  });
  await field("city").fill("Toshkent");
  await field("street").fill("Amir Temur");
  await add.getByRole("button", { name: acc("addresses.add"), exact: true }).click();
  await expect(add.locator(".row__error")).toHaveCount(1);
  await expect(field("city")).toHaveValue("Toshkent");
  await expect(field("street")).toHaveValue("Amir Temur");
  await field("house").fill("12");
  await add.getByRole("button", { name: acc("addresses.add"), exact: true }).click();
  await expect(section.getByTestId("section-notice")).toHaveText(acc("notices.saved"));
  await expect(listed).toHaveCount(before + 1);
  for (const name of ["city", "street", "house"]) await expect(field(name)).toHaveValue("");
  // And deleted again.
  const saved = listed.last();
  await saved.getByRole("button", { name: acc("delete"), exact: true }).click();
  await expect(listed).toHaveCount(before);
  await expectSameDocument(page, js);
});

test("change the phone with a code sent to the new one", async ({ page, javaScriptEnabled: js }) => {
  await signUp(page);
  const phone = uniquePhone();
  await openAccount(page, js);
  const section = page.locator("section#phone");
  await expect(section.getByTestId("current-phone")).not.toHaveText(formatPhone(phone.stored));

  await enterPhone(section.getByLabel(acc("phone.new"), { exact: true }), phone, js);
  await section.getByRole("button", { name: auth("sms.send"), exact: true }).click();
  await expect(section.getByTestId("section-notice")).toHaveText(acc("notices.codeSent"));
  await expect(section).toContainText(formatPhone(phone.stored));

  const code = await smsCode(page, phone.stored);
  await section.getByLabel(auth("fields.code"), { exact: true }).fill(code);
  await section.getByRole("button", { name: acc("phone.verify"), exact: true }).click();
  await expect(section.getByTestId("section-notice")).toHaveText(acc("notices.phoneChanged"));
  await expect(section.getByTestId("current-phone")).toHaveText(formatPhone(phone.stored));
  await expectSameDocument(page, js);
  await openAccount(page, js);
  await expect(section.getByTestId("current-phone")).toHaveText(formatPhone(phone.stored));
});

test("change the e-mail with the link sent to the new address", async ({ page, javaScriptEnabled: js, member }, testInfo) => {
  const email = uniqueEmail(testInfo.project.name, "changed");
  await openAccount(page, js);
  const section = page.locator("section#email");
  await expect(section.getByTestId("current-email")).toContainText(member.email);

  await section.getByLabel(acc("email.new"), { exact: true }).fill(email);
  await section.getByRole("button", { name: acc("email.change"), exact: true }).click();
  await expect(section.getByTestId("section-notice")).toHaveText(acc("notices.emailSent"));
  // Nothing changes until the link is opened.
  await expect(section.getByTestId("current-email")).toContainText(member.email);

  await page.goto(await emailLink(page, email, "/account/confirm-email-change"));
  await expect(page).toHaveURL(urlWith("/account", { email: "changed" }));
  await expect(section.getByTestId("section-notice")).toHaveText(acc("notices.changed"));
  await expect(section.getByTestId("current-email")).toContainText(email);
  // Confirmed by that very link.
  await expect(section.getByTestId("current-email")).not.toContainText(auth("account.emailNotConfirmed"));
});

test("forgotten password: the link from the e-mail sets a new one", async ({ page, javaScriptEnabled: js, newAccount }) => {
  const account = await newAccount();
  const password = `New-pass-${Date.now().toString(36)}`;
  await page.goto("/login");
  await whenHydrated(page.getByTestId("forgot-password"), js);
  await page.getByTestId("forgot-password").click();
  await expect(page).toHaveURL(urlWith("/auth/forgot-pass-form"));
  const form = formWith(page, "email");
  const send = form.getByRole("button", { name: auth("forgot.submit"), exact: true });
  await whenHydrated(send, js);
  await form.getByLabel(auth("fields.email"), { exact: true }).fill(account.email);
  await send.click();
  await expect(page.getByTestId("reset-sent")).toHaveText(auth("forgot.sent"));
  await expect(page).toHaveURL(urlWith("/auth/forgot-pass-form", { sent: "1" }));

  await page.goto(await emailLink(page, account.email, "/auth/reset-password"));
  const reset = formWith(page, "password");
  const save = reset.getByRole("button", { name: auth("reset.submit"), exact: true });
  await whenHydrated(save, js);
  await reset.locator('input[name="password"]').fill(password);
  await save.click();
  // Signed in, on the account. Every other session of the account has ended.
  await expect(page).toHaveURL(urlWith("/account"));
  await expect(page.getByTestId("current-email")).toContainText(account.email);

  await whenHydrated(page.getByTestId("logout"), js);
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("account-link")).toHaveAttribute("href", "/login");
  await page.goto("/login");
  await logIn(page, js, account.email, password);
  await expect(page).toHaveURL(urlWith("/"));
  await expect(page.getByTestId("account-link")).toHaveAttribute("href", "/account");
});

test("the account lists its linked social accounts: none, and says linking is off", async ({ page, javaScriptEnabled: js }) => {
  await signUp(page);
  await openAccount(page, js);
  const socials = page.getByTestId("account-socials");
  await expect(socials.getByRole("heading", { level: 2 })).toHaveText(acc("socials.title"));
  await expect(socials.getByTestId("socials-none")).toHaveText(acc("socials.none"));
  await expect(socials.getByTestId("socials-off")).toHaveText(acc("socials.off"));
});
