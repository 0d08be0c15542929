import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { brandOf, catalogue, cookieOf, get, html, ORIGIN, post } from "./helpers";
import { buyable, ip, order, Shopper, signIn, signUp } from "./fixtures";

/**
 * What a guest owns rests on their session's random key, never on a row id:
 * SQLite gives the newest row's id out again once that row is deleted.
 */

const newestCartId = async () => (await env.DB.prepare("SELECT MAX(id) AS id FROM carts").first<{ id: number }>())!.id;

class Guest extends Shopper {
  async placeByForm(key: string, extra: Record<string, string> = {}): Promise<string> {
    const res = await post("/order/request", { ...order(key), cityId: "1", deliveryTypeId: "1", ...extra } as Record<string, string>, {
      cookie: this.cookie,
      headers: ip(),
    });
    expect(res.status).toBe(303);
    return res.headers.get("Location")!;
  }
  async json<T>(path: string): Promise<T> {
    const res = await get(path, { headers: { Origin: ORIGIN, ...this.headers() } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  }
  async favourite(productId: number) {
    const res = await get("/api/favorites?lang=ru", {
      method: "POST",
      body: new URLSearchParams({ item_id: String(productId) }),
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...(this.cookie ? { Cookie: this.cookie } : {}), ...ip() },
    });
    this.cookie = cookieOf(res) ?? this.cookie;
    return res;
  }
}

describe("a guest's order belongs to that guest, not to a reused number", () => {
  it("a guest orders and signs in; the next new guest gets the same cart id and cannot open the order; the account can", async () => {
    // An account that already has a cart (older than the guest's).
    const account = await signUp();
    await account.add(buyable(0).sku.id);

    const first = new Guest();
    await first.add(buyable(1).sku.id);
    const firstCartId = await newestCartId();
    const done = await first.placeByForm("owner-seq-0001");
    expect((await html(done, { headers: { Cookie: first.cookie! } })).res.status).toBe(200);

    // The guest signs in to the account: the guest cart merges away (its row deleted).
    const signedIn = (await signIn(account, first)).cookie!;

    const next = new Guest();
    await next.add(buyable(2).sku.id);
    // The id came back: what this test is about.
    expect(await newestCartId()).toBe(firstCartId);
    const stranger = await html(done, { headers: { Cookie: next.cookie! } });
    expect(stranger.res.status).toBe(404);
    expect(stranger.body).not.toContain("Amir Temur");

    // The order went with the guest into the account: its page and its history.
    expect((await html(done, { headers: { Cookie: signedIn } })).res.status).toBe(200);
    const history = (await (await get("/api/orders", { headers: { Cookie: signedIn } })).json()) as { number: string }[];
    expect(history.map((o) => o.number)).toContain(done.split("/").pop());
  });

  it("delete the newest cart, make a new one: the new guest sees nothing of the old guest's cart, checkout, favourites, brands or orders", async () => {
    const old = new Guest();
    const { p, sku } = buyable(3);
    await old.add(sku.id);
    await old.add(buyable(4).sku.id);
    // The checkout's contacts (a draft on the cart), a favourite, a followed brand, a cash and an online order.
    expect((await post("/checkout", { intent: "contacts", name: "Old Guest", phone: "+998 90 111 22 33" }, { cookie: old.cookie, headers: ip() })).status).toBe(
      303,
    );
    expect((await old.favourite(p.id)).status).toBe(201);
    const brand = brandOf(p);
    expect(
      (await post("/favorite", { intent: "follow-brand", brandId: String(brand.id), redirectTo: "/favorite" }, { cookie: old.cookie, headers: ip() })).status,
    ).toBe(303);
    const cash = await old.placeByForm("owner-del-0001");
    await old.add(buyable(5).sku.id);
    const online = await old.placeByForm("owner-del-0002", { paymentMethod: "online" });
    const onlineNumber = new URL(online, ORIGIN).searchParams.get("transaction_param");
    expect(onlineNumber).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    await old.add(buyable(6).sku.id);
    expect((await post("/checkout", { intent: "contacts", name: "Old Guest", phone: "+998 90 111 22 33" }, { cookie: old.cookie, headers: ip() })).status).toBe(
      303,
    );

    const oldCartId = await newestCartId();
    await env.DB.prepare("DELETE FROM cart_lines WHERE cart_id = ?").bind(oldCartId).run();
    await env.DB.prepare("DELETE FROM carts WHERE id = ?").bind(oldCartId).run();

    const fresh = new Guest();
    await fresh.add(buyable(7).sku.id);
    expect(await newestCartId()).toBe(oldCartId);

    // Cart: only the new guest's own line.
    const lines = await fresh.json<{ purchasableId: number }[]>("/api/cart");
    expect(lines.map((l) => l.purchasableId)).toEqual([buyable(7).sku.id]);
    // Checkout draft: not the old guest's contacts.
    const checkout = await html("/checkout?step=contacts", { headers: { Cookie: fresh.cookie! } });
    expect(checkout.res.status).toBe(200);
    expect(checkout.body).not.toContain("Old Guest");
    // Favourites and followed brands: none.
    expect(await fresh.json<unknown[]>("/api/favorites")).toEqual([]);
    expect((await html("/favorite?tab=brands", { headers: { Cookie: fresh.cookie! } })).body).not.toContain('data-testid="fav-brand"');
    // Orders (and so their payments): not the new guest's.
    expect((await html(cash, { headers: { Cookie: fresh.cookie! } })).res.status).toBe(404);
    expect((await html(`/checkout/done/${onlineNumber}`, { headers: { Cookie: fresh.cookie! } })).res.status).toBe(404);

    // And the old guest, whose session still holds its key, does not get the new cart.
    const oldLines = await old.json<{ purchasableId: number }[]>("/api/cart");
    expect(oldLines).toEqual([]);
    expect((await html(cash, { headers: { Cookie: old.cookie! } })).res.status).toBe(200);
    expect((await html(`/checkout/done/${onlineNumber}`, { headers: { Cookie: old.cookie! } })).res.status).toBe(200);
  });

  it("a guest key is random: two guests' keys differ and no row's id is part of it", async () => {
    const a = new Guest();
    const b = new Guest();
    await a.add(buyable(8).sku.id);
    await b.add(buyable(8).sku.id);
    const keys = await env.DB.prepare("SELECT id, guest_key AS key FROM carts WHERE guest_key IS NOT NULL ORDER BY id DESC LIMIT 2").all<{
      id: number;
      key: string;
    }>();
    const [x, y] = keys.results;
    expect(x!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(x!.key).not.toBe(y!.key);
  });
});

describe("guest favourites are rows", () => {
  it("five parallel adds in one guest session are all kept (and brands too)", async () => {
    const g = new Guest();
    const products = catalogue.products.filter((p) => p.id > 1);
    expect((await g.favourite(products[0]!.id)).status).toBe(201);
    const statuses = await Promise.all(products.slice(1, 6).map(async (p) => (await g.favourite(p.id)).status));
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const list = await g.json<{ product_id: number }[]>("/api/favorites");
    expect(list.map((f) => f.product_id).sort((a, b) => a - b)).toEqual(
      products
        .slice(0, 6)
        .map((p) => p.id)
        .sort((a, b) => a - b),
    );

    const brands = catalogue.brands.slice(0, 4);
    await Promise.all(
      brands.map((b) => post("/favorite", { intent: "follow-brand", brandId: String(b.id), redirectTo: "/favorite" }, { cookie: g.cookie, headers: ip() })),
    );
    const tab = await html("/favorite?tab=brands", { headers: { Cookie: g.cookie! } });
    expect(tab.body.match(/data-testid="fav-brand"/g)).toHaveLength(brands.length);
  });
});

describe("the guest-key migration", () => {
  /** Runs the data statements of the guest-key migration (not its schema changes) on what is in D1 now. */
  async function backfill() {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0016_"))!;
    const statements = migration.queries.map((q) => q.replace(/^\s*--.*$/gm, "").trim()).filter((q) => /^(UPDATE|INSERT)/i.test(q));
    expect(statements.length).toBeGreaterThanOrEqual(5);
    for (const query of statements) await env.DB.prepare(query).run();
  }

  it("keeps each guest's cart, favourites, brands and orders with their session; a cart made later under a reused id does not take an older order", async () => {
    const { sku, p } = buyable(9);
    const cart = (await env.DB.prepare("INSERT INTO carts (created_at) VALUES (unixepoch() - 100) RETURNING id").first<{ id: number }>())!.id;
    await env.DB.prepare("INSERT INTO cart_lines (cart_id, sku_id, quantity) VALUES (?, ?, 2)").bind(cart, sku.id).run();
    const legacy = { cartId: cart, favourites: [p.id, 2], favouriteSkus: { [String(p.id)]: sku.id }, favouriteBrands: [brandOf(p).id] };
    await env.DB.prepare("INSERT INTO sessions (id, data) VALUES ('legacy-guest', ?)").bind(JSON.stringify(legacy)).run();
    // Two orders on that cart id: one placed from it, one from an earlier cart that had the same id.
    const orderRow = (number: string, age: number) =>
      env.DB.prepare(
        `INSERT INTO orders (number, cart_id, idempotency_key, lang, name, phone, city_id, delivery_type_id, payment_method, nominal, discount, coupons_amount, club_discount, bonuses_used, delivery_cost, total, created_at)
         VALUES (?, ?, ?, 'uz', 'L', '+998901112233', 1, 1, 'cash', 1, 0, 0, 0, 0, 0, 1, unixepoch() - ?)`,
      )
        .bind(number, cart, number, age)
        .run();
    await orderRow("MIGR-AAAA", 50);
    await orderRow("MIGR-BBBB", 1000);
    // Two sessions naming one cart: neither can be told the owner.
    const shared = (await env.DB.prepare("INSERT INTO carts DEFAULT VALUES RETURNING id").first<{ id: number }>())!.id;
    for (const id of ["shared-1", "shared-2"])
      await env.DB.prepare("INSERT INTO sessions (id, data) VALUES (?, ?)")
        .bind(id, JSON.stringify({ cartId: shared }))
        .run();

    await env.DB.prepare("UPDATE carts SET guest_key = NULL WHERE id IN (?, ?)").bind(cart, shared).run();
    await backfill();

    const data = async (id: string) =>
      JSON.parse((await env.DB.prepare("SELECT data FROM sessions WHERE id = ?").bind(id).first<{ data: string }>())!.data) as Record<string, unknown>;
    const migrated = await data("legacy-guest");
    expect(Object.keys(migrated)).toEqual(["guestKey"]);
    const key = migrated.guestKey as string;
    expect(await env.DB.prepare("SELECT id FROM carts WHERE guest_key = ?").bind(key).first()).toEqual({ id: cart });
    const favs = await env.DB.prepare("SELECT product_id AS id, sku_id AS sku FROM guest_favourites WHERE guest_key = ? ORDER BY added_ms").bind(key).all();
    expect(favs.results).toEqual([
      { id: p.id, sku: sku.id },
      { id: 2, sku: null },
    ]);
    expect((await env.DB.prepare("SELECT brand_id AS id FROM guest_favourite_brands WHERE guest_key = ?").bind(key).all()).results).toEqual([
      { id: brandOf(p).id },
    ]);
    const orders = await env.DB.prepare("SELECT number, guest_key AS key FROM orders WHERE number LIKE 'MIGR-%' ORDER BY number").all();
    expect(orders.results).toEqual([
      { number: "MIGR-AAAA", key },
      { number: "MIGR-BBBB", key: null },
    ]);
    const sharedKeys = [(await data("shared-1")).guestKey, (await data("shared-2")).guestKey];
    const sharedCartKey = (await env.DB.prepare("SELECT guest_key AS key FROM carts WHERE id = ?").bind(shared).first<{ key: string }>())!.key;
    expect(new Set([...sharedKeys, sharedCartKey]).size, JSON.stringify([sharedKeys, sharedCartKey])).toBe(3);
  });
});
