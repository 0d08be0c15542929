import { env } from "cloudflare:workers";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { buyable, Shopper, signUp } from "./fixtures";
import { fx, get, html, post, section, tags } from "./helpers";

/** The cookie the app signs with SESSION_SECRET (vitest.config.ts sets "test-session-secret"). */
const sessionCookie = createCookie("__session", { secrets: ["test-session-secret"] });
const forgedCookie = createCookie("__session", { secrets: ["not-the-secret"] });

const now = () => Math.floor(Date.now() / 1000);

async function createSession(data: unknown, expiresAt: number | null = now() + 3600): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?)")
    .bind(id, typeof data === "string" ? data : JSON.stringify(data), expiresAt)
    .run();
  return id;
}

/**
 * A guest's session data: a new guest key owning these favourite product ids and, with
 * `cart`, a cart holding that quantity of the first sku (an account's cart if `userId`).
 */
async function guest(favourites: number[], cart?: { quantity: number; userId?: number }): Promise<{ guestKey: string }> {
  const guestKey = crypto.randomUUID();
  for (const [i, id] of favourites.entries())
    await env.DB.prepare("INSERT INTO guest_favourites (guest_key, product_id, added_ms) VALUES (?, ?, ?)").bind(guestKey, id, i).run();
  if (cart) {
    const row = await env.DB.prepare("INSERT INTO carts (user_id, guest_key) VALUES (?, ?) RETURNING id")
      .bind(cart.userId ?? null, guestKey)
      .first<{ id: number }>();
    await env.DB.prepare("INSERT INTO cart_lines (cart_id, sku_id, quantity) VALUES (?, (SELECT MIN(id) FROM skus), ?)").bind(row!.id, cart.quantity).run();
  }
  return { guestKey };
}

/** "__session=…" for a Cookie request header. */
async function cookieFor(id: string, cookie = sessionCookie): Promise<string> {
  return (await cookie.serialize(id)).split(";")[0]!;
}

/** The header's counter links by test id, e.g. { "fav-counter": { class, badge } }. */
function counters(body: string) {
  const header = section(body, '<nav class="site-header__actions"', "</nav>");
  const mobile = section(body, '<nav class="mobile-bar"', "</nav>");
  const out: Record<string, { cls: string; label: string; badge: string | null }> = {};
  for (const m of (header + mobile).matchAll(/(<a [^>]*data-testid="([a-z-]+)"[^>]*>)(.*?)<\/a>/g)) {
    const a = tags(m[1]!, "a")[0]!;
    out[m[2]!] = { cls: a.class!, label: a["aria-label"]!, badge: /<span class="counter__badge">(\d+\+?)<\/span>/.exec(m[3]!)?.[1] ?? null };
  }
  return out;
}

describe("anonymous visitors", () => {
  for (const path of ["/", "/store", "/ru/store/women?sale=1", `/product/${fx.productOneSlug}`, "/search?q=sport", "/no/such/page", "/robots.txt"]) {
    it(`GET ${path} sets no cookie`, async () => {
      const res = await get(path);
      expect(res.headers.get("Set-Cookie")).toBeNull();
      await res.body?.cancel();
    });
  }

  it("see inactive counters without numbers", async () => {
    const c = counters((await html("/")).body);
    for (const id of ["fav-counter", "cart-counter", "fav-counter-mobile", "cart-counter-mobile"]) {
      expect(c[id], id).toBeDefined();
      expect(c[id]!.cls, id).toBe("counter");
      expect(c[id]!.badge, id).toBeNull();
    }
    expect(c["fav-counter"]!.label).toBe("Sevimlilar: 0");
  });

  it("start no session in D1", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions").first<{ n: number }>();
    await (await get("/store")).text();
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });
});

