import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

/**
 * Stand-in for the SMS and e-mail providers at their HTTP boundary: records
 * what it receives (GET http://provider.test/received) and can be told to fail
 * the next deliveries (POST http://provider.test/fail?times=N).
 */
const received: unknown[] = [];
let failuresLeft = 0;
async function providerStandIn(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname !== "provider.test") return new Response("no outbound network in tests", { status: 502 });
  if (url.pathname === "/received") return Response.json(received);
  if (url.pathname === "/fail") {
    failuresLeft = Number(url.searchParams.get("times") ?? 1);
    return new Response(null, { status: 204 });
  }
  if (failuresLeft > 0) {
    failuresLeft--;
    return new Response("provider down", { status: 503 });
  }
  received.push({ path: url.pathname, auth: request.headers.get("Authorization"), ...(await request.json()) });
  return Response.json({ ok: true });
}

export default defineConfig({
  test: {
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
              bindings: {
                SESSION_SECRET: "test-session-secret",
                SMS_PROVIDER_URL: "http://provider.test/sms",
                EMAIL_PROVIDER_URL: "http://provider.test/email",
                PROVIDER_API_KEY: "test-provider-key",
                TEST_MIGRATIONS: await readD1Migrations("./workers/migrations"),
              },
            },
          })),
          reactRouter(),
        ],
        test: { name: "worker", include: ["tests/worker/**/*.test.ts"], setupFiles: ["./tests/worker/setup.ts"] },
      },
    ],
  },
});
