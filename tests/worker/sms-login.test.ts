import { createMessageBatch, getQueueResult } from "cloudflare:test";
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { retryDelaySeconds, type QueueMessageBody } from "~/outbox/outbox.server";
import { consumeOutbox } from "~/outbox/queue.server";
import { cookieOf, get, html, post } from "./helpers";
import { ip } from "./fixtures";

/** The newest SMS the shop wrote to `phone`, and the code in it. */
async function lastSms(phone: string): Promise<{ id: number; body: string; code: string }> {
  const row = await env.DB.prepare("SELECT id, body FROM outbox WHERE channel = 'sms' AND recipient = ? ORDER BY id DESC LIMIT 1")
    .bind(phone)
    .first<{ id: number; body: string }>();
  return { ...row!, code: /\b(\d{6})\b/.exec(row!.body)![1]! };
}

async function deliverOutbox(ids: number[]) {
  const batch = createMessageBatch<QueueMessageBody>(
    "storefront-outbox",
    ids.map((id, i) => ({ id: `m${id}-${i}`, timestamp: new Date(), attempts: 1, body: { outboxId: id } })),
  );
  const ctx = createExecutionContext();
  await consumeOutbox(batch, env);
  return getQueueResult(batch, ctx);
}

async function received(): Promise<{ path: string; to: string; text: string; auth: string }[]> {
  return (await fetch("http://provider.test/received")).json();
}

describe("login by SMS code", () => {
  it("sends a 6-digit code through the outbox and the provider, and signs in with it", async () => {
    const send = await post("/login/sms", { intent: "send", phone: "90 111 22 33", returnUrl: "/store" }, { headers: ip() });
    expect(send.status).toBe(303);
    expect(send.headers.get("Location")).toBe("/login/sms?phone=%2B998901112233&return_url=%2Fstore");
    const sms = await lastSms("+998901112233");
    expect(sms.body).toMatch(/^Libos: kirish kodi \d{6}\./);
    // Stored hashed only.
    const stored = await env.DB.prepare("SELECT code_hash FROM verification_codes WHERE target = ?").bind("+998901112233").first<{ code_hash: string }>();
    expect(stored!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.code_hash).not.toContain(sms.code);

    const result = await deliverOutbox([sms.id]);
    expect(result.explicitAcks).toEqual([`m${sms.id}-0`]);
    const got = (await received()).filter((m) => m.to === "+998901112233");
    expect(got.at(-1)).toMatchObject({ path: "/sms", to: "+998901112233", text: sms.body, auth: "Bearer test-provider-key" });
    const row = await env.DB.prepare("SELECT status, attempts FROM outbox WHERE id = ?").bind(sms.id).first();
    expect(row).toEqual({ status: "sent", attempts: 1 });

    const page = await html("/login/sms?phone=%2B998901112233");
    expect(page.body).toContain("+998 90 111 22 33");
    const verify = await post("/login/sms", { intent: "verify", phone: "+998901112233", code: sms.code, returnUrl: "/store" }, { headers: ip() });
    expect(verify.status).toBe(303);
    expect(verify.headers.get("Location")).toBe("/store");
    const account = await html("/account", { headers: { Cookie: cookieOf(verify)! } });
    expect(account.res.status).toBe(200);

    // A spent code does not open a second session.
    const again = await post("/login/sms", { intent: "verify", phone: "+998901112233", code: sms.code }, { headers: ip() });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Kod noto&#x27;g&#x27;ri.");
  });

  it("refuses expired codes and stops after 5 tries, even with the right code", async () => {
    await post("/login/sms", { intent: "send", phone: "+998 90 222 33 44" }, { headers: ip() });
    const { code } = await lastSms("+998902223344");
    await env.DB.prepare("UPDATE verification_codes SET expires_at = unixepoch() - 1 WHERE target = ?").bind("+998902223344").run();
    const expired = await post("/ru/login/sms", { intent: "verify", phone: "+998902223344", code }, { headers: ip() });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain("Срок действия кода истёк");

    await post("/login/sms", { intent: "send", phone: "+998902223344" }, { headers: ip() });
    const fresh = await lastSms("+998902223344");
    const wrong = fresh.code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await post("/login/sms", { intent: "verify", phone: "+998902223344", code: wrong }, { headers: ip() });
      expect(res.status).toBe(400);
    }
    const sixth = await post("/ru/login/sms", { intent: "verify", phone: "+998902223344", code: fresh.code }, { headers: ip() });
    expect(sixth.status).toBe(400);
    expect(await sixth.text()).toContain("Попытки закончились");
  });

  it("counts tries atomically under parallel guessing", async () => {
    await post("/login/sms", { intent: "send", phone: "+998903334455" }, { headers: ip() });
    const { code } = await lastSms("+998903334455");
    const wrong = code === "123456" ? "654321" : "123456";
    const results = await Promise.all(
      Array.from({ length: 12 }, () => post("/login/sms", { intent: "verify", phone: "+998903334455", code: wrong }, { headers: ip() })),
    );
    expect(results.every((r) => r.status === 400)).toBe(true);
    const row = await env.DB.prepare("SELECT attempts FROM verification_codes WHERE target = ? ORDER BY id DESC")
      .bind("+998903334455")
      .first<{ attempts: number }>();
    expect(row!.attempts).toBe(12);
    const right = await post("/login/sms", { intent: "verify", phone: "+998903334455", code }, { headers: ip() });
    expect(right.status).toBe(400);
  });

  it("limits code sends per phone with 429 and a localized message", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await post("/uk/login/sms", { intent: "send", phone: "+998904445566" }, { headers: ip() });
      statuses.push(res.status);
      if (res.status === 429) expect(await res.text()).toContain("Забагато запитів коду");
    }
    expect(statuses).toEqual([303, 303, 303, 429]);
  });

  it("answers bad input with 400: malformed phone, non-digit or short code", async () => {
    const cases: Record<string, string>[] = [
      { intent: "send", phone: "12345" },
      { intent: "send", phone: "+7 912 345 67 89" },
      { intent: "send" },
      { intent: "verify", phone: "+998905556677", code: "12ab56" },
      { intent: "verify", phone: "+998905556677", code: "123" },
      { intent: "verify", phone: "nonsense", code: "123456" },
      { intent: "other", phone: "+998905556677" },
    ];
    for (const fields of cases) {
      const res = await post("/login/sms", fields, { headers: ip() });
      expect(res.status, JSON.stringify(fields)).toBe(400);
    }
  });
});

