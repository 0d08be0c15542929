import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { get, ORIGIN, post, products, skusOf } from "./helpers";
import { cartWith, clientAddress, signUp } from "./fixtures";

/**
 * Every rate-limited endpoint, pushed over its limit: each row fills the limit's
 * counter in D1 (as earlier requests would have) and sends one more request.
 * Every 429 must say when to retry and why, in the request's language.
 */
async function fill(key: string, windowSeconds: number) {
  const now = Math.floor(Date.now() / 1000);
  await env.DB.prepare(
    "INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 100000) ON CONFLICT(key) DO UPDATE SET window_start = ?2, count = 100000",
  )
    .bind(key, now - (now % windowSeconds))
    .run();
}

function json(path: string, body: unknown, ip: string, cookie?: string) {
  return get(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

const form = (path: string, fields: Record<string, string>, ip: string, cookie?: string) => post(path, fields, { cookie, headers: { "CF-Connecting-IP": ip } });

/** A signed-in shopper with one cart line. */
async function shopper() {
  const member = await signUp({ firstName: "Limit" });
  const { added } = await cartWith({ shopper: member });
  return { cookie: member.cookie, id: member.id, email: member.email, sku: added[0]!.sku };
}

type Row = {
  name: string;
  key: (ip: string, s: Awaited<ReturnType<typeof shopper>>) => string;
  window: number;
  send: (ip: string, s: Awaited<ReturnType<typeof shopper>>) => Promise<Response>;
  page?: boolean;
};

const PHONE = "+998901112233";
const ROWS: Row[] = [
  {
    name: "login page",
    key: (ip) => `login:ip:${ip}`,
    window: 600,
    page: true,
    send: (ip) => form("/ru/login", { login: "x@example.uz", password: "whatever-1" }, ip),
  },
  {
    name: "sign-up page",
    key: (ip) => `signup:ip:${ip}`,
    window: 3600,
    page: true,
    send: (ip) => form("/ru/signup", { firstName: "A", email: `l-${ip}@example.uz`, password: "long-enough" }, ip),
  },
  { name: "SMS login: send", key: (ip) => `sms:ip:${ip}`, window: 600, page: true, send: (ip) => form("/ru/login/sms", { intent: "send", phone: PHONE }, ip) },
  {
    name: "SMS login: code",
    key: (ip) => `sms-check:ip:${ip}`,
    window: 600,
    page: true,
    send: (ip) => form("/ru/login/sms", { intent: "verify", phone: PHONE, code: "123456" }, ip),
  },
  {
    name: "password reset",
    key: (ip) => `reset:ip:${ip}`,
    window: 3600,
    page: true,
    send: (ip) => form("/ru/auth/forgot-pass-form", { email: "x@example.uz" }, ip),
  },
  {
    name: "JSON: send login code",
    key: (ip) => `sms:ip:${ip}`,
    window: 600,
    send: (ip) => json("/auth/send-login-code-on-phone?lang=ru", { phone: PHONE }, ip),
  },
  {
    name: "JSON: login by code",
    key: (ip) => `sms-check:ip:${ip}`,
    window: 600,
    send: (ip) => json("/auth/login-by-phone?lang=ru", { phone: PHONE, code: "123456" }, ip),
  },
  {
    name: "cart page: new guest cart",
    key: (ip) => `cart-new:ip:${ip}`,
    window: 600,
    page: true,
    send: (ip, s) => form("/ru/cart", { intent: "add", purchasableId: String(s.sku.id), quantity: "1" }, ip),
  },
  {
    name: "favourites page: a new guest's session",
    key: (ip) => `session-new:ip:${ip}`,
    window: 600,
    page: true,
    send: (ip, s) => form("/ru/favorite", { intent: "add", productId: String(products.find((p) => skusOf(p).some((k) => k.id === s.sku.id))!.id) }, ip),
  },
  {
    name: "JSON: a new guest's favourites session",
    key: (ip) => `session-new:ip:${ip}`,
    window: 600,
    send: (ip) =>
      get("/api/favorites?lang=ru", {
        method: "POST",
        body: new URLSearchParams({ item_id: String(products[0]!.id) }),
        headers: { Origin: ORIGIN, "CF-Connecting-IP": ip, "Content-Type": "application/x-www-form-urlencoded" },
      }),
  },
  {
    name: "JSON: new guest cart",
    key: (ip) => `cart-new:ip:${ip}`,
    window: 600,
    send: (ip, s) =>
      get("/api/cart?lang=ru", {
        method: "POST",
        body: new URLSearchParams({ purchasableId: String(s.sku.id), quantity: "1" }),
        headers: { Origin: ORIGIN, "CF-Connecting-IP": ip, "Content-Type": "application/x-www-form-urlencoded" },
      }),
  },
  {
    name: "cart page: promo code",
    key: (ip) => `promo:ip:${ip}`,
    window: 600,
    page: true,
    send: (ip, s) => form("/ru/cart", { intent: "promo-apply", promoCode: "GUESS1" }, ip, s.cookie),
  },
  {
    name: "JSON: promo code",
    key: (ip) => `promo:ip:${ip}`,
    window: 600,
    send: (ip, s) => json("/bpm/validate-promo-code?lang=ru", { promoCode: "GUESS1" }, ip, s.cookie),
  },
  {
    name: "account: phone change",
    key: (ip) => `sms:ip:${ip}`,
    window: 600,
    page: true,
    send: (ip, s) => form("/ru/account", { intent: "phone-start", phone: PHONE }, ip, s.cookie),
  },
  {
    name: "account: phone code",
    key: (ip) => `sms-check:ip:${ip}`,
    window: 600,
    page: true,
    send: (ip, s) => form("/ru/account", { intent: "phone-verify", phone: PHONE, sms: "123456" }, ip, s.cookie),
  },
  {
    name: "account: e-mail change",
    key: (_ip, s) => `email-change:user:${s.id}`,
    window: 3600,
    page: true,
    send: (ip, s) => form("/ru/account", { intent: "email-change", email: `new-${ip}@example.uz` }, ip, s.cookie),
  },
  {
    name: "account: resend confirmation",
    key: (_ip, s) => `confirm:email:${s.email}`,
    window: 3600,
    page: true,
    send: (ip, s) => form("/ru/account", { intent: "resend-confirm" }, ip, s.cookie),
  },
  {
    name: "JSON: contact validation",
    key: (ip) => `sms:ip:${ip}`,
    window: 600,
    send: (ip, s) => json("/bpm/validate-contact?lang=ru", { phone: PHONE, token: "t" }, ip, s.cookie),
  },
  {
    name: "JSON: change phone",
    key: (ip) => `sms:ip:${ip}`,
    window: 600,
    send: (ip, s) => json("/api/account/change-phone?lang=ru", { phone: PHONE, token: "t" }, ip, s.cookie),
  },
  {
    name: "JSON: change e-mail",
    key: (_ip, s) => `email-change:user:${s.id}`,
    window: 3600,
    send: (ip, s) => json("/api/account/change-email?lang=ru", { email: `new-${ip}@example.uz` }, ip, s.cookie),
  },
  {
    name: "JSON: resend confirmation",
    key: (_ip, s) => `confirm:email:${s.email}`,
    window: 3600,
    send: (ip, s) => json("/auth/resend-confirm-email?lang=ru", {}, ip, s.cookie),
  },
];

const CYRILLIC = /[А-Яа-яЁё]/;

describe("every 429 says when to retry, in the request's language", () => {
  for (const row of ROWS) {
    it(row.name, async () => {
      const s = await shopper();
      const ip = clientAddress();
      await fill(row.key(ip, s), row.window);
      const res = await row.send(ip, s);
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(row.window);
      const body = await res.text();
      if (row.page) {
        // The page's own alert, translated (not a raw key).
        const alerts = [...body.matchAll(/role="alert"[^>]*>([^<]+)</g)].map((m) => m[1]!);
        expect(
          alerts.some((a) => CYRILLIC.test(a)),
          alerts.join(" | "),
        ).toBe(true);
      } else {
        const message = String((JSON.parse(body) as { message?: string }).message ?? "");
        expect(message).toMatch(CYRILLIC);
        expect(body).not.toMatch(/(auth|account|cart|common):(errors|cartPopup)\./);
      }
    });
  }
});
