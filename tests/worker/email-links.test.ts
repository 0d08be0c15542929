import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { type Mail, sendPasswordReset } from "~/auth/index.server";
import { shopOrigin } from "~/server/context.server";
import { get, html, ORIGIN, post } from "./helpers";
import { ip, signUp } from "./fixtures";

async function lastEmail(to: string): Promise<{ subject: string; body: string; link: URL }> {
  const row = await env.DB.prepare("SELECT subject, body FROM outbox WHERE channel = 'email' AND recipient = ? ORDER BY id DESC LIMIT 1")
    .bind(to)
    .first<{ subject: string; body: string }>();
  return { ...row!, link: new URL(/(https?:\/\/\S+)/.exec(row!.body)![1]!) };
}

async function emailsTo(to: string): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?").bind(to).first<{ n: number }>())!.n;
}

describe("sign-up confirmation e-mail", () => {
  it("is sent at sign-up in the page language; its link confirms once", async () => {
    const { cookie } = await signUp({ lang: "ru", email: "confirm@example.uz", firstName: "Dilnoza" });
    const mail = await lastEmail("confirm@example.uz");
    expect(mail.subject).toBe("Libos: подтвердите e-mail");
    expect(mail.link.origin).toBe(ORIGIN);
    expect(mail.link.pathname).toBe("/ru/auth/confirm-email");
    const before = await html("/ru/account", { headers: { Cookie: cookie } });
    // (Texts also travel in the page's data, so look at the markup: the resend button.)
    expect(before.body).toContain('value="resend-confirm"');

    const open = await get(mail.link.pathname + mail.link.search, { headers: { Cookie: cookie } });
    expect(open.status).toBe(302);
    expect(open.headers.get("Location")).toBe("/ru/account?email=confirmed");
    const row = await env.DB.prepare("SELECT email_confirmed_at FROM users WHERE email = ?")
      .bind("confirm@example.uz")
      .first<{ email_confirmed_at: number | null }>();
    expect(row!.email_confirmed_at).toBeGreaterThan(0);
    const after = await html("/ru/account?email=confirmed", { headers: { Cookie: cookie } });
    expect(after.body).toMatch(/data-testid="section-notice">E-mail подтверждён\./);
    expect(after.body).not.toContain('value="resend-confirm"');

    const again = await get(mail.link.pathname + mail.link.search);
    expect(again.headers.get("Location")).toBe("/ru/account?email=link-invalid");
  });

  it("can be sent again from the account page, at most 3 an hour", async () => {
    const { cookie } = await signUp({ email: "resend@example.uz", firstName: "E" });
    const first = await lastEmail("resend@example.uz");
    const resend = await post("/account", { intent: "resend-confirm" }, { cookie });
    expect(resend.status).toBe(303);
    expect(resend.headers.get("Location")).toBe("/account?section=email&notice=confirmResent#email");
    expect(await emailsTo("resend@example.uz")).toBe(2);
    // The older link stops working once a new one is sent.
    const old = await get(first.link.pathname + first.link.search);
    expect(old.headers.get("Location")).toBe("/account?email=link-invalid");
    await post("/account", { intent: "resend-confirm" }, { cookie });
    const limited = await post("/account", { intent: "resend-confirm" }, { cookie });
    expect(limited.status).toBe(429);
    expect(await emailsTo("resend@example.uz")).toBe(3);
  });
});

