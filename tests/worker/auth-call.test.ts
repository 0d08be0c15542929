import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import ruAuth from "../../locales/ru/auth.json";
import uzAuth from "../../locales/uz/auth.json";
import type { QueueMessageBody } from "~/outbox/outbox.server";
import { consumeOutbox } from "~/outbox/queue.server";
import { clientAddress, ip, signUp } from "./fixtures";
import { cookieOf, decode, get, html, ORIGIN, post } from "./helpers";

const json = (path: string, body: unknown, headers: Record<string, string> = ip()) =>
  get(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Origin: ORIGIN, ...headers } });

/** The newest flash call the shop asked for to `phone`: its row and the code (the calling number's last four digits). */
async function lastCall(phone: string): Promise<{ id: number; body: string; code: string }> {
  const row = await env.DB.prepare("SELECT id, body FROM outbox WHERE channel = 'call' AND recipient = ? ORDER BY id DESC LIMIT 1")
    .bind(phone)
    .first<{ id: number; body: string }>();
  expect(row, `a call to ${phone}`).not.toBeNull();
  return { ...row!, code: row!.body.slice(-4) };
}

async function outboxTo(recipient: string) {
  const { results } = await env.DB.prepare("SELECT channel, subject, body FROM outbox WHERE recipient = ? ORDER BY id").bind(recipient).all<{
    channel: string;
    subject: string;
    body: string;
  }>();
  return results;
}

