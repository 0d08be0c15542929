import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { E2E_WORKERS, e2ePort, e2eState } from "./tests/e2e/servers";

// Every spec runs twice: with JavaScript (enhanced) and without (the baseline
// every flow must work in). Debian's Chromium; Playwright never downloads one.
// Its headless shell (package chromium-headless-shell, the same Chromium without the
// browser's UI) where installed: about a third less CPU per test than the full browser.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROME = process.env.CHROME_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
export default defineConfig({
  testDir: "tests/e2e",
  // A spec's tests run in order; specs are shared out among the workers, each with a server of its own.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    // Worker 0's server; tests/e2e/support.ts gives every other worker its own.
    baseURL: `http://127.0.0.1:${e2ePort(0)}`,
    launchOptions: {
      executablePath: CHROME,
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
    // Without JavaScript the pages come in lite mode (no script at all): everything must work as HTML.
    { name: "no-js", use: { javaScriptEnabled: false, extraHTTPHeaders: { "Save-Data": "on" } } },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, worker) => ({
    // The production build on workerd with the demo catalogue (npm test builds first), its own state per worker.
    command: `"${process.execPath}" scripts/start.mjs --no-build --quiet --state=${e2eState(worker)}`,
    env: { PORT: String(e2ePort(worker)) },
    url: `http://127.0.0.1:${e2ePort(worker)}/robots.txt`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    // SIGTERM, not Playwright's default SIGKILL: scripts/start.mjs then stops
    // wrangler, which runs in its own process group and would outlive a SIGKILL
    // (and be silently reused, with a stale build, by the next run).
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
