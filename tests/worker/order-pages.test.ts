import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { brandOf, catalogue, decode, get, html, post, section, skusOf } from "./helpers";
import { buyable, ip, Shopper, signUp } from "./fixtures";

const step = (s: Shopper, fields: Record<string, string>, lang = "") => post(`${lang}/checkout`, fields, { cookie: s.cookie, headers: ip() });

/** Through the checkout's steps to a placed order (cash); its number. */
async function checkout(s: Shopper, delivery: Record<string, string>, lang = ""): Promise<string> {
  const steps: Record<string, string>[] = [
    { intent: "contacts", name: "Nigora", phone: "+998 90 711 22 33" },
    { intent: "city", cityId: delivery.cityId! },
    { intent: "delivery", ...delivery },
    { intent: "payment", paymentMethod: "cash" },
  ];
  for (const fields of steps) {
    const res = await step(s, fields, lang);
    expect(res.status, fields.intent).toBe(303);
  }
  const placed = await step(s, { intent: "place" }, lang);
  const number = /\/checkout\/done\/([2-9A-Z]{4}-[2-9A-Z]{4})$/.exec(placed.headers.get("Location") ?? "")?.[1];
  expect(number, "placed").toBeDefined();
  return number!;
}

/** The text of an element by its test id (tags dropped, entities decoded). */
function textOf(body: string, testId: string): string {
  const start = body.indexOf(`data-testid="${testId}"`);
  expect(start, `page has ${testId}`).toBeGreaterThanOrEqual(0);
  const open = body.lastIndexOf("<", start);
  const tag = /^<([a-z0-9]+)/.exec(body.slice(open))![1]!;
  // The element up to its own closing tag (no nesting of the same tag in these).
  const end = body.indexOf(`</${tag}>`, start);
  return decode(body.slice(body.indexOf(">", start) + 1, end).replace(/<[^>]*>/g, ""));
}

describe("an order's place in the language of the page", () => {
  it("placed in Russian at Bukhara's post office: the confirmation, the account's order page and /api/orders name the city and office in their own language", async () => {
    const s = await signUp({ firstName: "Nigora" });
    await s.add(buyable(0).sku.id);
    const number = await checkout(s, { cityId: "3", deliveryTypeId: "3", "point-3": "17" }, "/ru");
    const cookie = { headers: { Cookie: s.cookie! } };

    const ru = textOf((await html(`/ru/checkout/done/${number}`, cookie)).body, "order-address");
    expect(ru).toContain("Бухара");
    expect(ru).toContain("Почтовое отделение № 10");
    expect(ru).toContain("проспект Навои, 4");
    expect(ru).not.toContain("Buxoro");

    const uz = textOf((await html(`/checkout/done/${number}`, cookie)).body, "order-address");
    expect(uz).toContain("Buxoro");
    expect(uz).toContain("10-son pochta bo\u2018limi");
    expect(uz).toContain("Navoiy shoh ko\u2018chasi, 4");
    expect(uz).not.toContain("Бухара");

    const uk = textOf((await html(`/uk/account/orders/${number}`, cookie)).body, "order-address");
    expect(uk).toContain("Поштове відділення № 10");
    expect(uk).toContain("проспект Навої, 4");

    type Json = { number: string; delivery: { cityId: number; pointId: number; city: string; type: string; address: string } };
    const list = async (lang: string) =>
      ((await (await get(`/api/orders?lang=${lang}&expand=delivery`, cookie)).json()) as Json[]).find((o) => o.number === number)!;
    expect((await list("uz")).delivery).toMatchObject({
      cityId: 3,
      pointId: 17,
      city: "Buxoro",
      type: "Pochta orqali",
      address: expect.stringContaining("Navoiy shoh"),
    });
    expect((await list("ru")).delivery).toMatchObject({ city: "Бухара", type: "Почтой", address: expect.stringContaining("Почтовое отделение № 10") });
    const id = (await env.DB.prepare("SELECT id FROM orders WHERE number = ?").bind(number).first<{ id: number }>())!.id;
    const one = (await (await get(`/api/orders/${id}?lang=ru&expand=delivery`, cookie)).json()) as Json;
    expect(one.delivery.city).toBe("Бухара");
  });

  it("a courier order shows its city in the page's language and its address as typed; an order whose point is gone keeps what it was placed with", async () => {
    const s = await signUp({ firstName: "Nigora" });
    await s.add(buyable(1).sku.id);
    const number = await checkout(s, { cityId: "2", deliveryTypeId: "1", street: "Registon ko\u2018chasi", house: "8" });
    const cookie = { headers: { Cookie: s.cookie! } };
    expect(textOf((await html(`/ru/checkout/done/${number}`, cookie)).body, "order-address")).toMatch(/Самарканд.*Registon ko\u2018chasi, 8/);
    expect(textOf((await html(`/checkout/done/${number}`, cookie)).body, "order-address")).toMatch(/Samarqand.*Registon ko\u2018chasi, 8/);
    // Placed before points had ids in orders, or at a point that has closed since: the address as placed.
    await env.DB.prepare(
      "UPDATE orders SET delivery_type_id = 2, point_id = NULL, address = 'Libos Family Park, Family Park SM, Samarqand, Universitet xiyoboni, 1' WHERE number = ?",
    )
      .bind(number)
      .run();
    const old = textOf((await html(`/ru/account/orders/${number}`, cookie)).body, "order-address");
    expect(old).toContain("Самарканд");
    expect(old).toContain("Libos Family Park, Family Park SM, Samarqand, Universitet xiyoboni, 1");
    await env.DB.prepare("UPDATE orders SET point_id = 999 WHERE number = ?").bind(number).run();
    expect(textOf((await html(`/ru/account/orders/${number}`, cookie)).body, "order-address")).toContain("Universitet xiyoboni, 1");
  });
});