describe("session counters", () => {
  it("favourites clamp to 99 (99+ above); cart shows its quantity; both active", async () => {
    const favourites = Array.from({ length: 120 }, (_, i) => i + 1);
    const id = await createSession(await guest(favourites, { quantity: 3 }));
    const { res, body } = await html("/", { headers: { Cookie: await cookieFor(id) } });
    expect(res.status).toBe(200);
    const c = counters(body);
    expect(c["fav-counter"]).toEqual({ cls: "counter counter--active", label: "Sevimlilar: 99+", badge: "99+" });
    expect(c["cart-counter"]).toEqual({ cls: "counter counter--active", label: "Savat: 3", badge: "3" });
    expect(c["fav-counter-mobile"]!.badge).toBe("99+");
    expect(c["cart-counter-mobile"]!.badge).toBe("3");
    // Reading a session does not rewrite the cookie.
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("are shown on every page and in every language", async () => {
    const id = await createSession(await guest([1, 2], { quantity: 1 }));
    const cookie = await cookieFor(id);
    for (const path of ["/ru/store", `/uk/product/${fx.productOneSlug}`, "/search?q=x", "/ru/no/such/page"]) {
      const c = counters((await html(path, { headers: { Cookie: cookie } })).body);
      expect(c["fav-counter"]!.badge, path).toBe("2");
      expect(c["cart-counter"]!.badge, path).toBe("1");
    }
  });

  it("zero favourites: no number, not active (cart independent)", async () => {
    const id = await createSession(await guest([], { quantity: 2 }));
    const c = counters((await html("/store", { headers: { Cookie: await cookieFor(id) } })).body);
    expect(c["fav-counter"]).toEqual({ cls: "counter", label: "Sevimlilar: 0", badge: null });
    expect(c["cart-counter"]!.cls).toBe("counter counter--active");
    expect(c["cart-counter"]!.badge).toBe("2");
  });

  it("a session naming an account's cart does not count it (guest carts only)", async () => {
    const user = await env.DB.prepare("INSERT INTO users (email) VALUES ('owner-of-cart@example.uz') RETURNING id").first<{ id: number }>();
    const id = await createSession(await guest([7], { quantity: 4, userId: user!.id }));
    const c = counters((await html("/", { headers: { Cookie: await cookieFor(id) } })).body);
    expect(c["cart-counter"]).toEqual({ cls: "counter", label: "Savat: 0", badge: null });
    expect(c["fav-counter"]!.badge).toBe("1");
  });

  it("an expired session row is ignored", async () => {
    const id = await createSession(await guest([1, 2, 3], { quantity: 5 }), now() - 60);
    const { res, body } = await html("/", { headers: { Cookie: await cookieFor(id) } });
    expect(res.status).toBe(200);
    const c = counters(body);
    expect(c["fav-counter"]!.badge).toBeNull();
    expect(c["cart-counter"]!.badge).toBeNull();
  });

  it("a session without expiry is read", async () => {
    const id = await createSession(await guest([1, 2, 3, 4]), null);
    const c = counters((await html("/", { headers: { Cookie: await cookieFor(id) } })).body);
    expect(c["fav-counter"]!.badge).toBe("4");
    expect(c["cart-counter"]!.badge).toBeNull();
  });

  it("a cookie signed with another secret is ignored", async () => {
    const id = await createSession(await guest([1], { quantity: 9 }));
    const { res, body } = await html("/", { headers: { Cookie: await cookieFor(id, forgedCookie) } });
    expect(res.status).toBe(200);
    expect(counters(body)["cart-counter"]!.badge).toBeNull();
  });

  it("an unsigned session id is ignored", async () => {
    const id = await createSession(await guest([1], { quantity: 9 }));
    const { res, body } = await html("/", { headers: { Cookie: `__session=${encodeURIComponent(btoa(JSON.stringify(id)))}` } });
    expect(res.status).toBe(200);
    expect(counters(body)["cart-counter"]!.badge).toBeNull();
  });

  it("garbage cookies and broken session data never break the page", async () => {
    const broken = await createSession("{not json");
    for (const cookie of ["__session=", "__session=%%%", "__session=abc.def", "other=1; __session=x", await cookieFor(broken), await cookieFor("no-such-id")]) {
      const { res, body } = await html("/", { headers: { Cookie: cookie } });
      expect(res.status, cookie).toBe(200);
      expect(counters(body)["fav-counter"]!.badge, cookie).toBeNull();
      expect(res.headers.get("Set-Cookie"), cookie).toBeNull();
    }
  });
});

describe("a session's row", () => {
  const sessionIdOf = async (cookie: string) => (await sessionCookie.parse(cookie)) as string;
  const guestKeyOf = async (id: string) =>
    (await env.DB.prepare("SELECT json_extract(data, '$.guestKey') AS k FROM sessions WHERE id = ?").bind(id).first<{ k: string }>())?.k ?? null;

  it("is one per new guest: the first add makes the session, the cart and its key once", async () => {
    const s = new Shopper();
    await s.add(buyable(10).sku.id);
    const key = await guestKeyOf(await sessionIdOf(s.cookie!));
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE json_valid(data) AND json_extract(data, '$.guestKey') = ?")
      .bind(key)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("of a guest is written again when its cookie outlived it: what the guest does next stays theirs", async () => {
    const s = new Shopper();
    await s.add(buyable(11).sku.id);
    const id = await sessionIdOf(s.cookie!);
    // The row went (an account's session ended by a password reset elsewhere, the device going on as a guest).
    await env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(id).run();
    const { p, sku } = buyable(12);
    expect((await s.postJson("/api/cart?lang=ru", { purchasableId: sku.id, quantity: 1 })).status).toBe(201);
    expect(await guestKeyOf(id)).toMatch(/^[0-9a-f]{32}$/);
    const cart = await (await get("/cart", { headers: { Cookie: s.cookie! } })).text();
    expect(cart).toContain(`/product/${p.slug}`);
  });

  it("of an account stays ended: the device goes on as a guest, signed in no more", async () => {
    const member = await signUp({ quick: true });
    const id = await sessionIdOf(member.cookie);
    await env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(id).run();
    expect((await member.postJson("/api/cart?lang=ru", { purchasableId: buyable(13).sku.id, quantity: 1 })).status).toBe(201);
    const row = await env.DB.prepare("SELECT user_id AS userId, json_extract(data, '$.userId') AS dataUser FROM sessions WHERE id = ?").bind(id).first();
    expect(row).toEqual({ userId: null, dataUser: null });
    const account = await get("/account", { headers: { Cookie: member.cookie }, redirect: "manual" });
    expect(account.status).toBeGreaterThanOrEqual(300);
    expect(account.headers.get("Location")).toContain("/login");
  });

  it("a sign-out with a cookie that names no session drops that cookie", async () => {
    const res = await post("/logout", {}, { cookie: await cookieFor(crypto.randomUUID(), forgedCookie) });
    expect(res.status).toBe(303);
    expect(res.headers.get("Set-Cookie")).toMatch(/^__session=;.*Max-Age=0/i);
  });
});
