import { describe, expect, it } from "vitest";
import { buyable, order, signUp } from "./fixtures";
import { get } from "./helpers";

type Page<T> = { items: T[] };
const json = async <T>(path: string, init: RequestInit = {}) => (await (await get(path, init)).json()) as T;

describe("the spec's names in the delivery data", () => {
  it("delivery types carry status (1, or 0 for a disabled one) and icon", async () => {
    const types = await json<Page<{ uuid: string; status: number; active: boolean; icon: string }>>("/api/delivery/types?city_id=1&show_inactive=1");
    expect(types.items.map((t) => [t.uuid, t.status, t.icon])).toEqual([
      ["courier", 1, "truck"],
      ["pickup", 1, "store"],
      ["post", 1, "post"],
      ["express", 0, "truck"],
    ]);
    expect(types.items.every((t) => Boolean(t.status) === t.active)).toBe(true);
  });

  it("stores carry mall_name and additionalLabel (the mall and the address); a post office's mall_name is empty", async () => {
    const stores = await json<Page<{ title: string; label: string; address: string; mall_name: string; additionalLabel: string }>>(
      "/api/delivery/warehouses?city_ref_id=tashkent&delivery_type_id=2&lang=ru",
    );
    expect(stores.items.length).toBeGreaterThan(0);
    for (const s of stores.items) {
      expect(s.mall_name).toMatch(/^(ТЦ|ТРЦ) /);
      expect(s.mall_name).toBe(s.label);
      expect(s.additionalLabel).toBe(`${s.mall_name}, ${s.address}`);
    }
    const offices = await json<Page<{ mall_name: string; additionalLabel: string; address: string }>>(
      "/api/delivery/warehouses?city_ref_id=1&delivery_type_id=3&showAll=1",
    );
    expect(offices.items.every((o) => o.mall_name === "" && o.additionalLabel === o.address)).toBe(true);
  });
});

describe("GET /api/orders with expand", () => {
  it("without expand the bare order; each name adds its part; an unknown name is a localized 400", async () => {
    const member = await signUp();
    await member.add(buyable(12).sku.id);
    const placed = await member.place(order("expand-store-0001", { deliveryTypeId: 2, storeId: 2, street: "", house: "" }));
    expect(placed.status).toBe(201);
    const cookie = { headers: { Cookie: member.cookie! } };
    const [bare] = await json<Record<string, unknown>[]>("/api/orders?lang=ru", cookie);
    expect(Object.keys(bare!).sort()).toEqual(["comment", "createdAt", "id", "lang", "number", "state", "status", "timeline", "totals", "tracking"]);
    const id = bare!.id as number;
    expect(Object.keys(await json<Record<string, unknown>>(`/api/orders/${id}`, cookie)).sort()).toEqual(Object.keys(bare!).sort());

    const all = await json<Record<string, unknown>>(`/api/orders/${id}?lang=ru&expand=orderItems,store,user,delivery,payment`, cookie);
    expect(all).toMatchObject({
      id,
      orderItems: [expect.objectContaining({ quantity: 1 })],
      store: { id: 2, name: expect.stringContaining("Libos Next"), mall_name: "ТРЦ Next", additionalLabel: expect.stringMatching(/^ТРЦ Next, /) },
      user: { name: expect.any(String), phone: expect.stringMatching(/^\+998/) },
      delivery: { pointId: 2, deliveryTypeId: 2, type: "Самовывоз из магазина" },
      payment: { paid: false },
    });
    const some = await json<Record<string, unknown>>(`/api/orders?expand=payment,%20orderItems`, cookie);
    expect(Object.keys((some as unknown as Record<string, unknown>[])[0]!)).toEqual(expect.arrayContaining(["payment", "orderItems"]));
    expect((some as unknown as Record<string, unknown>[])[0]).not.toHaveProperty("delivery");

    // A courier order has no store.
    await member.add(buyable(13).sku.id);
    expect((await member.place(order("expand-courier-0001"))).status).toBe(201);
    const [courier] = await json<{ store: unknown }[]>("/api/orders?expand=store", cookie);
    expect(courier!.store).toBeNull();

    const wrong = await get("/api/orders?expand=items,user&lang=uk", cookie);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toContain("items");
  });
});

describe("the catalogue's price range, as the money mask writes it", () => {
  it("a masked amount filters in whole UZS: the listing answers its clean URL", async () => {
    const res = await get("/store?price_min=100+000&price_max=2+500+000%2C99");
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
    expect(new URL(res.headers.get("Location")!, "http://shop.test").search).toBe("?price_min=100000&price_max=2500001");
    expect((await get("/store?price_min=100000&price_max=2500001")).status).toBe(200);
  });
});
