import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { get, ORIGIN } from "./helpers";
import { buyable, ip, Shopper } from "./fixtures";

type Page<T> = { items: T[]; _meta: { totalCount: number; pageCount: number; perPage: number; currentPage: number } };
const json = async <T>(path: string) => {
  const res = await get(path);
  return { status: res.status, body: (await res.json()) as T };
};

describe("the delivery data API", () => {
  it("cities: the 14 regions' main cities in the asked language, paged, searchable by title", async () => {
    const all = await json<Page<{ id: number; title: string }>>("/api/delivery/cities?lang=ru&per-page=100");
    expect(all.status).toBe(200);
    expect(all.body._meta).toEqual({ totalCount: 14, pageCount: 1, perPage: 100, currentPage: 1 });
    expect(all.body.items[0]).toMatchObject({ id: 1, title: "Ташкент" });
    const second = await json<Page<unknown>>("/api/delivery/cities?per-page=5&page=2");
    expect(second.body._meta).toEqual({ totalCount: 14, pageCount: 3, perPage: 5, currentPage: 2 });
    expect(second.body.items).toHaveLength(5);
    // The older client's selects read `has-next-page` to load more.
    const pages = await Promise.all([1, 2, 3].map((n) => get(`/api/delivery/cities?per-page=5&page=${n}`)));
    expect(pages.map((r) => r.headers.get("has-next-page"))).toEqual(["true", "true", "false"]);
    expect((await get("/api/delivery/types?city_id=1")).headers.get("has-next-page")).toBe("false");
    const found = await json<Page<{ title: string }>>(`/api/delivery/cities?lang=uk&title=${encodeURIComponent("нав")}`);
    expect(found.body.items.map((c) => c.title)).toEqual(["Навої"]);
  });

  it("city-page: the page of the cities list that holds a city", async () => {
    const page = await json<{ page: number; perPage: number; city: { title: string } }>("/api/delivery/city-page?city_id=13&per-page=5&lang=uz");
    expect(page.body).toEqual({ page: 3, perPage: 5, city: expect.objectContaining({ title: "Termiz" }) });
    expect((await get("/api/delivery/city-page?city_id=999")).status).toBe(404);
    expect((await get("/api/delivery/city-page")).status).toBe(400);
  });

  it("page_order: the cities by name (in the asked language), and city-page counting pages in that order; an unknown order 400", async () => {
    const byName = await json<Page<{ id: number; title: string }>>("/api/delivery/cities?lang=ru&per-page=100&page_order=title");
    const titles = byName.body.items.map((c) => c.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, "ru")));
    expect(titles).not.toEqual((await json<Page<{ title: string }>>("/api/delivery/cities?lang=ru&per-page=100")).body.items.map((c) => c.title));
    for (const [i, city] of byName.body.items.entries()) {
      const page = await json<{ page: number }>(`/api/delivery/city-page?city_id=${city.id}&per-page=4&lang=ru&page_order=title`);
      expect(page.body.page, city.title).toBe(Math.floor(i / 4) + 1);
    }
    expect((await json<{ page: number }>("/api/delivery/city-page?city_id=1&per-page=4&page_order=position")).body.page).toBe(1);
    const bad = await get("/api/delivery/city-page?city_id=1&page_order=random&lang=ru");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "page_order должен быть одним из: position, title.", errors: [{ field: "page_order" }] });
  });

  it("types: a city's offered types with their cost; the disabled ones only when asked", async () => {
    const tashkent = await json<Page<{ uuid: string; price: number; active: boolean }>>("/api/delivery/types?city_id=1&lang=uz");
    expect(tashkent.body.items.map((t) => t.uuid)).toEqual(["courier", "pickup", "post"]);
    expect(tashkent.body.items.find((t) => t.uuid === "courier")!.price).toBe(25_000);
    const all = await json<Page<{ uuid: string; active: boolean }>>("/api/delivery/types?city_id=1&show_inactive=1");
    expect(all.body.items.find((t) => t.uuid === "express")).toMatchObject({ active: false });
    // A city without its own row gets the fallback (post through another_city).
    const termez = await json<Page<{ uuid: string; price: number }>>("/api/delivery/types?city_id=13");
    expect(termez.body.items.map((t) => [t.uuid, t.price])).toEqual([["post", 30_000]]);
  });

  it("warehouses: stores with their mall, phone and schedule; post offices sorted by number, not as text", async () => {
    const stores = await json<Page<{ title: string; label: string; phone: string; schedule: string }>>(
      "/api/delivery/warehouses?city_ref_id=tashkent&delivery_type_id=2&lang=ru",
    );
    expect(stores.body.items).toHaveLength(3);
    expect(stores.body.items[0]).toMatchObject({
      label: expect.stringMatching(/^(ТЦ|ТРЦ) /),
      phone: expect.stringMatching(/^\+998/),
      schedule: "Ежедневно 10:00–22:00",
    });
    // The spec's select option names beside ours: name (the title), type, region (the city), district (none kept).
    const store = stores.body.items[0]! as unknown as Record<string, unknown>;
    expect(store).toMatchObject({ name: store.title, label: store.label, type: "pickup", region: "Ташкент", district: null });
    const offices = await json<Page<{ number: number; type: string }>>("/api/delivery/warehouses?city_ref_id=1&delivery_type_id=3&showAll=1");
    expect(new Set(offices.body.items.map((o) => o.type))).toEqual(new Set(["post"]));
    expect(offices.body.items.map((o) => o.number)).toEqual([1, 2, 12, 25, 101]);
    expect(offices.body._meta.pageCount).toBe(1);
    const one = await json<Page<{ ref: string }>>("/api/delivery/warehouses?city_ref_id=1&delivery_type_id=3&ref=post-1-25");
    expect(one.body.items.map((o) => o.ref)).toEqual(["post-1-25"]);
    const missing = await json<{ errors: { field: string }[] }>("/api/delivery/warehouses");
    expect(missing.body.errors.map((e) => e.field)).toEqual(["city_ref_id", "delivery_type_id"]);
  });

  it("streets of a city by title in the asked language; a house's post code from its street's ranges", async () => {
    const streets = await json<Page<{ id: number; ref: string; title: string }>>(
      `/api/delivery/streets?city_ref_id=tashkent&delivery_type_id=1&lang=ru&title=${encodeURIComponent("навои")}`,
    );
    expect(streets.body.items).toEqual([{ id: 2, ref: "navoiy", title: "улица Алишера Навои" }]);
    const all = await json<Page<unknown>>("/api/delivery/streets?city_ref_id=1&delivery_type_id=1&showAll=1");
    expect(all.body._meta.totalCount).toBe(8);
    expect(all.body.items).toHaveLength(8);
    const code = async (house: string) =>
      (await json<Page<{ post_code: string }>>(`/api/delivery/up-post-codes?street_id=2&house=${encodeURIComponent(house)}`)).body.items.map(
        (i) => i.post_code,
      );
    expect(await code("12")).toEqual(["100011"]);
    expect(await code("41A")).toEqual(["100017"]);
    expect(await code("999")).toEqual([]);
    const missing = await json<{ errors: { field: string }[] }>("/api/delivery/up-post-codes?street_id=2");
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e) => e.field)).toEqual(["house"]);
  });

  it("a missing required parameter is a 400 naming it; an unsupported language a 400 listing the allowed ones", async () => {
    const missing = await json<{ message: string; errors: { field: string }[] }>("/api/delivery/types?lang=ru");
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("city_id");
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: "city_id" })]);
    const lang = await json<{ message: string }>("/api/delivery/cities?lang=en");
    expect(lang.status).toBe(400);
    expect(lang.body.message).toContain("uz, ru, uk");
    expect((await get("/api/delivery/nothing")).status).toBe(404);
  });

  it("limit, the older client's page size: 1 to 1000, outranking per-page and showAll; any other value a 400 in the request's language", async () => {
    const five = await json<Page<unknown>>("/api/delivery/cities?limit=5&page=3&per-page=2");
    expect(five.status).toBe(200);
    expect(five.body._meta).toEqual({ totalCount: 14, pageCount: 3, perPage: 5, currentPage: 3 });
    expect(five.body.items).toHaveLength(4);
    // The older client's selects asked for 1000 (past per-page's 100): one page holds them all.
    const all = await json<Page<unknown>>("/api/delivery/cities?limit=1000");
    expect(all.body._meta).toMatchObject({ totalCount: 14, pageCount: 1, perPage: 1000 });
    const offices = await json<Page<{ number: number }>>("/api/delivery/warehouses?city_ref_id=1&delivery_type_id=3&showAll=1&limit=2");
    expect(offices.body.items.map((o) => o.number)).toEqual([1, 2]);
    expect(offices.body._meta).toMatchObject({ totalCount: 5, pageCount: 3, perPage: 2 });
    expect((await json<{ page: number }>("/api/delivery/city-page?city_id=13&limit=5")).body.page).toBe(3);
    // An empty limit is none: per-page's default.
    expect((await json<Page<unknown>>("/api/delivery/cities?limit=")).body._meta.perPage).toBe(20);
    for (const bad of ["0", "1001", "-3", "2.5", "abc", "10abc"]) {
      const res = await json<{ success: boolean; message: string; errors: { field: string; message: string }[] }>(`/api/delivery/cities?lang=ru&limit=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: "limit должен быть целым числом от 1 до 1000.",
        errors: [{ field: "limit", message: "limit должен быть целым числом от 1 до 1000." }],
      });
    }
    // Refused before anything is looked up, on every resource, in the asked language.
    expect((await json<{ message: string }>("/api/delivery/city-page?city_id=999&limit=0&lang=uk")).body.message).toBe(
      "limit має бути цілим числом від 1 до 1000.",
    );
    const uz = await get("/api/delivery/up-post-codes?street_id=2&house=12&limit=x");
    expect(uz.status).toBe(400);
    expect(((await uz.json()) as { message: string }).message).toBe("limit 1 dan 1000 gacha butun son bo'lishi kerak.");
  });

  it("types carry their notes (info[]) in the asked language", async () => {
    const types = await json<Page<{ uuid: string; info: string[] }>>("/api/delivery/types?city_id=1&lang=ru");
    expect(types.body.items.find((t) => t.uuid === "post")!.info).toEqual(["Для получения нужен паспорт.", "Отделение хранит заказ 14 дней."]);
    expect(types.body.items.find((t) => t.uuid === "pickup")!.info).toEqual([]);
  });
});

describe("POST /api/delivery/delivery-data", () => {
  const send = (cookie: string | undefined, data: string | null, lang = "ru") =>
    get(`/api/delivery/delivery-data?lang=${lang}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...ip() },
      body: new URLSearchParams(data === null ? {} : { data }),
    });
  const latestDraft = () =>
    env.DB.prepare(
      `SELECT d.point_id AS pointId, d.street, d.house, d.post_code AS postCode, c.city_id AS cityId, c.delivery_type_id AS typeId
       FROM carts c LEFT JOIN checkout_drafts d ON d.cart_id = c.id WHERE c.id = (SELECT MAX(id) FROM carts)`,
    ).first<Record<string, unknown>>();

  it("saves a post office (as warehouseId) to the cart: the answer has the delivery and the cart's summary with its cost", async () => {
    const s = new Shopper();
    await s.add(buyable(0).sku.id);
    // Before the checkout page was ever opened: the draft is made by this call.
    const res = await send(s.cookie, JSON.stringify({ cityId: 1, deliveryTypeId: 3, warehouseId: 10 }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { delivery: Record<string, unknown>; summary: { deliveryCost: number } };
    expect(body.delivery).toMatchObject({ cityId: 1, deliveryTypeId: 3, type: "post", pointId: 10 });
    expect(body.summary.deliveryCost).toBe(body.delivery.cost);
    expect(await latestDraft()).toMatchObject({ cityId: 1, typeId: 3, pointId: 10 });
  });

  it("a courier address on a known street gets its post code from the house number", async () => {
    const s = new Shopper();
    await s.add(buyable(1).sku.id);
    const res = await send(s.cookie, JSON.stringify({ cityId: 1, deliveryTypeId: 1, street: "проспект Амира Темура", house: "15" }));
    expect(res.status).toBe(200);
    const saved = await latestDraft();
    expect(saved).toMatchObject({ street: "проспект Амира Темура", house: "15", postCode: expect.stringMatching(/^\d{6}$/) });
  });

  it("refuses what it cannot save: no data, not JSON, bad fields, a point of another city, no cart; in the request's language", async () => {
    const s = new Shopper();
    await s.add(buyable(2).sku.id);
    const missing = await send(s.cookie, null);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe("data");
    expect((await send(s.cookie, "{not json")).status).toBe(400);
    expect((await send(s.cookie, "[1,2]")).status).toBe(400);
    const bad = await send(s.cookie, JSON.stringify({ cityId: "x", deliveryTypeId: 3 }));
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: { field: string; message: string }[] }).errors).toEqual([{ field: "cityId", message: "Выберите город." }]);
    // Post office 15 is in Samarkand, not Tashkent.
    const elsewhere = await send(s.cookie, JSON.stringify({ cityId: 1, deliveryTypeId: 3, warehouseId: 15 }), "uz");
    expect(elsewhere.status).toBe(422);
    expect(((await elsewhere.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe("pointId");
    const nobody = await send(undefined, JSON.stringify({ cityId: 1, deliveryTypeId: 3, warehouseId: 10 }));
    expect(nobody.status).toBe(409);
    expect((await get("/api/delivery/delivery-data")).status).toBe(405);
  });
});
