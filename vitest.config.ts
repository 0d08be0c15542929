import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { standInVerdict } from "./app/server/turnstile-stand-in";

/**
 * Stand-in for the SMS and e-mail providers at their HTTP boundary: records
 * what it receives (GET http://provider.test/received) and can be told to fail
 * the next deliveries to one recipient (POST http://provider.test/fail?to=…&times=N).
 */
const received: unknown[] = [];
const failuresLeft = new Map<string, number>();
const modes = new Map<string, string>();
const clickReversed = new Set<string>();
const clickReceipts = new Set<string>();
async function providerStandIn(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname !== "provider.test") return new Response("no outbound network in tests", { status: 502 });
  if (url.pathname === "/received") return Response.json(received);
  if (url.pathname === "/turnstile/siteverify") {
    const form = await request.formData();
    return Response.json(standInVerdict(String(form.get("secret") ?? ""), String(form.get("response") ?? "")));
  }
  // Click's Merchant API: the shop's refunds (reversal, asked about by status) and receipts. Fail by "click:<paydoc id>"
  // (503), or give it a mode: "refuse" (Click's error), "drop" (acts, then the connection drops: no answer), "hang" (never answers).
  const click = /^\/click\/payment\/(reversal|status|ofd_data)\/\d+\/(\d+)$/.exec(url.pathname);
  if (click || url.pathname === "/click/payment/ofd_data/submit_items") {
    const body = request.method === "POST" ? ((await request.json()) as { payment_id?: number }) : null;
    const op = click?.[1] ?? "submit_items";
    const doc = click?.[2] ?? String(body?.payment_id ?? "");
    const key = `click:${doc}`;
    const left = failuresLeft.get(key) ?? 0;
    if (left > 0 && op !== "status" && op !== "ofd_data") {
      failuresLeft.set(key, left - 1);
      return new Response("provider down", { status: 503 });
    }
    const record = () => received.push({ path: url.pathname, method: request.method, auth: request.headers.get("Auth"), body });
    if (op === "status") {
      record();
      if (modes.get(`status:${doc}`) === "hang") return new Promise<Response>(() => {});
      // "processing": Click's 1, neither paid nor not.
      const status = modes.get(`status:${doc}`) === "processing" ? 1 : clickReversed.has(doc) ? -99 : 2;
      return Response.json({ error_code: 0, error_note: "Success", payment_id: Number(doc), payment_status: status });
    }
    if (op === "ofd_data") record();
    if (op === "ofd_data") return Response.json({ paymentId: Number(doc), qrCodeURL: clickReceipts.has(doc) ? `https://ofd.soliq.uz/check?p=${doc}` : "" });
    const mode = modes.get(`${op}:${doc}`);
    if (mode === "hang") return new Promise<Response>(() => {});
    if (mode === "refuse") return Response.json({ error_code: -16, error_note: "Payment cannot be cancelled" }, { status: 400 });
    // Only a call that acts is recorded (a refusal or a call that hangs changes nothing at Click).
    record();
    if (op === "reversal") clickReversed.add(doc);
    else clickReceipts.add(doc);
    if (mode === "drop") {
      // Acted, then the gateway failed before Click's answer: no answer of Click's reaches the shop.
      modes.delete(`${op}:${doc}`);
      return new Response("bad gateway", { status: 502 });
    }
    return Response.json({ error_code: 0, error_note: "Success", ...(op === "reversal" ? { payment_id: Number(doc) } : {}) });
  }
  if (url.pathname === "/mode") {
    const to = url.searchParams.get("to") ?? "";
    const mode = url.searchParams.get("mode") ?? "";
    if (mode) modes.set(to, mode);
    else modes.delete(to);
    return new Response(null, { status: 204 });
  }
  // Telegram's Bot API: sendMessage to the operators' chat.
  const telegram = /^\/telegram\/bot([^/]+)\/sendMessage$/.exec(url.pathname);
  if (telegram) {
    const body = (await request.json()) as { chat_id: string; text: string };
    received.push({ path: "/telegram", token: telegram[1], to: body.chat_id, text: body.text, body });
    return Response.json({ ok: true, result: { message_id: received.length, chat: { id: body.chat_id }, text: body.text } });
  }
  if (url.pathname === "/fail") {
    failuresLeft.set(url.searchParams.get("to") ?? "", Number(url.searchParams.get("times") ?? 1));
    return new Response(null, { status: 204 });
  }
  const message = (await request.json()) as { to: string };
  const left = failuresLeft.get(message.to) ?? 0;
  if (left > 0) {
    failuresLeft.set(message.to, left - 1);
    return new Response("provider down", { status: 503 });
  }
  received.push({ path: url.pathname, auth: request.headers.get("Authorization"), ...message });
  return Response.json({ ok: true });
}

