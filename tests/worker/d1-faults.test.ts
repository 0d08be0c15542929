import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { classifyD1Error, DOCUMENTED_D1_ERRORS, distantD1, faultyD1, injectedLatency } from "~/server/d1-faults.server";
import worker from "../../workers/app";
import { crawl } from "../shared/crawl.ts";
import { buyable, ip, order, Shopper, signUp } from "./fixtures";
import { cookieOf, formPost, get, ORIGIN } from "./helpers";

// The real Worker entry over a database that fails: `faultyD1` throws D1's documented errors
// (before the statement reaches D1) for the round trips `only` picks, at `rate`.
let seed = 1;
function faultyGet(rate: number, only?: (sql: string) => boolean) {
  return (path: string, init: RequestInit = {}) =>
    worker.fetch(
      new Request(ORIGIN + path, { redirect: "manual", ...init }) as Parameters<typeof worker.fetch>[0],
      { ...env, DB: faultyD1(env.DB, rate, seed++, only) },
      createExecutionContext(),
    );
}
/** Asks again while the answer is the 503 (as a shopper following "try again" does); every answer is kept. */
async function untilAnswered(send: () => Promise<Response>, statuses: number[]): Promise<Response> {
  for (let i = 0; ; i++) {
    const res = await send();
    statuses.push(res.status);
    if (res.status !== 503 || i >= 30) return res;
    expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
    await res.body?.cancel();
  }
}

describe("D1 errors are classified", () => {
  it("the documented messages as transient or overloaded, SQL and constraint errors as other, anything else as none", () => {
    const kinds = DOCUMENTED_D1_ERRORS.map((m) => classifyD1Error(new Error(m)));
    expect(kinds.filter((k) => k === "overloaded")).toHaveLength(2);
    expect(kinds.filter((k) => k === "transient")).toHaveLength(DOCUMENTED_D1_ERRORS.length - 2);
    expect(classifyD1Error(new Error("D1_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT"))).toBe("other");
    expect(classifyD1Error(new Error("D1_ERROR: no such table: nope: SQLITE_ERROR"))).toBe("other");
    expect(classifyD1Error(new TypeError("x is undefined"))).toBeNull();
  });
});

