import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cookieOf, get, ORIGIN } from "./helpers";
import { ip, signUp } from "./fixtures";

const json = (path: string, body: unknown, cookie?: string) =>
  get(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...ip() },
  });

describe("auth JSON calls", () => {
  it("send-login-code-on-phone then login-by-phone signs in with a new session cookie", async () => {
    const sent = await json("/auth/send-login-code-on-phone", { phone: "+998 99 000 12 34" });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true });
    const body = (await env.DB.prepare("SELECT body FROM outbox WHERE recipient = '+998990001234' ORDER BY id DESC").first<{ body: string }>())!.body;
    const code = /\d{6}/.exec(body)![0];
    const wrong = await json("/auth/login-by-phone?lang=ru", { phone: "+998990001234", code: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ success: false, errors: [{ field: "code", message: "Неверный код." }] });
    const ok = await json("/auth/login-by-phone", { phone: "+998990001234", code });
    expect(ok.status).toBe(200);
    const cookie = cookieOf(ok)!;
    expect(cookie).toMatch(/^__session=/);
    expect((await get("/account", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it("answer malformed input with 4xx JSON", async () => {
    expect((await json("/auth/send-login-code-on-phone", { phone: "123" })).status).toBe(422);
    expect((await json("/auth/login-by-phone", { phone: "+998990001234", code: "12" })).status).toBe(422);
    expect((await json("/auth/login-by-phone", [])).status).toBe(400);
    expect((await json("/auth/unknown-op", {})).status).toBe(404);
    expect((await json("/auth/resend-confirm-email", {})).status).toBe(401);
  });

  it("resend-confirm-email for a signed-in shopper", async () => {
    const { cookie } = await signUp({ email: "api-resend@example.uz", firstName: "R" });
    const again = await json("/auth/resend-confirm-email", {}, cookie);
    expect(again.status).toBe(200);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = 'api-resend@example.uz'").first<{ n: number }>())!.n).toBe(2);
  });

  it("leave the forgot-password page where it was", async () => {
    expect((await get("/auth/forgot-pass-form")).status).toBe(200);
  });
});