export default defineConfig({
  // The Worker's tests run it with the local stand-ins (vite.config.ts).
  define: { __STAND_INS__: "true" },
  test: {
    // A test's console (the Worker's request log lines among it) is shown only when it fails.
    silent: "passed-only",
    // One test file per core (vitest's default keeps one core free: on 2 cores, one file at a time).
    // Not more: the stand-ins answer from this process, which also transforms the app for every file.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { tsconfigPaths: true },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        resolve: { tsconfigPaths: true },
        plugins: [
          // The real Worker (workers/app.ts) in workerd with a real local D1; the
          // migrations are applied per test file by tests/worker/setup.ts.
          cloudflareTest(async () => ({
            main: "./workers/app.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              outboundService: providerStandIn,
              // The shop's database as wrangler.toml names it, and a copy the replica stand-in reads
              // (DEV_D1_REPLICA: tests/worker/read-replicas.test.ts seeds it).
              d1Databases: { DB: "00000000-0000-0000-0000-000000000000", DB_REPLICA: "test-replica" },
              bindings: {
                DEV_D1_REPLICA: "1",
                SESSION_SECRET: "test-session-secret",
                // As in production: links in e-mails and canonical URLs come from here, never from Host.
                PUBLIC_ORIGIN: "http://shop.test",
                SMS_PROVIDER_URL: "http://provider.test/sms",
                CALL_PROVIDER_URL: "http://provider.test/call",
                EMAIL_PROVIDER_URL: "http://provider.test/email",
                PROVIDER_API_KEY: "test-provider-key",
                // Online payment through Click, with the stand-in of its page and callbacks.
                CLICK_SERVICE_ID: "4242",
                CLICK_MERCHANT_ID: "77",
                CLICK_SECRET_KEY: "test-click-secret",
                CLICK_PAY_URL: "https://my.click.uz/services/pay",
                CLICK_API_URL: "http://provider.test/click",
                CLICK_MERCHANT_USER_ID: "55",
                // Click's fiscal receipts: the seller and the unit code.
                SELLER_TIN: "123456789",
                CLICK_RECEIPT_UNITS: "1501",
                // And through Payme (its refunds are an operator's, in its cabinet: /dev/pay/payme-cabinet).
                PAYME_MERCHANT_ID: "5e730e8e0b852a417aa49ceb",
                PAYME_KEY: "test-payme-key",
                PAYME_CHECKOUT_URL: "https://checkout.paycom.uz",
                // Operators' alerts: by e-mail and in a Telegram chat (the Bot API is the stand-in above).
                OPS_ALERT_EMAIL: "ops@shop.test",
                TELEGRAM_BOT_TOKEN: "123:test-bot-token",
                OPS_TELEGRAM_CHAT_ID: "-100200300",
                TELEGRAM_API_URL: "http://provider.test/telegram",
                // A provider's answer that never comes is given up on after this long (15 s in production; here long
                // enough for a stand-in whose process is busy transforming the app for the other file at work).
                DEV_PROVIDER_CALL_LIMIT_MS: "2000",
                DEV_PAYMENTS: "1",
                // Turnstile with Cloudflare's always-passing test secret; siteverify is the stand-in below.
                TURNSTILE_SITE_KEY: "1x00000000000000000000BB",
                TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA",
                TURNSTILE_VERIFY_URL: "http://provider.test/turnstile/siteverify",
                DEV_CAPTCHA: "1",
                // Tests see every render; tests/worker/edge-cache.test.ts turns the cache on for its own requests.
                EDGE_CACHE: "off",
                DEV_IMAGES: "1",
                TEST_MIGRATIONS: await readD1Migrations("./workers/migrations"),
              },
            },
          })),
          reactRouter(),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          setupFiles: ["./tests/worker/setup.ts"],
          // The first request of each file compiles the app in a fresh isolate: seconds on a busy 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