describe("sign-in and sign-up by a flash call (JSON)", () => {
  it("sign-in-send-call calls through the outbox and the provider; login-by-call signs in with the calling number's last four digits", async () => {
    const sent = await json("/auth/sign-in-send-call?lang=ru", { phone: "+998 90 321 00 01" });
    expect(sent.status).toBe(200);
    expect(sent.headers.get("Cache-Control")).toContain("no-store");
    expect(await sent.json()).toEqual({ success: true, message: ruAuth.call.calling.replace("{{phone}}", "+998 90 321 00 01") });
    const call = await lastCall("+998903210001");
    expect(call.body).toMatch(/^\+998\d{9}$/);
    expect(call.code).toMatch(/^\d{4}$/);
    // Stored hashed only.
    const stored = await env.DB.prepare("SELECT code_hash FROM verification_codes WHERE purpose = 'login-call' AND target = ?")
      .bind("+998903210001")
      .first<{ code_hash: string }>();
    expect(stored!.code_hash).toMatch(/^[0-9a-f]{64}$/);

    // The queue hands it to the call provider, which is told the code its number must end with.
    const batch = createMessageBatch<QueueMessageBody>("storefront-outbox", [{ id: "c1", timestamp: new Date(), attempts: 1, body: { outboxId: call.id } }]);
    await consumeOutbox(batch, env);
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toEqual(["c1"]);
    const got = ((await (await fetch("http://provider.test/received")).json()) as { path: string; to: string; code: string }[]).filter(
      (m) => m.to === "+998903210001",
    );
    expect(got.at(-1)).toMatchObject({ path: "/call", to: "+998903210001", code: call.code });

    const wrong = await json("/auth/login-by-call?lang=ru", { phone: "+998903210001", code: call.code === "0000" ? "1111" : "0000" });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ success: false, errors: [{ field: "code", message: ruAuth.errors.code_invalid }] });
    const ok = await json("/auth/login-by-call", { phone: "+998903210001", code: call.code });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true });
    expect((await get("/account", { headers: { Cookie: cookieOf(ok)! } })).status).toBe(200);
    // Spent.
    expect((await json("/auth/login-by-call", { phone: "+998903210001", code: call.code })).status).toBe(422);
  });

  it("sign-up-send-call and verify-call: a code of its own (a sign-up call's code does not sign in by login-by-call, nor the reverse)", async () => {
    expect((await json("/auth/sign-up-send-call", { phone: "+998903210002" })).status).toBe(200);
    const signup = await lastCall("+998903210002");
    expect((await json("/auth/login-by-call", { phone: "+998903210002", code: signup.code })).status).toBe(422);
    const made = await json("/auth/verify-call", { phone: "+998903210002", code: signup.code });
    expect(made.status).toBe(200);
    const account = await env.DB.prepare("SELECT id FROM users WHERE phone = ?").bind("+998903210002").first<{ id: number }>();
    expect(account).not.toBeNull();
    expect((await get("/account", { headers: { Cookie: cookieOf(made)! } })).status).toBe(200);
    // A later sign-in call signs in to the same account.
    expect((await json("/auth/sign-in-send-call", { phone: "+998903210002" })).status).toBe(200);
    const login = await lastCall("+998903210002");
    expect((await json("/auth/verify-call", { phone: "+998903210002", code: login.code })).status).toBe(422);
    expect((await json("/auth/login-by-call", { phone: "+998903210002", code: login.code })).status).toBe(200);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE phone = ?").bind("+998903210002").first<{ n: number }>())!.n).toBe(1);
  });

  it("calls and SMS codes share the SMS codes' limit: the fourth to a phone in 10 minutes is 429 with Retry-After, in the request's language", async () => {
    expect((await json("/auth/send-login-code-on-phone", { phone: "+998903210003" })).status).toBe(200);
    expect((await json("/auth/sign-in-send-call", { phone: "+998903210003" })).status).toBe(200);
    expect((await json("/auth/sign-up-send-call", { phone: "+998903210003" })).status).toBe(200);
    const refused = await json("/auth/sign-in-send-call?lang=ru", { phone: "+998903210003" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ success: false, message: ruAuth.errors.tooManyCodes });
    expect((await outboxTo("+998903210003")).map((m) => m.channel)).toEqual(["sms", "call", "call"]);
  });

  it("answers malformed input with 4xx in the request's language, and wrong methods with 405", async () => {
    const badPhone = await json("/auth/sign-in-send-call?lang=ru", { phone: "123" });
    expect(badPhone.status).toBe(422);
    expect(await badPhone.json()).toMatchObject({ errors: [{ field: "phone", message: ruAuth.errors.phoneInvalid }] });
    const sixDigits = await json("/auth/login-by-call?lang=ru", { phone: "+998903210004", code: "123456" });
    expect(sixDigits.status).toBe(422);
    expect(await sixDigits.json()).toMatchObject({ errors: [{ field: "code", message: ruAuth.errors.callCodeFormat }] });
    expect((await json("/auth/verify-call", [])).status).toBe(400);
    const getCall = await get("/auth/sign-up-send-call");
    expect(getCall.status).toBe(405);
    expect(getCall.headers.get("Allow")).toBe("POST");
  });
});

describe("the SMS login page offers a call instead", () => {
  it("after an SMS code was asked for, 'call me instead' calls and the call's code signs in; a wrong one stays on the call's step", async () => {
    const from = { "CF-Connecting-IP": clientAddress() };
    const send = await post("/login/sms", { intent: "send", phone: "+998903210005", returnUrl: "/store" }, { headers: from });
    expect(send.status).toBe(303);
    const codeStep = await html(send.headers.get("Location")!);
    expect(codeStep.body).toContain('data-testid="call-instead"');
    expect(decode(codeStep.body)).toContain(uzAuth.call.instead);

    const call = await post("/login/sms", { intent: "call", phone: "+998903210005", returnUrl: "/store" }, { headers: from });
    expect(call.status).toBe(303);
    expect(call.headers.get("Location")).toBe("/login/sms?phone=%2B998903210005&by=call&return_url=%2Fstore");
    const callStep = await html(call.headers.get("Location")!);
    expect(callStep.body).toContain('data-testid="call-placed"');
    expect(callStep.body).toContain('name="intent" value="verify-call"');
    expect(callStep.body).toContain('data-testid="sms-instead"');
    const { code } = await lastCall("+998903210005");

    const wrong = await post("/ru/login/sms", { intent: "verify-call", phone: "+998903210005", code: code === "0000" ? "1111" : "0000" }, { headers: from });
    expect(wrong.status).toBe(400);
    const body = decode(await wrong.text());
    expect(body).toContain(ruAuth.errors.code_invalid);
    expect(body).toContain('data-testid="call-placed"');
    const ok = await post("/login/sms", { intent: "verify-call", phone: "+998903210005", code, returnUrl: "/store" }, { headers: from });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe("/store");
    expect((await get("/account", { headers: { Cookie: cookieOf(ok)! } })).status).toBe(200);
  });
});

