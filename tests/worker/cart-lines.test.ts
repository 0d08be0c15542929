import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addLine, cartCounts, cartFor, guestCartMerge, guestCartRemoval, removeLine } from "~/cart/lines.server";

/** A guest's cart merged into the account's as the sign-in does it (one batch). */
const merge = (userId: number, guestKey: string) => env.DB.batch([...guestCartMerge(env.DB, userId, guestKey), guestCartRemoval(env.DB, guestKey)]);

async function skuWithStock(stock: number): Promise<number> {
  const row = await env.DB.prepare("SELECT id FROM skus WHERE stock > 0 ORDER BY id LIMIT 1 OFFSET ?").bind(stock).first<{ id: number }>();
  await env.DB.prepare("UPDATE skus SET stock = ? WHERE id = ?").bind(stock, row!.id).run();
  return row!.id;
}

describe("cart lines under concurrency", () => {
  it("50 parallel adds with enough stock leave exactly 50", async () => {
    const cart = await cartFor(env.DB, null);
    const sku = await skuWithStock(60);
    const results = await Promise.all(Array.from({ length: 50 }, () => addLine(env.DB, cart, sku, 1)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await cartCounts(env.DB, cart)).toEqual({ items: 1, quantity: 50 });
  });

  it("with stock 3, exactly 3 adds succeed and 47 get a clear error", async () => {
    const cart = await cartFor(env.DB, null);
    const sku = await skuWithStock(3);
    const results = await Promise.all(Array.from({ length: 50 }, () => addLine(env.DB, cart, sku, 1)));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok && r.reason === "notEnoughStock")).toHaveLength(47);
    expect(await cartCounts(env.DB, cart)).toEqual({ items: 1, quantity: 3 });
  });

  it("an add repeated within its window (the same quantity) is the same add, even when the copies race; later or different ones count", async () => {
    const cart = await cartFor(env.DB, null);
    const sku = await skuWithStock(20);
    const now = 1_800_000_000_000;
    const at = (ms: number, windowMs = 1000) => ({ now: ms, windowMs });
    const first = await Promise.all(Array.from({ length: 5 }, () => addLine(env.DB, cart, sku, 1, at(now))));
    expect(first).toEqual(Array.from({ length: 5 }, () => ({ ok: true, quantity: 1 })));
    // Within the window from the first copy, still the same press.
    expect(await addLine(env.DB, cart, sku, 1, at(now + 900))).toEqual({ ok: true, quantity: 1 });
    // A different quantity is another add.
    expect(await addLine(env.DB, cart, sku, 2, at(now + 950))).toEqual({ ok: true, quantity: 3 });
    // Past the window: another add.
    expect(await addLine(env.DB, cart, sku, 2, at(now + 2000))).toEqual({ ok: true, quantity: 5 });
    // Without a window (a fetch request) every add counts, whatever came just before.
    expect(await addLine(env.DB, cart, sku, 2)).toEqual({ ok: true, quantity: 7 });
    expect(await addLine(env.DB, cart, sku, 2, at(now + 2001, 0))).toEqual({ ok: true, quantity: 9 });
  });

  it("a copy of an add answers as the add did even if the stock fell to nothing in between; a new add then is refused", async () => {
    const cart = await cartFor(env.DB, null);
    const sku = await skuWithStock(1);
    const now = 1_800_000_000_000;
    expect(await addLine(env.DB, cart, sku, 1, { now, windowMs: 800 })).toEqual({ ok: true, quantity: 1 });
    await env.DB.prepare("UPDATE skus SET stock = 0 WHERE id = ?").bind(sku).run();
    expect(await addLine(env.DB, cart, sku, 1, { now: now + 300, windowMs: 800 })).toEqual({ ok: true, quantity: 1 });
    expect(await addLine(env.DB, cart, sku, 1, { now: now + 5000, windowMs: 800 })).toEqual({ ok: false, reason: "outOfStock" });
    expect(await addLine(env.DB, cart, sku, 1)).toEqual({ ok: false, reason: "outOfStock" });
  });

  it("refuses unknown and sold-out skus and bad quantities", async () => {
    const cart = await cartFor(env.DB, null);
    expect(await addLine(env.DB, cart, 999_999, 1)).toEqual({ ok: false, reason: "unknownSku" });
    const soldOut = (await env.DB.prepare("SELECT id FROM skus WHERE stock = 0 LIMIT 1").first<{ id: number }>())!.id;
    expect(await addLine(env.DB, cart, soldOut, 1)).toEqual({ ok: false, reason: "outOfStock" });
    const sku = await skuWithStock(5);
    for (const q of [0, -5, 1e9, 1.5]) expect((await addLine(env.DB, cart, sku, q)).ok).toBe(false);
    expect(await cartCounts(env.DB, cart)).toEqual({ items: 0, quantity: 0 });
  });

  it("removes one at a time, then the line", async () => {
    const cart = await cartFor(env.DB, null);
    const sku = await skuWithStock(9);
    await addLine(env.DB, cart, sku, 2);
    expect(await removeLine(env.DB, cart, sku)).toBe(true);
    expect(await cartCounts(env.DB, cart)).toEqual({ items: 1, quantity: 1 });
    expect(await removeLine(env.DB, cart, sku)).toBe(true);
    expect(await cartCounts(env.DB, cart)).toEqual({ items: 0, quantity: 0 });
    expect(await removeLine(env.DB, cart, sku)).toBe(false);
  });

  it("merges a guest cart into the account's, capped by stock", async () => {
    const user = (await env.DB.prepare("INSERT INTO users (email, first_name) VALUES ('cart@example.uz', 'C') RETURNING id").first<{ id: number }>())!.id;
    const mine = await cartFor(env.DB, user);
    expect(await cartFor(env.DB, user)).toBe(mine);
    const guest = await cartFor(env.DB, null, "guest-key-merge-1");
    const sku = await skuWithStock(4);
    await addLine(env.DB, mine, sku, 3);
    await addLine(env.DB, guest, sku, 3);
    await merge(user, "guest-key-merge-1");
    expect(await cartCounts(env.DB, mine)).toEqual({ items: 1, quantity: 4 });
    expect(await env.DB.prepare("SELECT id FROM carts WHERE id = ?").bind(guest).first()).toBeNull();
  });

  it("an account without a cart gets one from the guest's; a guest without a cart merges nothing", async () => {
    const user = (await env.DB.prepare("INSERT INTO users (email, first_name) VALUES ('cart3@example.uz', 'C') RETURNING id").first<{ id: number }>())!.id;
    await merge(user, "guest-key-without-cart");
    expect(await env.DB.prepare("SELECT id FROM carts WHERE user_id = ?").bind(user).first()).toBeNull();
    const guest = await cartFor(env.DB, null, "guest-key-merge-3");
    const sku = await skuWithStock(2);
    await addLine(env.DB, guest, sku, 2);
    await merge(user, "guest-key-merge-3");
    expect(await cartCounts(env.DB, await cartFor(env.DB, user))).toEqual({ items: 1, quantity: 2 });
  });

  it("a merge never lowers an account line that is above the stock left", async () => {
    const user = (await env.DB.prepare("INSERT INTO users (email, first_name) VALUES ('cart2@example.uz', 'C') RETURNING id").first<{ id: number }>())!.id;
    const mine = await cartFor(env.DB, user);
    const guest = await cartFor(env.DB, null, "guest-key-merge-2");
    const sku = await skuWithStock(6);
    await addLine(env.DB, mine, sku, 5);
    await addLine(env.DB, guest, sku, 1);
    await env.DB.prepare("UPDATE skus SET stock = 3 WHERE id = ?").bind(sku).run();
    await merge(user, "guest-key-merge-2");
    expect(await cartCounts(env.DB, mine)).toEqual({ items: 1, quantity: 5 });
  });
});
