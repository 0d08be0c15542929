import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

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
              bindings: {
                SESSION_SECRET: "test-session-secret",
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