describe("order dates in the page's language", () => {
  it("the history, the account's order page and the confirmation write the date as words of the page's language", async () => {
    const s = await signUp({ firstName: "Nigora" });
    await s.add(buyable(2).sku.id);
    const number = await checkout(s, { cityId: "1", deliveryTypeId: "2", "point-2": "1" });
    // 26 November 2026, 22:30 in Tashkent (UTC+5): still the 26th there.
    await env.DB.prepare("UPDATE orders SET created_at = ? WHERE number = ?")
      .bind(Date.UTC(2026, 10, 26, 17, 30) / 1000, number)
      .run();
    const cookie = { headers: { Cookie: s.cookie! } };
    const history = (await html("/ru/account/orders", cookie)).body;
    expect(textOf(history, "history-order")).toContain("26 ноября 2026");
    expect(history).not.toMatch(/>[^<]*2026-11-26/);
    expect(history).toMatch(/datetime="2026-11-26"/i);
    expect(textOf((await html("/account/orders", cookie)).body, "history-order")).toContain("26-noyabr, 2026");
    expect(textOf((await html(`/uk/account/orders/${number}`, cookie)).body, "order-date")).toBe("26 листопада 2026");
    expect(textOf((await html(`/ru/checkout/done/${number}`, cookie)).body, "order-date")).toBe("26 ноября 2026");
    expect(textOf((await html(`/checkout/done/${number}`, cookie)).body, "order-date")).toBe("26-noyabr, 2026");
  });
});

