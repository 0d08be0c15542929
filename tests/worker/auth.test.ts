import { env } from "cloudflare:workers";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "~/auth/index.server";
import { cookieOf, get, html, post } from "./helpers";
import { ip, signUp } from "./fixtures";

async function sessionIdOf(cookie: string): Promise<string> {
  return (await createCookie("__session", { secrets: ["test-session-secret"] }).parse(cookie)) as string;
}

describe("sign-up", () => {
  it("creates the account, stores only a PBKDF2 hash, signs in and welcomes the shopper on the account page", async () => {
    const res = await post("/signup", { firstName: "Aziza", email: "new@example.uz", password: "correct-horse" }, { headers: ip() });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/account?welcome=1");
    const cookie = cookieOf(res)!;
    expect(res.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    expect(res.headers.get("Set-Cookie")).toMatch(/SameSite=Lax/i);
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE email = ?").bind("new@example.uz").first<{ password_hash: string }>();
    expect(row?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(row?.password_hash).not.toContain("correct-horse");
    const { body } = await html("/account", { headers: { Cookie: cookie } });
    expect(body).toContain("Salom, Aziza!");
    expect(body).not.toContain('data-testid="welcome"');
    const welcome = (await html("/account?welcome=1", { headers: { Cookie: cookie } })).body;
    expect(welcome).toContain("Xush kelibsiz, Aziza! Hisobingiz yaratildi.");
    // The confirmation link went out at sign-up; the welcome says where.
    expect(welcome).toContain("new@example.uz manziliga havola yubordik");
  });

  it("refuses a taken e-mail (any case) and keeps what was typed", async () => {
    await signUp({ email: "taken@example.uz" });
    const res = await post("/signup", { firstName: "Bobur", email: "TAKEN@example.uz", password: "another-pass" }, { headers: ip() });
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("Bu e-pochta bilan hisob allaqachon bor");
    expect(body).toContain('value="Bobur"');
    expect(body).toContain('value="TAKEN@example.uz"');
    // Neither in the fields nor in the page's data for hydration.
    expect(body).not.toContain("another-pass");
  });

  it("answers bad input with 400 and a localized message per field", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ firstName: "A", email: "a@example.uz", password: "x".repeat(33) }, "Пароль не длиннее 32 символов."],
      [{ firstName: "A", email: "a@example.uz", password: "short" }, "Слишком короткий пароль"],
      [{ firstName: "A", email: "not-an-email", password: "long-enough" }, "Неверный адрес e-mail."],
      [{ email: "a@example.uz", password: "long-enough" }, "Введите имя."],
      [{ firstName: "A".repeat(500), email: "a@example.uz", password: "long-enough" }, "Слишком длинное имя."],
    ];
    for (const [fields, message] of cases) {
      const res = await post("/ru/signup", fields, { headers: ip() });
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(await res.text()).toContain(message);
    }
  });

  it("goes back to a same-site return URL, never to another site", async () => {
    const ok = await post("/signup", { firstName: "R", email: "ret@example.uz", password: "long-enough", returnUrl: "/product/abc" }, { headers: ip() });
    expect(ok.headers.get("Location")).toBe("/product/abc");
    const evil = await post("/signup", { firstName: "R", email: "ret2@example.uz", password: "long-enough", returnUrl: "//evil.example" }, { headers: ip() });
    expect(evil.headers.get("Location")).toBe("/");
  });
});

