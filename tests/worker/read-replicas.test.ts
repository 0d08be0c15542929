import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE, sessionConstraint } from "../../app/server/d1-session.server";
import { decode, get, html, post } from "./helpers";
import { buyable, ip, Shopper } from "./fixtures";
import { seedDatabase } from "./seed-db";

// Reads through a replica that never catches up (app/server/d1-lagging-replica.ts): a
// request marked so reads the DB_REPLICA copy, seeded once below, unless D1's Sessions API
// rules send it to the primary. What a shopper wrote must be on their next page anyway.
const LAGGING = { "X-Dev-D1-Replica": "lagging" };
const replica = () => (env as unknown as { DB_REPLICA: D1Database }).DB_REPLICA;

beforeAll(async () => {
  await seedDatabase(replica());
});

/** A shopper whose requests read through the lagging replica, keeping every cookie (session and bookmark). */
class LaggingShopper extends Shopper {
  readonly jar = new Map<string, string>();

  protected override headers(extra: Record<string, string> = {}) {
    return super.headers({ ...LAGGING, ...extra });
  }

  keep(res: Response) {
    for (const cookie of res.headers.getSetCookie()) {
      const [name, ...value] = cookie.split(";")[0]!.split("=");
      if (/max-age=0\b/i.test(cookie)) this.jar.delete(name!);
      else this.jar.set(name!, value.join("="));
    }
    this.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ") || undefined;
    return res;
  }

  override async get(path: string, headers: Record<string, string> = {}) {
    const page = await super.get(path, headers);
    this.keep(page.res);
    return page;
  }

  override async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.keep(await post(path, fields, { cookie: this.cookie, headers: { ...ip(), ...LAGGING, ...headers } }));
  }
}

describe("which copy a request reads", () => {
  const request = (path: string, init: { method?: string; cookie?: string } = {}) =>
    new Request(`http://shop.test${path}`, { method: init.method ?? "GET", headers: init.cookie ? { Cookie: init.cookie } : {} });

  it("anonymous reads any copy; a shopper's reads start at their bookmark, or the primary without one; writes and order pages start at the primary", () => {
    expect(sessionConstraint(request("/store"))).toBe("first-unconstrained");
    expect(sessionConstraint(request("/store", { cookie: `${BOOKMARK_COOKIE}=00000085-00000001-00004f9b-a7` }))).toBe("first-unconstrained");
    expect(sessionConstraint(request("/cart", { cookie: "__session=abc" }))).toBe("first-primary");
    expect(sessionConstraint(request("/cart", { cookie: `__session=abc; ${BOOKMARK_COOKIE}=00000085-00000001-00004f9b-a7` }))).toBe(
      "00000085-00000001-00004f9b-a7",
    );
    // A bookmark that is not one is never handed to D1.
    expect(sessionConstraint(request("/cart", { cookie: `__session=abc; ${BOOKMARK_COOKIE}=<script>` }))).toBe("first-primary");
    expect(sessionConstraint(request("/cart", { cookie: `__session=abc; ${BOOKMARK_COOKIE}=${"a".repeat(300)}` }))).toBe("first-primary");
    expect(sessionConstraint(request("/cart", { method: "POST" }))).toBe("first-primary");
    expect(sessionConstraint(request("/ru/checkout/done/AB23-CD45", { cookie: `__session=abc; ${BOOKMARK_COOKIE}=0001` }))).toBe("first-primary");
    expect(sessionConstraint(request("/account/orders", { cookie: `__session=abc; ${BOOKMARK_COOKIE}=0001` }))).toBe("first-primary");
    expect(sessionConstraint(request("/api/orders/7", { cookie: `__session=abc; ${BOOKMARK_COOKIE}=0001` }))).toBe("first-primary");
  });

  it("an anonymous page reads the replica (a price changed on the primary alone is not on it) and sets no cookie", async () => {
    const { p } = buyable(3);
    const price = (body: string) => decode(/data-testid="price"[^>]*>([\s\S]*?)<\/p>/.exec(body)?.[1]?.replace(/<[^>]*>/g, "") ?? "");
    const before = price((await html(`/product/${p.slug}`)).body);
    expect(before).not.toBe("");
    await env.DB.prepare("UPDATE products SET sale_price = sale_price + 1000 WHERE id = ?").bind(p.id).run();
    try {
      const lagging = await html(`/product/${p.slug}`, { headers: LAGGING });
      expect(lagging.res.status).toBe(200);
      expect(price(lagging.body)).toBe(before);
      expect(lagging.res.headers.get("Set-Cookie")).toBeNull();
      expect(price((await html(`/product/${p.slug}`)).body)).not.toBe(before);
    } finally {
      await env.DB.prepare("UPDATE products SET sale_price = sale_price - 1000 WHERE id = ?").bind(p.id).run();
    }
  });
});

describe("a shopper reads their own writes on the next page", () => {
  it("add → cart: the line is there, and the answer to the add carries the bookmark", async () => {
    const s = new LaggingShopper();
    const add = await s.add(buyable(0).sku.id);
    expect(add.headers.getSetCookie().some((cookie) => cookie.startsWith(`${BOOKMARK_COOKIE}=lag-`))).toBe(true);
    const { res, body } = await s.get("/cart");
    expect(res.status).toBe(200);
    expect(body).toContain('data-testid="cart-line"');
    expect((await get("/api/cart", { headers: { Cookie: s.cookie!, ...LAGGING } }).then((r) => r.json())) as unknown[]).toHaveLength(1);
  });

  it("sign-up → account: the new account's name", async () => {
    const s = new LaggingShopper();
    const email = `replica-${crypto.randomUUID().slice(0, 8)}@example.uz`;
    expect((await s.post("/signup", { firstName: "Gulnora", email, password: "long-enough" })).status).toBe(303);
    const { res, body } = await s.get("/account");
    expect(res.status).toBe(200);
    expect(body).toContain("Gulnora");
    expect(body).toContain(email);
  });

  it("checkout's steps → the order's page: each step shows what the last one saved, the placed order is there", async () => {
    const s = new LaggingShopper();
    await s.add(buyable(1).sku.id);
    expect((await s.post("/checkout", { intent: "contacts", name: "Shahnoza", phone: "+998 90 711 22 34" })).status).toBe(303);
    expect((await s.get("/checkout")).body).toContain("Shahnoza");
    const steps: Record<string, string>[] = [
      { intent: "city", cityId: "1" },
      { intent: "delivery", cityId: "1", deliveryTypeId: "1", street: "Amir Temur", house: "15" },
      { intent: "payment", paymentMethod: "cash" },
    ];
    for (const fields of steps) {
      expect((await s.post("/checkout", fields)).status, fields.intent).toBe(303);
    }
    const placed = await s.post("/checkout", { intent: "place" });
    const number = /\/checkout\/done\/([2-9A-Z]{4}-[2-9A-Z]{4})$/.exec(placed.headers.get("Location") ?? "")?.[1];
    expect(number, "placed").toBeDefined();
    const done = await s.get(`/checkout/done/${number}`);
    expect(done.res.status).toBe(200);
    expect(done.body).toContain(number!);
    // The cart the order emptied is empty on the next page too.
    expect((await s.get("/cart")).body).not.toContain('data-testid="cart-line"');
  });
});
