import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT) || 8790;

// Every spec runs twice: with JavaScript (enhanced) and without (the baseline
// every flow must work in). Debian's Chromium; Playwright never downloads one.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "off",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    // Without JavaScript the pages come in lite mode (no script at all, issue #15): everything must work as HTML.
    { name: "no-js", use: { javaScriptEnabled: false, extraHTTPHeaders: { "Save-Data": "on" } } },
  ],
  webServer: {
    // The production build on workerd with the demo catalogue (npm test builds first).
    command: `"${process.execPath}" scripts/start.mjs --no-build --quiet`,
    env: { PORT: String(PORT) },
    url: `http://127.0.0.1:${PORT}/robots.txt`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    // SIGTERM, not Playwright's default SIGKILL: scripts/start.mjs then stops
    // wrangler, which runs in its own process group and would outlive a SIGKILL
    // (and be silently reused, with a stale build, by the next run).
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