describe("a database a round trip away (DEV_D1_LATENCY_MS)", () => {
  it("is read from the setting, locally only", () => {
    expect(injectedLatency({ DEV_D1_LATENCY_MS: "70", PUBLIC_ORIGIN: "" })).toBe(70);
    expect(injectedLatency({ DEV_D1_LATENCY_MS: "70", PUBLIC_ORIGIN: "https://libos.uz" })).toBe(0);
    expect(injectedLatency({ DEV_D1_LATENCY_MS: "", PUBLIC_ORIGIN: "" })).toBe(0);
    expect(injectedLatency({ DEV_D1_LATENCY_MS: "fast", PUBLIC_ORIGIN: "" })).toBe(0);
  });

  it("holds each round trip, a statement or a batch, for the delay before it goes", async () => {
    vi.useFakeTimers();
    try {
      const db = distantD1(env.DB, 70);
      const settled = (p: Promise<unknown>) => {
        const state = { done: false };
        p.then(() => (state.done = true));
        return state;
      };
      const one = db.prepare("SELECT 1 AS n").first<number>("n");
      const batch = db.batch([db.prepare("SELECT 2 AS n"), db.prepare("SELECT 3 AS n")]);
      const [a, b] = [settled(one), settled(batch)];
      await vi.advanceTimersByTimeAsync(69);
      expect([a.done, b.done]).toEqual([false, false]);
      await vi.advanceTimersByTimeAsync(1);
      expect(await one).toBe(1);
      expect((await batch).map((r) => r.results[0])).toEqual([{ n: 2 }, { n: 3 }]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("an outage D1 does not get past answers a localized 503", () => {
  it("a page: 503 in its language with Retry-After and no-store, never 500", async () => {
    const res = await faultyGet(1)("/ru/store");
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await res.text();
    expect(body).toContain('lang="ru"');
    expect(body).toContain("Магазин временно не отвечает");
  });

  it("a JSON call: 503 {success:false, message} in the request's language", async () => {
    const res = await faultyGet(1)("/api/cart?lang=uk", { headers: { Cookie: (await signUp({ quick: true })).cookie } });
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await res.json()).toEqual({ success: false, message: expect.stringContaining("нічого не загубилося") });
  });

  it("a read that fails once is tried again: the page renders", async () => {
    let failures = 1;
    const once = (path: string) =>
      worker.fetch(
        new Request(ORIGIN + path) as Parameters<typeof worker.fetch>[0],
        { ...env, DB: faultyD1(env.DB, 1, 1, () => failures-- > 0) },
        createExecutionContext(),
      );
    expect((await once("/store")).status).toBe(200);
  });
});

describe("a session the database cannot read", () => {
  it("answers 503, never the signed-in shopper's page as a guest's", async () => {
    const member = await signUp({ quick: true });
    const sessionsFail = faultyGet(1, (sql) => /FROM sessions/.test(sql));
    const res = await sessionsFail("/", { headers: { Cookie: member.cookie } });
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
    // The same page without a session cookie needs no session read.
    expect((await sessionsFail("/")).status).toBe(200);
  });
});

describe("streamed parts of the product page", () => {
  it("fall back quietly when their reads fail: the page is still a 200", async () => {
    const slug = buyable(0).p.slug;
    const res = await faultyGet(1, (sql) => /AS sort_key FROM reviews/.test(sql))(`/ru/product/${slug}`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain("</html>");
    expect(body).toContain("Отзывы сейчас недоступны.");
  });
});

describe("20 % of D1 round trips failing", () => {
  it("the crawl meets only 2xx/3xx/4xx/503, never another 5xx", async () => {
    const statuses: number[] = [];
    const flaky = faultyGet(0.2);
    await crawl((path, init) => untilAnswered(() => flaky(path, init), statuses), ORIGIN);
    expect(statuses.length).toBeGreaterThan(100);
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
  }, 300_000);

  it("sign-up, add to cart and placing an order end done once: nothing lost, nothing doubled", async () => {
    const statuses: number[] = [];
    for (let run = 0; run < 4; run++) {
      const flaky = faultyGet(0.2);
      const email = `faults-${crypto.randomUUID().slice(0, 8)}@example.uz`;
      const signup = await untilAnswered(() => flaky("/signup", formPost({ firstName: "Test", email, password: "long-enough" }, { headers: ip() })), statuses);
      expect(signup.status, `sign-up (${statuses.join(" ")})`).toBe(303);
      const users = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).all();
      expect(users.results).toHaveLength(1);
      const shopper = new Shopper(cookieOf(signup)!);

      const { sku } = buyable(run);
      const add = await untilAnswered(
        () =>
          flaky(
            "/cart",
            formPost({ intent: "add", purchasableId: String(sku.id), quantity: "1", redirectTo: "/cart" }, { cookie: shopper.cookie, headers: ip() }),
          ),
        statuses,
      );
      expect(add.status).toBe(303);
      shopper.cookie = cookieOf(add) ?? shopper.cookie;
      expect((await shopper.cart()).lines).toEqual([expect.objectContaining({ id: sku.id, quantity: 1 })]);

      const key = crypto.randomUUID();
      const placed = await untilAnswered(
        () =>
          flaky("/order/request?lang=ru", {
            method: "POST",
            body: JSON.stringify(order(key)),
            headers: { "Content-Type": "application/json", Accept: "application/json", Origin: ORIGIN, Cookie: shopper.cookie!, ...ip() },
          }),
        statuses,
      );
      expect(placed.status, `placement (${statuses.join(" ")})`).toBeLessThan(300);
      const orders = await env.DB.prepare("SELECT id FROM orders WHERE idempotency_key = ?").bind(key).all();
      expect(orders.results).toHaveLength(1);
    }
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    // The faults were met, and got past.
    expect(statuses).toContain(503);
  }, 120_000);
});

describe("read-only mode (MAINTENANCE=read-only)", () => {
  const readOnly = (path: string, init: RequestInit = {}) =>
    worker.fetch(
      new Request(ORIGIN + path, { redirect: "manual", ...init }) as Parameters<typeof worker.fetch>[0],
      { ...env, MAINTENANCE: "read-only" },
      createExecutionContext(),
    );

  it("pages are shown with a banner that says why", async () => {
    const res = await readOnly("/ru/store");
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('data-testid="read-only-banner"');
    expect(body).toContain("Технические работы");
    // Not in normal mode.
    expect(await (await get("/ru/store")).text()).not.toContain('data-testid="read-only-banner"');
  });

  it("every write answers the localized 503 with Retry-After before it reaches D1", async () => {
    const shopper = new Shopper();
    const { sku } = buyable(0);
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM cart_lines").first<{ n: number }>();
    const page = await readOnly("/cart", formPost({ intent: "add", purchasableId: String(sku.id), quantity: "1" }, { headers: ip() }));
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(page.headers.get("Cache-Control")).toMatch(/no-store/);
    expect(await page.text()).toContain("texnik ishlar");
    const api = await readOnly("/api/cart?lang=ru", {
      method: "POST",
      body: JSON.stringify({ purchasableId: sku.id, quantity: 1 }),
      headers: { "Content-Type": "application/json", Origin: ORIGIN, ...ip() },
    });
    expect(api.status).toBe(503);
    expect(api.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await api.json()).toEqual({ success: false, message: expect.stringContaining("Сейчас нельзя") });
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM cart_lines").first<{ n: number }>();
    expect(after).toEqual(before);
    expect(shopper.cookie).toBeUndefined();
  });

  it("the local test server's cookie switch works only where it is on, never with a public origin", async () => {
    const withCookie = (vars: Partial<Env>) =>
      worker.fetch(
        new Request(
          `${ORIGIN}/cart`,
          formPost({ intent: "add", purchasableId: "1", quantity: "1" }, { cookie: "dev_maintenance=read-only", headers: ip() }),
        ) as Parameters<typeof worker.fetch>[0],
        { ...env, ...vars },
        createExecutionContext(),
      );
    expect((await withCookie({ DEV_MAINTENANCE_COOKIE: "1", PUBLIC_ORIGIN: "" })).status).toBe(503);
    expect((await withCookie({ PUBLIC_ORIGIN: "" })).status).not.toBe(503);
    expect((await withCookie({ DEV_MAINTENANCE_COOKIE: "1", PUBLIC_ORIGIN: "https://shop.example" })).status).not.toBe(503);
  });
});