describe("POST /auth/password-reset-request", () => {
  it("by e-mail: the same answer whether the account exists or not; the link goes to an account's e-mail only", async () => {
    const member = await signUp({ email: "reset-json@example.uz" });
    const known = await json("/auth/password-reset-request?lang=ru", { email: member.email });
    const unknown = await json("/auth/password-reset-request?lang=ru", { email: "nobody-json@example.uz" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.headers.get("Cache-Control")).toContain("no-store");
    const answer = await known.json();
    expect(answer).toEqual({ success: true, message: ruAuth.forgot.sent });
    expect(await unknown.json()).toEqual(answer);
    const mails = (await outboxTo(member.email)).filter((m) => m.subject === ruAuth.email.resetSubject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain("http://shop.test/ru/auth/reset-password?email=reset-json%40example.uz&token=");
    expect(await outboxTo("nobody-json@example.uz")).toEqual([]);
  });

  it("by phone: the link goes by SMS to the account's phone, and opens the reset for its e-mail; an unknown phone gets the same answer", async () => {
    const member = await signUp({ email: "reset-phone@example.uz", password: "old-password" });
    await env.DB.prepare("UPDATE users SET phone = ? WHERE id = ?").bind("+998903210006", member.id).run();
    const known = await json("/auth/password-reset-request", { phone: "90 321 00 06" });
    const unknown = await json("/auth/password-reset-request", { phone: "+998903210007" });
    expect(known.status).toBe(200);
    const answer = await known.json();
    expect(answer).toEqual({ success: true, message: uzAuth.forgot.sentPhone });
    expect(await unknown.json()).toEqual(answer);
    expect(await outboxTo("+998903210007")).toEqual([]);
    const sms = await outboxTo("+998903210006");
    expect(sms.map((m) => m.channel)).toEqual(["sms"]);
    const link = /http:\/\/shop\.test(\/auth\/reset-password\?\S+)/.exec(sms[0]!.body)![1]!;
    const reset = new URL(link, ORIGIN).searchParams;
    expect(reset.get("email")).toBe("reset-phone@example.uz");
    const set = await post("/auth/reset-password", { email: reset.get("email")!, token: reset.get("token")!, password: "new-password-1" }, { headers: ip() });
    expect(set.status).toBe(303);
    expect((await post("/login", { login: "reset-phone@example.uz", password: "new-password-1" }, { headers: ip() })).status).toBe(303);
  });

  it("refuses malformed input with 422 naming the field, and a fourth request an hour with 429 and Retry-After", async () => {
    const none = await json("/auth/password-reset-request?lang=ru", {});
    expect(none.status).toBe(422);
    expect(await none.json()).toMatchObject({ errors: [{ field: "email", message: ruAuth.errors.emailRequired }] });
    const badPhone = await json("/auth/password-reset-request?lang=ru", { phone: "12" });
    expect(await badPhone.json()).toMatchObject({ errors: [{ field: "phone", message: ruAuth.errors.phoneInvalid }] });
    for (let i = 0; i < 3; i++) expect((await json("/auth/password-reset-request", { email: "limited-json@example.uz" })).status).toBe(200);
    const limited = await json("/auth/password-reset-request?lang=ru", { email: "limited-json@example.uz" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ success: false, message: ruAuth.errors.tooManyAttempts });
  });
});
