import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { catalogue, cookieOf, get, ORIGIN, post, skusOf } from "./helpers";

/** Shoppers with carts, for the tests of orders and payments. */

let n = 0;
/** A fresh client address per call: the rate limits count per address. */
export const ip = () => ({ "CF-Connecting-IP": `10.66.${Math.floor(++n / 200)}.${n % 200}` });

/** A product with a price, outside the club, and a sku with stock (each test takes its own). */
export function buyable(offset: number) {
  const list = catalogue.products.filter((p) => p.id > 1 && p.sale_price > 0 && !p.in_club && skusOf(p).some((s) => s.stock >= 3));
  const p = list[offset]!;
  return { p, sku: skusOf(p).find((s) => s.stock >= 3)! };
}

export class Shopper {
  cookie: string | undefined;
  async add(skuId: number, quantity = 1) {
    const res = await post(
      "/cart",
      { intent: "add", purchasableId: String(skuId), quantity: String(quantity), redirectTo: "/cart" },
      { cookie: this.cookie, headers: ip() },
    );
    this.cookie = cookieOf(res) ?? this.cookie;
    expect(res.status).toBe(303);
  }
  place(fields: Record<string, unknown>, accept = "application/json") {
    return get("/order/request?lang=ru", {
      method: "POST",
      body: JSON.stringify(fields),
      headers: { "Content-Type": "application/json", Accept: accept, Origin: ORIGIN, ...(this.cookie ? { Cookie: this.cookie } : {}), ...ip() },
    });
  }
}

export const order = (key: string, extra: Record<string, unknown> = {}) => ({
  name: "Dilnoza",
  phone: "+998 90 123 45 67",
  cityId: 1,
  deliveryTypeId: 1,
  street: "Amir Temur",
  house: "15",
  flat: "4",
  paymentMethod: "cash",
  idempotencyKey: key,
  ...extra,
});

export const stockOf = async (skuId: number) => (await env.DB.prepare("SELECT stock FROM skus WHERE id = ?").bind(skuId).first<{ stock: number }>())!.stock;
