// "Call me instead" on the SMS login page, with and without JavaScript: after an SMS code was
// asked for, a flash call; the code is the calling number's last four digits (/dev/outbox).
import { callCode, enterPhone, expect, formatPhone, test, text, uniquePhone, urlWith, whenHydrated } from "./support";

const auth = (key: string) => text("uz", "auth", key);

test("after an SMS code, 'call me instead' calls; a wrong code is refused there, the calling number's last four digits sign in", async ({
  page,
  javaScriptEnabled: js,
  pageErrors,
}) => {
  pageErrors.allowStatus(400);
  const phone = uniquePhone();
  await page.goto("/login/sms");
  const send = page.getByRole("button", { name: auth("sms.send"), exact: true });
  await whenHydrated(send, js);
  await enterPhone(page.getByLabel(auth("fields.phone"), { exact: true }), phone, js);
  await send.click();
  await expect(page.getByTestId("code-sent")).toContainText(formatPhone(phone.stored));

  const instead = page.getByTestId("call-instead");
  await expect(instead).toHaveText(auth("call.instead"));
  await whenHydrated(instead, js);
  await instead.click();
  await expect(page.getByTestId("call-placed")).toContainText(formatPhone(phone.stored));
  await expect(page).toHaveURL(urlWith("/login/sms", { phone: phone.stored, by: "call" }));
  const code = await callCode(page, phone.stored);

  const field = page.getByLabel(auth("call.code"), { exact: true });
  const submit = page.getByRole("button", { name: auth("login.submit"), exact: true });
  await whenHydrated(submit, js);
  await field.fill(code === "0000" ? "1111" : "0000");
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText(auth("errors.code_invalid"));
  await expect(page.getByTestId("call-placed")).toBeVisible();

  await field.fill(code);
  await submit.click();
  await expect(page).toHaveURL(urlWith("/"));
  await expect(page.getByTestId("account-link")).toHaveAttribute("href", "/account");
});
