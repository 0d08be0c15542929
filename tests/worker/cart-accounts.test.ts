import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buyable, DEMO, Shopper, signIn } from "./fixtures";

// A cart across sign-in: a guest's joins the account's; a signed-in shopper's
// move to favourites goes to the account.

describe("guests and accounts", () => {
  it("at login the guest cart merges into the account's (capped by stock) and is kept across devices", async () => {
    const { sku } = buyable(7);
    await env.DB.prepare("UPDATE skus SET stock = 3 WHERE id = ?").bind(sku.id).run();
    const phone = await signIn(DEMO);
    await phone.post("/cart", { intent: "delete", purchasableId: String(sku.id) });
    await phone.add(sku.id);
    await phone.add(sku.id);
    const guest = new Shopper();
    await guest.add(sku.id);
    await guest.add(sku.id);
    const laptop = await signIn(DEMO, guest);
    const lines = (await laptop.cart()).lines;
    expect(lines.find((l) => l.purchasableId === sku.id)?.quantity).toBe(3);
    // The other device sees the same cart.
    expect((await phone.cart()).lines.find((l) => l.purchasableId === sku.id)?.quantity).toBe(3);
    const guestCarts = await env.DB.prepare("SELECT COUNT(*) AS n FROM carts WHERE user_id IS NULL AND id NOT IN (SELECT cart_id FROM cart_lines)").first<{
      n: number;
    }>();
    expect(guestCarts!.n).toBeGreaterThanOrEqual(0);
  });

  it("a signed-in shopper's move to favourites goes to the account", async () => {
    const { p, sku } = buyable(8);
    const s = await signIn(DEMO);
    await s.add(sku.id);
    await s.post("/cart", { intent: "move-to-favourites", purchasableId: String(sku.id), redirectTo: "/cart" });
    const row = await env.DB.prepare("SELECT sku_id FROM favourites WHERE product_id = ? AND user_id = (SELECT id FROM users WHERE email = 'demo@libos.uz')")
      .bind(p.id)
      .first<{ sku_id: number }>();
    expect(row?.sku_id).toBe(sku.id);
  });
});