describe("password reset", () => {
  it("e-mails a single-use link; the new password works, the old one and other sessions end", async () => {
    const otherDevice = (await signUp({ email: "reset@example.uz", password: "old-password", firstName: "F" })).cookie;
    const ask = await post("/auth/forgot-pass-form", { email: "Reset@Example.uz" }, { headers: ip() });
    expect(ask.status).toBe(303);
    expect(ask.headers.get("Location")).toBe("/auth/forgot-pass-form?sent=1");
    const mail = await lastEmail("reset@example.uz");
    expect(mail.subject).toBe("Libos: parolni tiklash");
    expect(mail.link.pathname).toBe("/auth/reset-password");
    const token = mail.link.searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = await env.DB.prepare("SELECT code_hash FROM verification_codes WHERE purpose = 'password-reset'").first<{ code_hash: string }>();
    expect(stored!.code_hash).not.toContain(token);

    const form = await html(mail.link.pathname + mail.link.search);
    expect(form.body).toContain(`value="${token}"`);
    const done = await post("/auth/reset-password", { email: "reset@example.uz", token, password: "new-password" }, { headers: ip() });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/account");
    expect((await get("/account", { headers: { Cookie: otherDevice } })).status).toBe(302);

    expect((await post("/login", { login: "reset@example.uz", password: "old-password" }, { headers: ip() })).status).toBe(400);
    expect((await post("/login", { login: "reset@example.uz", password: "new-password" }, { headers: ip() })).status).toBe(303);

    const reused = await post("/ru/auth/reset-password", { email: "reset@example.uz", token, password: "third-password" }, { headers: ip() });
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("Ссылка неверна, устарела или уже использована");
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const ask = await post("/auth/forgot-pass-form", { email: "ghost@example.uz" }, { headers: ip() });
    expect(ask.status).toBe(303);
    expect(ask.headers.get("Location")).toBe("/auth/forgot-pass-form?sent=1");
    expect(await emailsTo("ghost@example.uz")).toBe(0);
  });

  it("refuses forged, expired and malformed requests with 400", async () => {
    await signUp({ email: "forge@example.uz", password: "old-password", firstName: "G" });
    await post("/auth/forgot-pass-form", { email: "forge@example.uz" }, { headers: ip() });
    const token = (await lastEmail("forge@example.uz")).link.searchParams.get("token")!;
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await post("/auth/reset-password", { email: "forge@example.uz", token: forged, password: "new-password" })).status).toBe(400);
    expect((await post("/auth/reset-password", { email: "other@example.uz", token, password: "new-password" })).status).toBe(400);
    expect((await post("/auth/reset-password", { email: "forge@example.uz", token, password: "x".repeat(33) })).status).toBe(400);
    expect((await post("/auth/reset-password", {})).status).toBe(400);
    await env.DB.prepare("UPDATE verification_codes SET expires_at = unixepoch() - 1 WHERE purpose = 'password-reset' AND target = ?")
      .bind("forge@example.uz")
      .run();
    expect((await post("/auth/reset-password", { email: "forge@example.uz", token, password: "new-password" })).status).toBe(400);
    expect((await post("/auth/forgot-pass-form", { email: "not-an-email" })).status).toBe(400);
  });

  it("limits reset e-mails to 3 an hour per address", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post("/auth/forgot-pass-form", { email: "flood@example.uz" }, { headers: ip() })).status);
    expect(statuses).toEqual([303, 303, 303, 429]);
  });
});

describe("links leave the shop only from its configured origin", () => {
  it("a reset requested through another Host still links to PUBLIC_ORIGIN, and so do canonical and hreflang", async () => {
    await signUp({ email: "host@example.uz", firstName: "Host" });
    const evil = "http://evil.example";
    const res = await exports.default.fetch(
      new Request(`${evil}/auth/forgot-pass-form`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: evil, "Content-Type": "application/x-www-form-urlencoded", ...ip() },
        body: new URLSearchParams({ email: "host@example.uz" }),
      }),
    );
    expect(res.status).toBe(303);
    expect((await lastEmail("host@example.uz")).link.origin).toBe(ORIGIN);
    const page = await (await exports.default.fetch(new Request(`${evil}/ru/store/women`))).text();
    expect(page).not.toContain("evil.example");
    expect(page).toContain(`<link rel="canonical" href="${ORIGIN}/ru/store/women"`);
  });

  it("without a configured origin (and outside local development) no link is built from the request", async () => {
    expect(shopOrigin({ PUBLIC_ORIGIN: "https://libos.uz/", DEV_OUTBOX: "" }, new Request("http://evil.example/"))).toBe("https://libos.uz");
    expect(shopOrigin({ PUBLIC_ORIGIN: "", DEV_OUTBOX: "1" }, new Request("http://127.0.0.1:8787/"))).toBe("http://127.0.0.1:8787");
    expect(shopOrigin({ PUBLIC_ORIGIN: "", DEV_OUTBOX: "" }, new Request("http://evil.example/"))).toBe("");
    // A send then fails closed: no e-mail, a configuration error in the log.
    await signUp({ email: "closed@example.uz", firstName: "Closed" });
    const before = await emailsTo("closed@example.uz");
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args) => void errors.push(args));
    const t = ((key: string) => key) as unknown as Mail["t"];
    const result = await sendPasswordReset(env, new Request("http://evil.example/", { headers: ip() }), "closed@example.uz", {
      origin: "",
      lang: "uz",
      defaultLang: "uz",
      t,
    });
    spy.mockRestore();
    expect(result.limited).toBe(false);
    expect(await emailsTo("closed@example.uz")).toBe(before);
    expect(String(errors[0])).toContain("PUBLIC_ORIGIN");
  });
});
