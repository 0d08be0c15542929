import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CITIES, DELIVERY_COSTS, DELIVERY_POINTS, DELIVERY_TYPES } from "../../workers/seed/shop";
import { get, html, post } from "./helpers";
import { buyable, ip, order, Shopper } from "./fixtures";

/** The demo data's own answer: the city's cost row (or another_city's) for an enabled type, and for pickup and post a point in the city. */
function completable(cityId: number, typeId: number): boolean {
  const type = DELIVERY_TYPES.find((t) => t.id === typeId)!;
  const priced = DELIVERY_COSTS.some((c) => c.delivery_type_id === typeId && (c.city_map_id === String(cityId) || c.city_map_id === "another_city"));
  const reachable = type.type === "courier" || DELIVERY_POINTS.some((p) => p.city_id === cityId && p.delivery_type_id === typeId);
  return type.status === 1 && priced && reachable;
}

/** The delivery types each list offers for the shopper's city: the cart page, the checkout's delivery step, /api/delivery/types. */
async function offered(s: Shopper, cityId: number) {
  const uuids = (body: string, testId: string) => [...body.matchAll(new RegExp(`data-testid="${testId}-([a-z]+)"`, "g"))].map((m) => m[1]!).sort();
  const cart = await html("/cart", { headers: { Cookie: s.cookie! } });
  const checkout = await html("/checkout?step=delivery", { headers: { Cookie: s.cookie! } });
  const api = (await (await get(`/api/delivery/types?city_id=${cityId}`)).json()) as { items: { uuid: string }[] };
  return {
    cart: uuids(cart.body, "delivery-type"),
    checkout: uuids(checkout.body, "checkout-type"),
    api: api.items.map((t) => t.uuid).sort(),
  };
}

const step = (s: Shopper, fields: Record<string, string>) => post("/checkout", fields, { cookie: s.cookie, headers: ip() });

describe("a checkout every city can finish", () => {
  // Every city × type is a whole checkout: minutes on a busy machine, not the usual 30 s.
  it("walks every city × delivery type of the demo data to a placed order, or proves the type is not offered there", async () => {
    const { sku } = buyable(0);
    // One product for every order of the walk.
    await env.DB.prepare("UPDATE skus SET stock = 1000 WHERE id = ?").bind(sku.id).run();
    for (const city of CITIES) {
      const expected = DELIVERY_TYPES.filter((t) => completable(city.id, t.id))
        .map((t) => t.uuid)
        .sort();
      // Every city of the shop can order somehow.
      expect(expected.length, city.ref).toBeGreaterThan(0);
      for (const type of DELIVERY_TYPES) {
        const s = new Shopper();
        await s.add(sku.id);
        expect((await step(s, { intent: "contacts", name: "Shahar", phone: "+998 90 700 00 01" })).status).toBe(303);
        expect((await step(s, { intent: "city", cityId: String(city.id) })).status).toBe(303);
        // The lists are the city's: read once per city.
        if (type === DELIVERY_TYPES[0])
          expect(await offered(s, city.id), `${city.ref}: the types offered`).toEqual({ cart: expected, checkout: expected, api: expected });
        const point = DELIVERY_POINTS.find((p) => p.city_id === city.id && p.delivery_type_id === type.id);
        const where: Record<string, string> =
          type.type === "courier"
            ? { street: "Mustaqillik", house: "3" }
            : { [`point-${type.id}`]: String(point?.id ?? DELIVERY_POINTS.find((p) => p.delivery_type_id === type.id)?.id ?? 1) };
        const delivery = await step(s, { intent: "delivery", cityId: String(city.id), deliveryTypeId: String(type.id), ...where });
        const label = `${city.ref} × ${type.uuid}`;
        if (!expected.includes(type.uuid)) {
          // Not offered: the step refuses it, and so does placing an order directly.
          expect(delivery.status, label).toBe(422);
          const direct = await s.place(order(`walk-${city.id}-${type.id}`, { cityId: city.id, deliveryTypeId: type.id, pointId: point?.id }));
          expect(direct.status, label).toBe(422);
          continue;
        }
        expect(delivery.status, label).toBe(303);
        expect((await step(s, { intent: "payment", paymentMethod: "cash" })).status, label).toBe(303);
        const placed = await step(s, { intent: "place" });
        expect(placed.status, label).toBe(303);
        const number = /\/checkout\/done\/([2-9A-Z]{4}-[2-9A-Z]{4})$/.exec(placed.headers.get("Location") ?? "")?.[1];
        expect(number, `${label}: placed`).toBeDefined();
        const row = await env.DB.prepare("SELECT city_id AS cityId, delivery_type_id AS typeId, point_id AS pointId FROM orders WHERE number = ?")
          .bind(number)
          .first<{ cityId: number; typeId: number; pointId: number | null }>();
        expect(row, label).toEqual({ cityId: city.id, typeId: type.id, pointId: type.type === "courier" ? null : point!.id });
      }
    }
  }, 120_000);

  it("a type priced for a city but without a store or post office there is not offered anywhere until the city has one", async () => {
    // Pickup priced in Bukhara, which has no store.
    await env.DB.prepare(
      `INSERT INTO delivery_costs (delivery_type_id, city_map_id, delivery_price, minimum_amount_of_free_shipping, estimated_delivery_time_uz, estimated_delivery_time_ru, estimated_delivery_time_uk)
       VALUES (2, '3', 0, 0, '1 kun', '1 дн.', '1 дн.')`,
    ).run();
    const s = new Shopper();
    await s.add(buyable(1).sku.id);
    await step(s, { intent: "contacts", name: "Shahar", phone: "+998 90 700 00 02" });
    await step(s, { intent: "city", cityId: "3" });
    const before = await offered(s, 3);
    expect(before.cart).not.toContain("pickup");
    expect(before.checkout).not.toContain("pickup");
    expect(before.api).not.toContain("pickup");
    expect((await get("/api/delivery/types?city_id=3&show_inactive=1").then((r) => r.json())) as unknown).not.toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ uuid: "pickup" })]),
    });
    // A store opens there: now it is offered, and can be ordered.
    await env.DB.prepare(
      `INSERT INTO delivery_points (id, ref, city_id, delivery_type_id, title_uz, title_ru, title_uk, address_uz, address_ru, address_uk)
       VALUES (900, 'store-bukhara-test', 3, 2, 'Libos Buxoro', 'Libos Бухара', 'Libos Бухара', 'Buxoro, 1', 'Бухара, 1', 'Бухара, 1')`,
    ).run();
    const after = await offered(s, 3);
    expect(after).toEqual({ cart: expect.arrayContaining(["pickup"]), checkout: expect.arrayContaining(["pickup"]), api: expect.arrayContaining(["pickup"]) });
    expect((await step(s, { intent: "delivery", cityId: "3", deliveryTypeId: "2", "point-2": "900" })).status).toBe(303);
    await env.DB.batch([
      env.DB.prepare("DELETE FROM delivery_points WHERE id = 900"),
      env.DB.prepare("DELETE FROM delivery_costs WHERE delivery_type_id = 2 AND city_map_id = '3'"),
    ]);
  });
});