describe("the checkout's pages", () => {
  /** A product whose name has its brand in it (the demo names all do), with a sale discount. */
  function discounted() {
    const p = catalogue.products.find(
      (x) => x.sale_price > 0 && x.first_price > x.sale_price && !x.in_club && skusOf(x).some((k) => k.stock >= 3) && x.id > 20,
    )!;
    return { p, sku: skusOf(p).find((k) => k.stock >= 3)!, brand: brandOf(p).name };
  }

  it("the steps are numbered once: by their list, not again in their titles", async () => {
    const s = new Shopper();
    await s.add(buyable(3).sku.id);
    const body = (await html("/checkout", { headers: { Cookie: s.cookie! } })).body;
    expect(body).toMatch(/<ol class="checkout__steps">/);
    const titles = [...body.matchAll(/data-testid="step-(\w+)"[^>]*><h2[^>]*>(.*?)<\/h2>/g)].map((m) => decode(m[2]!.replace(/<!--.*?-->/g, "")));
    expect(titles).toEqual(["Aloqa ma'lumotlari", "Yetkazib berish", "To'lov", "Tekshirish va buyurtma"]);
  });

  it("lines name the brand once, on the checkout and on the confirmation", async () => {
    const { sku, brand } = discounted();
    const s = new Shopper();
    await s.add(sku.id);
    const count = (text: string) => text.split(brand).length - 1;
    for (const lang of ["", "/ru"]) {
      const line = textOf((await html(`${lang}/checkout`, { headers: { Cookie: s.cookie! } })).body, "checkout-line");
      expect(count(line), line).toBe(1);
    }
    const number = await checkout(s, { cityId: "1", deliveryTypeId: "2", "point-2": "2" }, "/ru");
    const done = textOf((await html(`/ru/checkout/done/${number}`, { headers: { Cookie: s.cookie! } })).body, "order-line");
    expect(count(done), done).toBe(1);
  });

  it("the last step shows goods, discounts, delivery and total before 'place order', as the cart does", async () => {
    const { p, sku } = discounted();
    const s = new Shopper();
    await s.add(sku.id);
    const steps: Record<string, string>[] = [
      { intent: "contacts", name: "Nigora", phone: "+998 90 711 22 34" },
      { intent: "city", cityId: "1" },
      { intent: "delivery", cityId: "1", deliveryTypeId: "3", "point-3": "10" },
      { intent: "payment", paymentMethod: "cash" },
    ];
    for (const fields of steps) expect((await step(s, fields)).status).toBe(303);
    const body = (await html("/checkout", { headers: { Cookie: s.cookie! } })).body;
    const review = section(body, 'data-testid="review-form"', "</form>");
    const price = (n: number) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ")} so'm`;
    expect(textOf(review, "summary-goods")).toContain(price(p.first_price));
    expect(textOf(review, "summary-discount")).toContain(price(p.first_price - p.sale_price));
    const delivery = p.sale_price >= 800_000 ? "Bepul" : price(20_000);
    expect(textOf(review, "summary-delivery")).toContain(delivery);
    expect(textOf(review, "summary-total")).toContain(price(p.sale_price + (p.sale_price >= 800_000 ? 0 : 20_000)));
    // The summary comes before the button.
    expect(review.indexOf('data-testid="summary-total"')).toBeLessThan(review.indexOf('data-testid="place-order"'));
  });

  it("a store's address and schedule show as soon as it is chosen: its 'show' button keeps the delivery step open with them", async () => {
    const s = new Shopper();
    await s.add(buyable(4).sku.id);
    await step(s, { intent: "contacts", name: "Nigora", phone: "+998 90 711 22 35" });
    await step(s, { intent: "city", cityId: "1" });
    const before = (await html("/checkout", { headers: { Cookie: s.cookie! } })).body;
    // Without JavaScript each store list has its button; with it the details follow the select.
    expect(before).toContain('data-testid="show-point-pickup"');
    const show = await step(s, { intent: "point", cityId: "1", deliveryTypeId: "2", "point-2": "2" });
    expect(show.status).toBe(303);
    expect(show.headers.get("Location")).toBe("/checkout?step=delivery#delivery");
    const body = (await html("/checkout?step=delivery", { headers: { Cookie: s.cookie! } })).body;
    expect(body).toContain('data-testid="delivery-form"');
    const details = textOf(body, "point-details-pickup");
    expect(details).toContain("Toshkent, Bobur ko\u2018chasi, 6");
    expect(details).toContain("Har kuni 10:00–22:00");
    // In Russian, the store's details in Russian.
    const ru = textOf((await html("/ru/checkout?step=delivery", { headers: { Cookie: s.cookie! } })).body, "point-details-pickup");
    expect(ru).toContain("Ежедневно 10:00–22:00");
    expect(ru).toContain("Ташкент, улица Бабура, 6");
    // The same button pressed for a courier address (Enter in its fields submits with the first button): the step is saved and the checkout goes on.
    const courier = await step(s, { intent: "point", cityId: "1", deliveryTypeId: "1", street: "Bobur", house: "7" });
    expect(courier.headers.get("Location")).toBe("/checkout");
    // No store chosen: the step says so.
    expect((await step(s, { intent: "point", cityId: "1", deliveryTypeId: "2" })).status).toBe(422);
  });
});
