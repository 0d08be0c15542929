import { describe, expect, it } from "vitest";
import ruAuth from "../../locales/ru/auth.json";
import { buyable, ip, Shopper, signUp } from "./fixtures";
import { decode, html, post, section, testText } from "./helpers";

/** A guest with a cart and the contacts step saved. */
async function guestAtCheckout(offset: number) {
  const s = new Shopper();
  await s.add(buyable(offset).sku.id);
  expect((await s.post("/ru/checkout", { intent: "contacts", name: "Gost Checkout", phone: "+998 90 711 00 01" })).status).toBe(303);
  return s;
}

describe("the checkout's own sign-in", () => {
  it("a wrong password answers on the checkout, under its password field, with the login kept and the cart and draft in place", async () => {
    const account = await signUp({ password: "right-password" });
    const s = await guestAtCheckout(2);
    const res = await post("/ru/checkout", { intent: "sign-in", login: account.email, password: "wrong-password" }, { cookie: s.cookie, headers: ip() });
    expect(res.status).toBe(400);
    expect(res.headers.get("Location")).toBeNull();
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const body = await res.text();
    const form = section(body, 'data-testid="checkout-login"', "</details>");
    // Open, the error under the password (not a form error), what was typed kept but the password.
    expect(body).toMatch(/<details[^>]*data-testid="checkout-login"[^>]*open=""|<details[^>]*open=""[^>]*data-testid="checkout-login"/);
    const password = section(form, 'name="password"', "</div>");
    expect(decode(password)).toContain(ruAuth.errors.wrongCredentials);
    expect(form).toMatch(/name="password"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="password"/);
    expect(form).toContain(`value="${account.email}"`);
    expect(form).not.toContain("wrong-password");
    // Still the guest's checkout: the cart's line and the saved contacts.
    const page = await html("/ru/checkout", { headers: { Cookie: s.cookie!, ...ip() } });
    expect(page.res.status).toBe(200);
    expect(testText(page.body, "step-contacts-done")).toContain("Gost Checkout");
    expect(page.body).toContain('data-testid="checkout-login"');
  });

  it("an empty login is refused there too (400), and the right password signs in and comes back to the checkout with the draft", async () => {
    const account = await signUp({ password: "right-password" });
    const s = await guestAtCheckout(3);
    const empty = await post("/ru/checkout", { intent: "sign-in", login: "", password: "x" }, { cookie: s.cookie, headers: ip() });
    expect(empty.status).toBe(400);
    expect(decode(section(await empty.text(), 'data-testid="checkout-login"', "</details>"))).toContain(ruAuth.errors.loginRequired);
    const ok = await s.post("/ru/checkout", { intent: "sign-in", login: account.email, password: "right-password" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe("/ru/checkout");
    const page = await s.get("/ru/checkout");
    expect(page.body).not.toContain('data-testid="checkout-login"');
    expect(testText(page.body, "step-contacts-done")).toContain("Gost Checkout");
  });

  it("too many wrong passwords: 429 with Retry-After, still on the checkout", async () => {
    const account = await signUp({ password: "right-password" });
    const s = await guestAtCheckout(4);
    // One client address on purpose: the limit counts one account's failures from one address.
    const from = ip();
    let last: Response | undefined;
    // The 11th failure is refused; the limit's windows are fixed (10 minutes), so a run that crosses
    // one's end counts again from 0: two windows' worth of tries at most.
    for (let i = 0; i <= 21 && last?.status !== 429; i++)
      last = await post("/ru/checkout", { intent: "sign-in", login: account.email, password: `wrong-${i}` }, { cookie: s.cookie, headers: from });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(decode(section(await last!.text(), 'data-testid="checkout-login"', "</details>"))).toContain(ruAuth.errors.tooManyAttempts);
  });
});