describe("outbox delivery", () => {
  it("retries with backoff while the provider fails", async () => {
    const id = (await env.DB.prepare("INSERT INTO outbox (channel, recipient, body) VALUES ('sms', '+998906667788', 'hello') RETURNING id").first<{
      id: number;
    }>())!.id;
    await fetch("http://provider.test/fail?to=%2B998906667788&times=10", { method: "POST" });
    const first = await deliverOutbox([id]);
    expect(first.retryMessages.map((m) => m.msgId)).toEqual([`m${id}-0`]);
    expect(await env.DB.prepare("SELECT status, attempts, last_error FROM outbox WHERE id = ?").bind(id).first()).toEqual({
      status: "pending",
      attempts: 1,
      last_error: "provider answered 503",
    });
    // The queue counts the tries; after its last the dead-letter queue marks the row failed (outbox.test.ts).
    for (let i = 0; i < 5; i++) await deliverOutbox([id]);
    expect(await env.DB.prepare("SELECT status, attempts FROM outbox WHERE id = ?").bind(id).first()).toEqual({ status: "pending", attempts: 6 });
    expect(retryDelaySeconds(1)).toBe(10);
    expect(retryDelaySeconds(3)).toBe(40);
    expect(retryDelaySeconds(20)).toBe(600);
    await fetch("http://provider.test/fail?to=%2B998906667788&times=0", { method: "POST" });
  });

  it("has no development outbox page unless enabled", async () => {
    const res = await get("/dev/outbox");
    expect(res.status).toBe(404);
  });
});
