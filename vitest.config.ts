import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { standInVerdict } from "./app/server/turnstile-stand-in";

/**
 * Stand-in for the SMS and e-mail providers at their HTTP boundary: records
 * what it receives (GET http://provider.test/received) and can be told to fail
 * the next deliveries to one recipient (POST http://provider.test/fail?to=…&times=N).
 */
const received: unknown[] = [];
const failuresLeft = new Map<string, number>();
async function providerStandIn(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname !== "provider.test") return new Response("no outbound network in tests", { status: 502 });
  if (url.pathname === "/received") return Response.json(received);
  if (url.pathname === "/turnstile/siteverify") {
    const form = await request.formData();
    return Response.json(standInVerdict(String(form.get("secret") ?? ""), String(form.get("response") ?? "")));
  }
  // Click's Merchant API and Payme's API: the shop's refunds and receipts (fail by "click:<paydoc id>" or "payme:<transaction>").
  const refund = /^\/click\/payment\/reversal\/\d+\/(\d+)$/.exec(url.pathname);
  if (refund || url.pathname === "/click/payment/ofd_data/submit_items" || url.pathname === "/payme") {
    const body = request.method === "DELETE" ? null : ((await request.json()) as { params?: { id?: string } });
    const key = refund ? `click:${refund[1]}` : url.pathname === "/payme" ? `payme:${body?.params?.id}` : "";
    const left = failuresLeft.get(key) ?? 0;
    if (left > 0) {
      failuresLeft.set(key, left - 1);
      return new Response("provider down", { status: 503 });
    }
    received.push({ path: url.pathname, method: request.method, auth: request.headers.get("Auth") ?? request.headers.get("X-Auth"), body });
    if (url.pathname === "/payme") return Response.json({ result: { receipt: { _id: body?.params?.id, state: 50 } }, id: 1 });
    return Response.json({ error_code: 0, error_note: "Success", ...(refund ? { payment_id: Number(refund[1]) } : {}) });
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
                // And through Payme, whose receipts.cancel (refunds) is the stand-in above.
                PAYME_MERCHANT_ID: "5e730e8e0b852a417aa49ceb",
                PAYME_KEY: "test-payme-key",
                PAYME_CHECKOUT_URL: "https://checkout.paycom.uz",
                PAYME_API_URL: "http://provider.test/payme",
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