describe("login and logout", () => {
  it("signs in by e-mail, rotates the session id and carries the guest's data over", async () => {
    await signUp({ email: "login@example.uz", password: "secret-pass" });
    // A guest session whose key owns favourites.
    const guestId = "guest-session-1";
    await env.DB.prepare("INSERT INTO sessions (id, data) VALUES (?, ?)")
      .bind(guestId, JSON.stringify({ guestKey: "guest-key-1" }))
      .run();
    for (const id of [1, 2, 3])
      await env.DB.prepare("INSERT INTO guest_favourites (guest_key, product_id, added_ms) VALUES ('guest-key-1', ?, ?)").bind(id, id).run();
    const guestCookie = (await createCookie("__session", { secrets: ["test-session-secret"] }).serialize(guestId)).split(";")[0]!;

    const res = await post("/ru/login", { login: "Login@Example.uz", password: "secret-pass", returnUrl: "checkout" }, { cookie: guestCookie, headers: ip() });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/ru/checkout");
    const cookie = cookieOf(res)!;
    const newId = await sessionIdOf(cookie);
    expect(newId).not.toBe(guestId);
    expect(await env.DB.prepare("SELECT id FROM sessions WHERE id = ?").bind(guestId).first()).toBeNull();
    const row = await env.DB.prepare("SELECT data, user_id FROM sessions WHERE id = ?").bind(newId).first<{ data: string; user_id: number }>();
    expect(row!.user_id).toBeGreaterThan(0);
    // Guest favourites now belong to the account.
    const favs = await env.DB.prepare("SELECT product_id AS id FROM favourites WHERE user_id = ? ORDER BY product_id").bind(row!.user_id).all<{ id: number }>();
    expect(favs.results.map((f) => f.id)).toEqual([1, 2, 3]);
    expect(JSON.parse(row!.data).guestKey).toBeUndefined();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM guest_favourites WHERE guest_key = 'guest-key-1'").first()).toEqual({ n: 0 });

    const out = await post("/logout", {}, { cookie });
    expect(out.status).toBe(303);
    expect(out.headers.get("Set-Cookie")).toMatch(/__session=;/);
    expect(await env.DB.prepare("SELECT id FROM sessions WHERE id = ?").bind(newId).first()).toBeNull();
    // The old cookie is worthless after logout.
    const after = await get("/account", { headers: { Cookie: cookie } });
    expect(after.status).toBe(302);
  });

  it("gives one message for a wrong password and an unknown account, keeping the login typed", async () => {
    await signUp({ email: "known@example.uz", password: "right-pass" });
    const wrong = await post("/login", { login: "known@example.uz", password: "wrong-pass" }, { headers: ip() });
    const unknown = await post("/login", { login: "nobody@example.uz", password: "wrong-pass" }, { headers: ip() });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    const [a, b] = [await wrong.text(), await unknown.text()];
    expect(a).toContain("Login yoki parol noto&#x27;g&#x27;ri.");
    expect(b).toContain("Login yoki parol noto&#x27;g&#x27;ri.");
    expect(a).toContain('value="known@example.uz"');
    expect(a).not.toContain("wrong-pass");
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
  });

  it("answers the spec's JSON login: loginform-password messages on a refusal, the session and the way on when right", async () => {
    await signUp({ email: "json-login@example.uz", password: "right-pass" });
    const json = (fields: Record<string, string>) => post("/ru/login?return_url=checkout", fields, { headers: { ...ip(), Accept: "application/json" } });
    const wrong = await json({ login: "json-login@example.uz", password: "wrong-pass" });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({ "loginform-password": ["Неверный логин или пароль."] });
    const empty = await json({ login: "", password: "" });
    expect(Object.keys((await empty.json()) as object).sort()).toEqual(["loginform-login", "loginform-password"]);
    const ok = await json({ login: "json-login@example.uz", password: "right-pass" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true, redirect: "/ru/checkout" });
    expect(cookieOf(ok)).toMatch(/^__session=/);
  });

  it("answers malformed logins with 400, never 5xx", async () => {
    for (const fields of [{}, { login: "" }, { login: "x", password: "y".repeat(33) }, { login: "x".repeat(5000), password: "p" }]) {
      const res = await post("/login", fields as Record<string, string>, { headers: ip() });
      expect(res.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
    }
    const multipart = await get("/login", {
      method: "POST",
      body: "garbage",
      headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: "http://shop.test" },
    });
    expect(multipart.status).toBeLessThan(500);
  });

  it("limits one address's guesses at one account with 429 and a localized message", async () => {
    await signUp({ email: "target@example.uz", password: "right-pass" });
    const from = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post("/ru/login", { login: "target@example.uz", password: `guess-${i}` }, { headers: from });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
        expect(await res.text()).toContain("Слишком много попыток");
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The owner, elsewhere, still signs in.
    expect((await post("/ru/login", { login: "target@example.uz", password: "right-pass" }, { headers: ip() })).status).toBe(303);
  });

  it("wrong passwords from many addresses do not lock the owner out", async () => {
    await signUp({ email: "victim@example.uz", password: "right-pass" });
    for (let i = 0; i < 12; i++) {
      expect((await post("/login", { login: "victim@example.uz", password: `guess-${i}` }, { headers: ip() })).status).toBe(400);
    }
    expect((await post("/login", { login: "victim@example.uz", password: "right-pass" }, { headers: ip() })).status).toBe(303);
  });

  it("stops guessing at one account from all addresses together only far later, and a correct login does not count", async () => {
    await signUp({ email: "spread@example.uz", password: "right-pass" });
    // A correct login gives its counted attempt back.
    for (let i = 0; i < 3; i++) expect((await post("/login", { login: "spread@example.uz", password: "right-pass" }, { headers: ip() })).status).toBe(303);
    const row = await env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?").bind("login:fail:spread@example.uz").first<{ count: number }>();
    expect(row?.count).toBe(0);
    // 100 failures from all over in this window (as a botnet would leave them):
    await env.DB.prepare("UPDATE rate_limits SET count = ? WHERE key = ?").bind(LOGIN_LIMITS.perAccount, "login:fail:spread@example.uz").run();
    const res = await post("/login", { login: "spread@example.uz", password: "right-pass" }, { headers: ip() });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeLessThanOrEqual(LOGIN_LIMITS.windowSeconds);
  });
});

describe("account pages", () => {
  it("send guests to login with the way back", async () => {
    const res = await get("/ru/account");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/ru/login?return_url=%2Fru%2Faccount");
  });

  it("send a signed-in shopper away from login and sign-up", async () => {
    const { cookie } = await signUp({ email: "already@example.uz" });
    const res = await get("/login?return_url=%2Fstore", { headers: { Cookie: cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/store");
    const header = await html("/", { headers: { Cookie: cookie } });
    expect(header.body).toMatch(/<a (?=[^>]*href="\/account")[^>]*data-testid="account-link"/);
  });

  it("log out only by POST", async () => {
    const res = await get("/logout");
    expect(res.status).toBe(302);
  });
});

describe("login limit per account", () => {
  it("counts every spelling of one phone as the same account", async () => {
    await env.DB.prepare("INSERT INTO users (phone, password_hash, first_name) VALUES ('+998977776655', 'x', 'P')").run();
    const spellings = ["+998977776655", "97 777 66 55", "(97) 777-66-55", "998977776655", "977776655"];
    const statuses: number[] = [];
    const from = ip();
    for (let i = 0; i < 11; i++)
      statuses.push((await post("/login", { login: spellings[i % spellings.length]!, password: `guess-${i}` }, { headers: from })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
