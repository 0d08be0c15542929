import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { get, html, post } from "./helpers";
import { buyable, CLUB, ip, order, Shopper, signIn, signUp, stockOf } from "./fixtures";

const ordersWithKey = async (key: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE idempotency_key = ?").bind(key).first<{ n: number }>())!.n;

describe("placing an order", () => {
  it("a guest's cart becomes an order: server totals, stock taken, cart emptied, SMS through the outbox", async () => {
    const s = new Shopper();
    const { p, sku } = buyable(0);
    await s.add(sku.id, 2);
    const before = await stockOf(sku.id);
    // A total sent by the client is not a field: the server computes it.
    const res = await s.place(order("guest-order-0001", { total: 1, deliveryCost: 0 }));
    expect(res.status).toBe(201);
    const { order: placed } = (await res.json()) as { order: { number: string; status: string; totals: Record<string, number>; orderItems: unknown[] } };
    expect(placed.number).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(placed.status).toBe("new");
    const goods = 2 * p.sale_price;
    const delivery = goods > 500_000 ? 0 : 25_000;
    expect(placed.totals).toMatchObject({ nominal: 2 * p.first_price, deliveryCost: delivery, total: goods + delivery });
    expect(placed.orderItems).toEqual([expect.objectContaining({ skuId: sku.id, quantity: 2, salePrice: p.sale_price })]);
    expect(await stockOf(sku.id)).toBe(before - 2);
    const cart = await get("/api/cart", { headers: { Cookie: s.cookie! } });
    expect(await cart.json()).toEqual([]);
    const sms = await env.DB.prepare("SELECT body FROM outbox WHERE recipient = '+998901234567' ORDER BY id DESC LIMIT 1").first<{ body: string }>();
    expect(sms!.body).toContain(placed.number);
  });

  it("the same idempotency key twice is the same order, never two (also in parallel)", async () => {
    const s = new Shopper();
    const { sku } = buyable(1);
    await s.add(sku.id);
    const before = await stockOf(sku.id);
    const [a, b] = await Promise.all([s.place(order("double-click-0001")), s.place(order("double-click-0001"))]);
    const numbers = [((await a.json()) as { order: { number: string } }).order.number, ((await b.json()) as { order: { number: string } }).order.number];
    expect(numbers[0]).toBe(numbers[1]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const again = await s.place(order("double-click-0001"));
    expect(again.status).toBe(200);
    expect(await ordersWithKey("double-click-0001")).toBe(1);
    expect(await stockOf(sku.id)).toBe(before - 1);
  });

  it("two shoppers ordering the last item at once: exactly one order, the other 409 with the line", async () => {
    const { sku } = buyable(2);
    const [x, y] = [new Shopper(), new Shopper()];
    await x.add(sku.id);
    await y.add(sku.id);
    await env.DB.prepare("UPDATE skus SET stock = 1 WHERE id = ?").bind(sku.id).run();
    const results = await Promise.all([x.place(order("last-item-x-0001")), y.place(order("last-item-y-0001"))]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(await refused.json()).toMatchObject({
      success: false,
      code: "out_of_stock",
      lines: [{ skuId: sku.id, stock: 0, quantity: 1 }],
      message: "Некоторых товаров больше нет в наличии.",
    });
    expect(await stockOf(sku.id)).toBe(0);
    expect((await ordersWithKey("last-item-x-0001")) + (await ordersWithKey("last-item-y-0001"))).toBe(1);
  });

  it("refuses what cannot be ordered: an empty cart, bad fields (named), a type that takes no orders yet", async () => {
    const empty = new Shopper();
    expect((await empty.place(order("empty-cart-0001"))).status).toBe(409);
    const s = new Shopper();
    await s.add(buyable(3).sku.id);
    const bad = await s.place({ name: "", phone: "12", cityId: 1, deliveryTypeId: 1, paymentMethod: "gold", idempotencyKey: "x" });
    expect(bad.status).toBe(422);
    const fields = ((await bad.json()) as { errors: { field: string }[] }).errors.map((e) => e.field).sort();
    expect(fields).toEqual(["idempotencyKey", "name", "paymentMethod", "phone"]);
    const noAddress = await s.place(order("no-address-0001", { street: "", house: "" }));
    expect(noAddress.status).toBe(422);
    expect(await noAddress.json()).toMatchObject({ errors: [{ field: "street", message: "Укажите адрес доставки." }] });
    const pickup = await s.place(order("pickup-0001", { deliveryTypeId: 2 }));
    expect(pickup.status).toBe(422);
    expect(await pickup.json()).toMatchObject({ errors: [{ field: "pointId", message: "Выберите магазин или почтовое отделение." }] });
    // A store of another city is not a store of this one.
    const elsewhere = await s.place(order("pickup-0002", { deliveryTypeId: 2, storeId: 4 }));
    expect(elsewhere.status).toBe(422);
    const disabled = await s.place(order("express-0001", { deliveryTypeId: 4 }));
    expect(disabled.status).toBe(422);
    expect(await ordersWithKey("pickup-0001")).toBe(0);
  });

  it("pickup at a store and post to a post office: the order goes to the point, named by storeId or warehouseId", async () => {
    const a = new Shopper();
    await a.add(buyable(9).sku.id);
    const store = await a.place(order("pickup-store-0001", { deliveryTypeId: 2, storeId: 2, street: "", house: "" }));
    expect(store.status).toBe(201);
    const placed = ((await store.json()) as { order: { delivery: { pointId: number; address: string; cost: number } } }).order;
    expect(placed.delivery).toMatchObject({ pointId: 2, cost: 0 });
    expect(placed.delivery.address).toContain("Libos Next");
    const b = new Shopper();
    await b.add(buyable(10).sku.id);
    const post = await b.place(order("post-office-0001", { deliveryTypeId: 3, warehouseId: 13, street: "", house: "" }));
    expect(post.status).toBe(201);
    expect(((await post.json()) as { order: { delivery: { address: string } } }).order.delivery.address).toContain("№ 25");
  });

  it("a plain form post goes to the confirmation page, which only the order's owner can open", async () => {
    const s = new Shopper();
    await s.add(buyable(4).sku.id);
    const res = await post("/ru/order/request".replace("/ru", ""), { ...order("form-post-0001"), cityId: "1", deliveryTypeId: "1" } as Record<string, string>, {
      cookie: s.cookie,
      headers: ip(),
    });
    expect(res.status).toBe(303);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^\/checkout\/done\/[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const page = await html(location, { headers: { Cookie: s.cookie! } });
    expect(page.res.status).toBe(200);
    expect(page.body).toContain(location.split("/").pop());
    expect(page.res.headers.get("Cache-Control")).toBe("private, no-store");
    const stranger = await html(location);
    expect(stranger.res.status).toBe(404);
  });

  it("spends a signed-in shopper's bonuses and once-per-account promo exactly once", async () => {
    const s = await signIn(CLUB);
    const { sku } = buyable(5);
    await s.add(sku.id);
    const balance = async () => (await env.DB.prepare("SELECT bonus_balance AS b FROM users WHERE email = 'club@libos.uz'").first<{ b: number }>())!.b;
    const before = await balance();
    const apply = await post("/cart", { intent: "bonuses-apply", bonuses: "1000" }, { cookie: s.cookie, headers: ip() });
    expect(apply.status).toBe(303);
    const res = await s.place(order("bonus-order-0001"));
    expect(res.status).toBe(201);
    const placed = ((await res.json()) as { order: { totals: { bonusesUsed: number } } }).order;
    expect(placed.totals.bonusesUsed).toBe(1000);
    expect(await balance()).toBe(before - 1000);
  });
});

describe("a shopper's orders", () => {
  it("GET /api/orders lists the own orders newest first with pagination headers; one by id; others' are 404", async () => {
    const a = await signUp();
    const b = await signUp();
    const numbers: string[] = [];
    for (const [i, key] of ["api-list-0001", "api-list-0002"].entries()) {
      await a.add(buyable(6 + i).sku.id);
      numbers.push(((await (await a.place(order(key))).json()) as { order: { number: string } }).order.number);
    }
    const list = await get("/api/orders?per-page=1&expand=orderItems", { headers: { Cookie: a.cookie! } });
    expect(list.status).toBe(200);
    expect(list.headers.get("X-Pagination-Total-Count")).toBe("2");
    expect(list.headers.get("X-Pagination-Page-Count")).toBe("2");
    const [newest] = (await list.json()) as { id: number; number: string; orderItems: unknown[] }[];
    expect(newest!.number).toBe(numbers[1]);
    expect(newest!.orderItems).toHaveLength(1);
    const one = await get(`/api/orders/${newest!.id}?expand=orderItems,store,user,delivery,payment`, { headers: { Cookie: a.cookie! } });
    expect(((await one.json()) as { number: string }).number).toBe(numbers[1]);
    expect((await get(`/api/orders/${newest!.id}`, { headers: { Cookie: b.cookie! } })).status).toBe(404);
    expect((await get("/api/orders")).status).toBe(401);
    const history = await html("/ru/account/orders", { headers: { Cookie: a.cookie! } });
    expect(history.body.match(/data-testid="history-order"/g)).toHaveLength(2);
    expect((await html(`/account/orders/${numbers[0]}`, { headers: { Cookie: b.cookie! } })).res.status).toBe(404);
  });

  it("cancelling a new order returns its stock once, even when two cancels race", async () => {
    const s = await signUp();
    const { sku } = buyable(8);
    await s.add(sku.id, 2);
    const before = await stockOf(sku.id);
    const placed = ((await (await s.place(order("cancel-0001"))).json()) as { order: { number: string } }).order;
    expect(await stockOf(sku.id)).toBe(before - 2);
    const cancel = () => post(`/account/orders/${placed.number}`, { intent: "cancel" }, { cookie: s.cookie, headers: ip() });
    const statuses = (await Promise.all([cancel(), cancel()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await stockOf(sku.id)).toBe(before);
    const page = await html(`/account/orders/${placed.number}`, { headers: { Cookie: s.cookie! } });
    expect(page.body).toContain('data-testid="order-status">Bekor qilindi');
    expect(page.body).not.toContain('data-testid="cancel-order"');
  });

  it("what a guest chose at the checkout comes along when they sign in: contacts, city, type and store", async () => {
    const s = new Shopper();
    await s.add(buyable(11).sku.id);
    const step = async (fields: Record<string, string>) => {
      const res = await post("/checkout", fields, { cookie: s.cookie, headers: ip() });
      expect(res.status).toBe(303);
    };
    await step({ intent: "contacts", name: "Guest Otabek", phone: "+998 90 555 44 33" });
    await step({ intent: "city", cityId: "1" });
    await step({ intent: "delivery", cityId: "1", deliveryTypeId: "2", "point-2": "2" });
    // Signing up from the checkout signs in too: the same join as a login.
    const member = await signUp({ as: s });
    const page = await html("/checkout", { headers: { Cookie: member.cookie! } });
    expect(page.body).toMatch(/data-testid="step-contacts-done"><div>Guest Otabek, \+998905554433/);
    expect(page.body).toMatch(/data-testid="step-delivery-done"><div>Toshkent, [^<]*: Libos Next/);
  });
});
