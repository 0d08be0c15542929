import { describe, expect, it } from "vitest";
import ruCart from "../../locales/ru/cart.json";
import { buyable, cartWith, Shopper } from "./fixtures";
import { catalogue, rowAmount, skusOf, testText } from "./helpers";

// Delivery on the cart: the city and type chosen, what they cost (free above a
// sum, another city's fallback), and what is refused.

describe("delivery recalculation", () => {
  it("courier in Tashkent costs 25 000 below the free threshold; the page shows it", async () => {
    const s = new Shopper();
    const { sku } = catalogue.products
      .filter((p) => p.sale_price > 0 && p.sale_price < 400_000)
      .map((p) => ({ p, sku: skusOf(p).find((x) => x.stock > 0) }))
      .find((x) => x.sku)! as { sku: { id: number } };
    await s.add(sku.id);
    const res = await s.postJson("/checkout/default/shopping-cart-recalculate?lang=ru", { cityId: 1, deliveryTypeId: 1 });
    expect(res.status).toBe(200);
    const json = (await res.json()) as Record<string, unknown> & { order: Record<string, unknown> };
    expect(json.status).toBe("ok");
    expect(json.costOfDelivery).toBe(25_000);
    expect(json.isPaidDelivery).toBe(true);
    expect(json.order.orderTotalPrice).toBe((json.order.orderSubtotalPrice as number) + 25_000);
    expect(json.estimatedDeliveryTime).toBe("1–2 дн.");
    const { body } = await s.get("/cart");
    expect(rowAmount(body, "summary-delivery")).toBe(25_000);
    expect(testText(body, "delivery-estimate")).toContain("1–2 kun");
  });

  it("free above minimum_amount_of_free_shipping; another_city fallback; types a city lacks are not offered", async () => {
    const { s, total } = await cartWith({ worth: 500_001 });
    let res = await s.post("/cart", { intent: "delivery", cityId: "1", deliveryTypeId: "1", redirectTo: "/cart" });
    expect(res.headers.get("Location")).toBe("/cart?notice=deliveryUpdated");
    let page = await s.get("/cart");
    expect(testText(page.body, "summary-delivery")).toContain("bepul");

    // Nukus: post through another_city (30 000 below 800 000), no courier.
    res = await s.post("/cart", { intent: "delivery", cityId: "7", deliveryTypeId: "3", redirectTo: "/cart" });
    page = await s.get("/cart");
    expect(page.body).toContain('data-testid="delivery-type-post"');
    expect(page.body).not.toContain('data-testid="delivery-type-courier"');
    expect(page.body).not.toContain('data-testid="delivery-type-express"');
    expect(rowAmount(page.body, "summary-delivery")).toBe(total > 800_000 ? 0 : 30_000);

    // Courier asked for in Nukus (the city changed under it): the city stays, the type is dropped, and the page says why.
    res = await s.post("/ru/cart", { intent: "delivery", cityId: "7", deliveryTypeId: "1", redirectTo: "/ru/cart" });
    expect(res.headers.get("Location")).toBe("/ru/cart?notice=deliveryTypeNotInCity");
    page = await s.get("/ru/cart?notice=deliveryTypeNotInCity");
    expect(testText(page.body, "cart-notice")).toBe(ruCart.notices.deliveryTypeNotInCity);
    expect(page.body).not.toMatch(/<input[^>]*name="deliveryTypeId"[^>]*checked/);

    // Asking for courier in Nukus keeps the city and drops the type.
    const json = (await (await s.postJson("/checkout/default/shopping-cart-recalculate", { cityId: 7, deliveryTypeId: 1 })).json()) as {
      costOfDelivery: number;
      isPaidDelivery: boolean;
    };
    expect(json).toMatchObject({ costOfDelivery: 0, isPaidDelivery: false });
  });

  it("a delivery type that is not offered (disabled, or not in the city) is refused with 422, as on the cart page", async () => {
    const s = new Shopper();
    await s.add(buyable(0).sku.id);
    for (const body of [
      { cityId: 1, deliveryTypeId: 4 },
      { cityId: 1, deliveryTypeId: 999 },
    ]) {
      const res = await s.postJson("/checkout/default/shopping-cart-recalculate?lang=ru", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(((await res.json()) as { status: string; message: string }).message).toMatch(/[А-Яа-я]/);
    }
    // Nothing was saved: the cart has no delivery priced.
    const { res } = await s.cart();
    expect(res.headers.get("X-Cart-Total-Cost")).toBe(res.headers.get("X-Cart-Subtotal-Cost"));
  });

  it("bad recalculation input answers 422", async () => {
    const s = new Shopper();
    await s.add(buyable(0).sku.id);
    for (const body of [{}, { cityId: "x" }, { cityId: 999 }, { cityId: -1, deliveryTypeId: 1 }]) {
      const res = await s.postJson("/checkout/default/shopping-cart-recalculate", body);
      expect([400, 422], JSON.stringify(body)).toContain(res.status);
    }
  });
});
