import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../workers/app";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { get, ORIGIN, post } from "./helpers";
import { buyable, ip, order, signUp } from "./fixtures";

type Line = Record<string, unknown>;
let printed: string[] = [];

beforeEach(() => {
  printed = [];
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}\n${a.stack}` : typeof a === "string" ? a : JSON.stringify(a))).join(" "));
    });
  }
});
afterEach(() => vi.restoreAllMocks());

/** The request lines printed so far (JSON objects with a ray id). */
const requestLines = (): Line[] =>
  printed.flatMap((text) => {
    try {
      const line = JSON.parse(text) as Line;
      return line && typeof line === "object" && "ray" in line ? [line] : [];
    } catch {
      return [];
    }
  });

/** A request answered to the end (its body read). */
async function answered(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await get(path, init);
  await res.arrayBuffer();
  return res;
}

describe("one log line per request", () => {
  it("a streamed page's line counts its streamed parts' round trips (the loader starts them)", async () => {
    const { p } = buyable(0);
    const res = await answered(`/product/${p.slug}`);
    expect(res.status).toBe(200);
    const header = Number(/d1;desc="(\d+) calls/.exec(res.headers.get("Server-Timing") ?? "")?.[1]);
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(header).toBeGreaterThan(0);
    expect((line!.d1 as { calls: number }).calls).toBe(header);
  });

  it("a one-segment path that is no language is a 404 without a route, not the home page", async () => {
    expect((await answered("/no-such-page")).status).toBe(404);
    expect(requestLines()).toEqual([expect.objectContaining({ status: 404, route: null })]);
  });

  it("names the route by its id, never the path's values or the query string", async () => {
    const { p } = buyable(0);
    const res = await get(`/ru/product/${p.slug}?q=%2B998901112233`, { headers: { "CF-Ray": "8f00aa11bb22cc33-TAS" } });
    expect(res.status).toBe(200);
    const lines = requestLines();
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ ray: "8f00aa11bb22cc33-TAS", method: "GET", lang: "ru", status: 200, cache: "bypass" });
    expect(line!.route).toBe("pages/product");
    expect(line!.route).not.toContain(p.slug);
    expect(line!.d1).toMatchObject({ calls: expect.any(Number), statements: expect.any(Number), ms: expect.any(Number) });
    expect((line!.d1 as { calls: number }).calls).toBeGreaterThan(0);
    expect(typeof line!.ms).toBe("number");
    expect(printed.join("\n")).not.toContain("998901112233");
  });

  it("an answer given before the router still has its line (a generated ray id)", async () => {
    expect((await answered(`/${"x".repeat(5000)}`)).status).toBe(414);
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ method: "GET", status: 414, d1: { calls: 0, statements: 0 } });
    expect(line!.ray).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("the journeys (sign-up, cart, checkout, order, review) log one well-formed line per request and nothing personal", async () => {
    const firstName = "Zulfiyaxon";
    const email = `zulfiya-${crypto.randomUUID().slice(0, 8)}@example.uz`;
    const contact = { name: "Gulnoraxon Karimova", phone: "+998 93 765 43 21", street: "Bunyodkor shoh ko'chasi", house: "77", flat: "31" };
    let requests = 0;
    const count = async <T>(p: Promise<T>, n = 1) => {
      requests += n;
      return p;
    };
    const m = await count(signUp({ firstName, email, password: "very-secret-pass" }));
    // A login code asked by SMS (its answer redirects with the phone in the query string).
    const sms = await count(post("/login/sms", { intent: "send", phone: "93 444 55 66", returnUrl: "/store" }, { headers: ip() }));
    expect(sms.status).toBe(303);
    const { p, sku } = buyable(2);
    await count(m.add(sku.id));
    await count(m.get("/cart"));
    await count(m.get("/checkout"));
    await count(m.postJson("/checkout/default/shopping-cart-recalculate?lang=ru", { cityId: 1, deliveryTypeId: 1 }));
    const placed = await count(m.place(order(`log-journey-${crypto.randomUUID()}`, contact)));
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order: o } = (await placed.json()) as { order: { number: string } };
    await count(m.get("/account/orders"));
    const review = await count(
      get("/v2/product-review", {
        method: "POST",
        body: JSON.stringify({
          reviewData: { product_id: p.id, user_name: firstName, rating: 5, text: "Juda yaxshi" },
          token: "XXXX.DUMMY.TOKEN.XXXX",
          tokenType: "invisible",
          operationType: "publishReview",
        }),
        headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: m.cookie, ...ip() },
      }),
    );
    expect(review.status).toBeLessThan(500);

    const lines = requestLines();
    expect(lines).toHaveLength(requests);
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(expect.arrayContaining(["cache", "d1", "lang", "method", "ms", "ray", "route", "status"]));
      expect(line.status).toBeTypeOf("number");
      expect(line.status).toBeLessThan(500);
    }
    expect(lines).toContainEqual(expect.objectContaining({ method: "POST", route: "api/order-request", status: 201 }));
    expect(lines).toContainEqual(expect.objectContaining({ method: "GET", route: "pages/checkout", status: 200 }));
    const sessionId = decodeURIComponent(m.cookie.split("=")[1]!).split(".")[0]!;
    const all = printed.join("\n");
    for (const secret of [
      email,
      email.split("@")[0]!,
      firstName,
      contact.name,
      "Karimova",
      "937654321",
      "934445566",
      "444 55 66",
      "93 765 43 21",
      contact.street,
      "Bunyodkor",
      m.cookie,
      sessionId,
      "very-secret-pass",
      o.number,
    ]) {
      expect(all, secret).not.toContain(secret);
    }
    // The order's number is the shopper's too (it opens their order page): not in any line.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE number = ?").bind(o.number).first("n")).toBe(1);
  });
});

describe("DEV_LOG=line (npm start)", () => {
  it("prints one short readable line per request instead of the JSON", async () => {
    const { p } = buyable(0);
    const res = await worker.fetch(
      new Request(`${ORIGIN}/ru/product/${p.slug}?q=secret`) as Parameters<typeof worker.fetch>[0],
      { ...env, DEV_LOG: "line" },
      createExecutionContext(),
    );
    await res.arrayBuffer();
    expect(requestLines()).toEqual([]);
    const lines = printed.filter((text) => text.startsWith("GET "));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET 200 pages\/product ru · [\w-]+ · D1 \d+× \d+ ms · \d+ ms$/);
    expect(lines[0]).not.toContain(p.slug);
    expect(lines[0]).not.toContain("secret");
  });
});

describe("an error in the line", () => {
  it("a refusal (404) is no error", async () => {
    expect((await answered("/product/no-such-product")).status).toBe(404);
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ status: 404, route: "pages/product" });
    expect(line).not.toHaveProperty("error");
  });

  it("a loader's failure is the line's error class with its stack, printed once", async () => {
    await env.DB.prepare("ALTER TABLE products RENAME TO products_gone").run();
    try {
      const { p } = buyable(0);
      expect((await answered(`/product/${p.slug}`)).status).toBe(500);
    } finally {
      await env.DB.prepare("ALTER TABLE products_gone RENAME TO products").run();
    }
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ status: 500, error: { class: expect.any(String), message: expect.stringContaining("products") } });
    const stack = (line!.error as { stack: string }).stack;
    expect(stack).toContain("at ");
    // The stack is in the line, not printed again on its own.
    expect(printed.filter((text) => text.includes(stack.split("\n")[1]!.trim()))).toHaveLength(1);
  });
});
