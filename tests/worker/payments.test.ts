import { createHash } from "node:crypto";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formatTime } from "~/i18n/format";
import { expireUnpaidOrders, unpaidMinutes } from "~/orders/index.server";
import { get, ORIGIN, post } from "./helpers";
import { buyable, ip, order, Shopper, signUp, stockOf } from "./fixtures";

// The test configuration (vitest.config.ts): Click's service 4242, its secret "test-click-secret".
const SERVICE = "4242";
const SECRET = "test-click-secret";

type Placed = { id: number; number: string; status: string; totals: { total: number }; payment: { method: string; paid: boolean; url: string | null } };

async function placeOnline(offset: number, key: string, quantity = 1): Promise<{ placed: Placed; skuId: number; shopper: Shopper }> {
  const shopper = new Shopper();
  const { sku } = buyable(offset);
  await shopper.add(sku.id, quantity);
  const res = await shopper.place(order(key, { paymentMethod: "online" }));
  expect(res.status).toBe(201);
  return { placed: ((await res.json()) as { order: Placed }).order, skuId: sku.id, shopper };
}

let trans = 9_000_000;

/** Click's callback as Click signs it: md5(click_trans_id service_id secret merchant_trans_id [merchant_prepare_id] amount action sign_time). */
function callback(action: "0" | "1", fields: { number: string; amount: string; transId: string; prepareId?: string; error?: string }, secret = SECRET) {
  const body: Record<string, string> = {
    click_trans_id: fields.transId,
    service_id: SERVICE,
    click_paydoc_id: "555",
    merchant_trans_id: fields.number,
    amount: fields.amount,
    action,
    error: fields.error ?? "0",
    error_note: "",
    sign_time: "2026-11-24 12:00:00",
  };
  if (action === "1") body.merchant_prepare_id = fields.prepareId ?? "";
  const signed = `${body.click_trans_id}${SERVICE}${secret}${body.merchant_trans_id}${action === "1" ? body.merchant_prepare_id : ""}${body.amount}${action}${body.sign_time}`;
  body.sign_string = createHash("md5").update(signed).digest("hex");
  return body;
}

type Answer = { error: number; error_note: string; merchant_prepare_id?: number; merchant_confirm_id?: number };

async function click(path: "prepare" | "complete", body: Record<string, string>): Promise<{ status: number; answer: Answer }> {
  // Click's servers: no browser headers, no cookie.
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/api/payment/click/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body),
    }),
  );
  return { status: res.status, answer: (await res.json()) as Answer };
}

async function prepare(placed: Placed, transId = String(++trans)) {
  const { answer } = await click("prepare", callback("0", { number: placed.number, amount: placed.totals.total.toFixed(2), transId }));
  expect(answer.error).toBe(0);
  return { transId, prepareId: String(answer.merchant_prepare_id) };
}

const orderRow = (number: string) =>
  env.DB.prepare("SELECT status, paid_at AS paidAt FROM orders WHERE number = ?").bind(number).first<{ status: string; paidAt: number | null }>();
const paymentRows = (number: string) =>
  env.DB.prepare("SELECT state FROM payments WHERE order_id = (SELECT id FROM orders WHERE number = ?) ORDER BY id")
    .bind(number)
    .all<{ state: string }>()
    .then((r) => r.results.map((p) => p.state));

describe("online payment (Click)", () => {
  it("an online order waits for payment and names Click's page with its number, amount and the way back", async () => {
    const { placed } = await placeOnline(0, "online-url-0001");
    expect(placed.payment).toMatchObject({ method: "online", paid: false });
    const url = new URL(placed.payment.url!);
    expect(url.origin + url.pathname).toBe("https://my.click.uz/services/pay");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      service_id: SERVICE,
      merchant_id: "77",
      amount: placed.totals.total.toFixed(2),
      transaction_param: placed.number,
      // From the configured origin, in the order's language.
      return_url: `${ORIGIN}/ru/checkout/done/${placed.number}`,
    });
  });

  it("Prepare then Complete marks the order paid once; a repeated Complete answers 'already paid' and changes nothing", async () => {
    const { placed } = await placeOnline(1, "online-pay-0001");
    const { transId, prepareId } = await prepare(placed);
    const complete = callback("1", { number: placed.number, amount: placed.totals.total.toFixed(2), transId, prepareId });
    const first = await click("complete", complete);
    expect(first).toEqual({ status: 200, answer: expect.objectContaining({ error: 0, merchant_confirm_id: Number(prepareId) }) });
    const paid = await orderRow(placed.number);
    expect(paid).toMatchObject({ status: "paid", paidAt: expect.any(Number) });
    const again = await click("complete", complete);
    expect(again.answer.error).toBe(-4);
    expect(await orderRow(placed.number)).toEqual(paid);
    expect(await paymentRows(placed.number)).toEqual(["paid"]);
    // A new Prepare for a paid order is refused too.
    const late = await click("prepare", callback("0", { number: placed.number, amount: placed.totals.total.toFixed(2), transId: String(++trans) }));
    expect(late.answer.error).toBe(-4);
  });

  it("parallel Completes of one transaction: one success, the other 'already paid'", async () => {
    const { placed } = await placeOnline(2, "online-race-0001");
    const { transId, prepareId } = await prepare(placed);
    const complete = callback("1", { number: placed.number, amount: placed.totals.total.toFixed(2), transId, prepareId });
    const answers = await Promise.all([click("complete", complete), click("complete", complete), click("complete", complete)]);
    expect(answers.map((a) => a.answer.error).sort()).toEqual([-4, -4, 0]);
    expect(await paymentRows(placed.number)).toEqual(["paid"]);
  });

  it("two transactions of one order completing at once: paid once, the other cancelled (Click returns the money)", async () => {
    const { placed } = await placeOnline(3, "online-twice-0001");
    const a = await prepare(placed);
    const b = await prepare(placed);
    const amount = placed.totals.total.toFixed(2);
    const answers = await Promise.all([
      click("complete", callback("1", { number: placed.number, amount, ...a })),
      click("complete", callback("1", { number: placed.number, amount, ...b })),
    ]);
    expect(answers.map((x) => x.answer.error).sort()).toEqual([-9, 0]);
    expect((await paymentRows(placed.number)).sort()).toEqual(["cancelled", "paid"]);
    expect((await orderRow(placed.number))!.status).toBe("paid");
  });

  it("a wrong signature is refused (403, -1) and writes nothing", async () => {
    const { placed } = await placeOnline(4, "online-sign-0001");
    const forged = callback("0", { number: placed.number, amount: placed.totals.total.toFixed(2), transId: String(++trans) }, "not-the-secret");
    const res = await click("prepare", forged);
    expect(res).toEqual({ status: 403, answer: expect.objectContaining({ error: -1 }) });
    expect(await paymentRows(placed.number)).toEqual([]);
    // A genuine Prepare, then a Complete whose fields were changed after signing.
    const { transId, prepareId } = await prepare(placed);
    const complete = callback("1", { number: placed.number, amount: placed.totals.total.toFixed(2), transId, prepareId });
    const tampered = await click("complete", { ...complete, error: "0", amount: "1.00" });
    expect(tampered.answer.error).toBe(-1);
    expect(await orderRow(placed.number)).toMatchObject({ status: "new", paidAt: null });
  });

  it("a wrong amount, an unknown order, a cash order, a mismatched action and a malformed body are refused", async () => {
    const { placed } = await placeOnline(5, "online-refuse-0001");
    const cheaper = (placed.totals.total - 1000).toFixed(2);
    expect((await click("prepare", callback("0", { number: placed.number, amount: cheaper, transId: String(++trans) }))).answer.error).toBe(-2);
    expect((await click("prepare", callback("0", { number: "ZZZZ-ZZZZ", amount: "1000.00", transId: String(++trans) }))).answer.error).toBe(-5);
    // Prepare's fields posted to Complete's URL.
    expect((await click("complete", callback("0", { number: placed.number, amount: "1.00", transId: String(++trans) }))).answer.error).toBe(-3);
    const malformed = await click("prepare", { click_trans_id: "1", action: "0" });
    expect(malformed).toEqual({ status: 400, answer: expect.objectContaining({ error: -8 }) });
    const cash = new Shopper();
    await cash.add(buyable(6).sku.id);
    const cashOrder = ((await (await cash.place(order("cash-order-0001"))).json()) as { order: Placed }).order;
    expect(cashOrder.payment.url).toBeNull();
    const total = cashOrder.totals.total.toFixed(2);
    expect((await click("prepare", callback("0", { number: cashOrder.number, amount: total, transId: String(++trans) }))).answer.error).toBe(-5);
    expect(await paymentRows(placed.number)).toEqual([]);
    // Other methods: 405 with Allow.
    const wrong = await get("/api/payment/click/prepare");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("POST");
  });

  it("a declined payment cancels its transaction; the order waits and a second transaction pays it", async () => {
    const { placed } = await placeOnline(7, "online-decline-0001");
    const amount = placed.totals.total.toFixed(2);
    const first = await prepare(placed);
    const declined = await click("complete", callback("1", { number: placed.number, amount, ...first, error: "-5017" }));
    expect(declined.answer.error).toBe(-9);
    expect(await orderRow(placed.number)).toMatchObject({ status: "new", paidAt: null });
    // Click repeats the failed Complete: still cancelled.
    expect((await click("complete", callback("1", { number: placed.number, amount, ...first, error: "-5017" }))).answer.error).toBe(-9);
    const second = await prepare(placed);
    expect((await click("complete", callback("1", { number: placed.number, amount, ...second }))).answer.error).toBe(0);
    expect(await paymentRows(placed.number)).toEqual(["cancelled", "paid"]);
  });

  it("an unpaid online order expires: its stock comes back once, and Click can no longer pay it", async () => {
    const { placed, skuId } = await placeOnline(8, "online-expire-0001", 2);
    const before = await stockOf(skuId);
    const { transId, prepareId } = await prepare(placed);
    const later = Math.floor(Date.now() / 1000) + 61 * 60;
    // Two runs of the job (or a run and a cancel) give the stock back once.
    const [n1, n2] = await Promise.all([expireUnpaidOrders(env.DB, 60, later), expireUnpaidOrders(env.DB, 60, later)]);
    expect(n1 + n2).toBeGreaterThanOrEqual(1);
    expect(await stockOf(skuId)).toBe(before + 2);
    expect((await orderRow(placed.number))!.status).toBe("cancelled");
    const complete = await click("complete", callback("1", { number: placed.number, amount: placed.totals.total.toFixed(2), transId, prepareId }));
    expect(complete.answer.error).toBe(-9);
    expect((await orderRow(placed.number))!.paidAt).toBeNull();
  });

  it("an order whose payment Click prepared in the last minutes waits for it to complete", async () => {
    const { placed, skuId } = await placeOnline(13, "online-paying-0001");
    const { transId, prepareId } = await prepare(placed);
    const later = Math.floor(Date.now() / 1000) + 61 * 60;
    // The shopper started paying two minutes before the job runs.
    await env.DB.prepare("UPDATE payments SET created_at = ? WHERE order_id = (SELECT id FROM orders WHERE number = ?)")
      .bind(later - 120, placed.number)
      .run();
    const before = await stockOf(skuId);
    expect(await expireUnpaidOrders(env.DB, 60, later)).toBe(0);
    expect(await stockOf(skuId)).toBe(before);
    const complete = await click("complete", callback("1", { number: placed.number, amount: placed.totals.total.toFixed(2), transId, prepareId }));
    expect(complete.answer.error).toBe(0);
    expect((await orderRow(placed.number))!.status).toBe("paid");
  });

  it("a paid order does not expire", async () => {
    const { placed, skuId } = await placeOnline(9, "online-kept-0001");
    const { transId, prepareId } = await prepare(placed);
    await click("complete", callback("1", { number: placed.number, amount: placed.totals.total.toFixed(2), transId, prepareId }));
    const before = await stockOf(skuId);
    await expireUnpaidOrders(env.DB, 60, Math.floor(Date.now() / 1000) + 24 * 3600);
    expect((await orderRow(placed.number))!.status).toBe("paid");
    expect(await stockOf(skuId)).toBe(before);
  });
});

describe("the stand-in of Click's page (/dev/pay/click)", () => {
  it("'pay' makes Click's signed calls through the Worker and returns the shopper to the paid order", async () => {
    const { placed, shopper } = await placeOnline(10, "stand-in-pay-0001");
    const url = new URL(placed.payment.url!);
    const res = await post(
      "/dev/pay/click",
      { outcome: "pay-twice", transaction_param: placed.number, amount: url.searchParams.get("amount")!, return_url: url.searchParams.get("return_url")! },
      { headers: ip() },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/ru/checkout/done/${placed.number}`);
    expect(await paymentRows(placed.number)).toEqual(["paid"]);
    const page = await get(`/ru/checkout/done/${placed.number}`, { headers: { Cookie: shopper.cookie! } });
    expect(await page.text()).toContain('data-paid="true"');
  });

  it("'bad-signature' and 'decline' leave the order unpaid with its 'pay' link; a foreign return_url is not followed", async () => {
    const { placed, shopper } = await placeOnline(11, "stand-in-bad-0001");
    const amount = placed.totals.total.toFixed(2);
    // Another site, or the shop's own origin with a path that browsers read as another host.
    for (const [outcome, back] of [
      ["bad-signature", "https://evil.example/"],
      ["decline", `${ORIGIN}//evil.example/x`],
    ]) {
      const res = await post("/dev/pay/click", { outcome: outcome!, transaction_param: placed.number, amount, return_url: back! }, { headers: ip() });
      expect(res.headers.get("Location"), back).toBe("/");
    }
    expect(await paymentRows(placed.number)).toEqual(["cancelled"]);
    const page = await (await get(`/ru/checkout/done/${placed.number}`, { headers: { Cookie: shopper.cookie! } })).text();
    expect(page).toContain('data-paid="false"');
    expect(page).toContain("https://my.click.uz/services/pay?service_id=4242");
  });
});

describe("a payment that did not go through", () => {
  const page = async (path: string, cookie: string) => (await get(path, { headers: { Cookie: cookie } })).text();
  const methodOf = async (number: string) =>
    (await env.DB.prepare("SELECT payment_method AS m FROM orders WHERE number = ?").bind(number).first<{ m: string }>())!.m;
  const standIn = (placed: Placed, outcome: string) =>
    post(
      "/dev/pay/click",
      { outcome, transaction_param: placed.number, amount: placed.totals.total.toFixed(2), return_url: `${ORIGIN}/ru/checkout/done/${placed.number}` },
      { headers: ip() },
    );

  it("declined: the order page says so and offers to pay again or on delivery; card on delivery it is, and Click can no longer take money for it", async () => {
    const { placed, shopper } = await placeOnline(14, "failed-decline-0001");
    expect((await standIn(placed, "decline")).status).toBe(303);
    const failed = await page(`/ru/checkout/done/${placed.number}`, shopper.cookie!);
    expect(failed).toContain('data-state="failed"');
    expect(failed).toContain("Оплата не прошла");
    expect(failed).toContain('data-testid="pay-now"');
    // Until when the order holds its goods, as Tashkent's time of day.
    const created = (await env.DB.prepare("SELECT created_at AS c FROM orders WHERE number = ?").bind(placed.number).first<{ c: number }>())!.c;
    expect(failed).toContain(`data-testid="pay-until">Оплатите до ${formatTime(created + unpaidMinutes(env) * 60)} по Ташкенту.<`);
    // The courier takes cash and card.
    expect(failed).toContain('data-testid="pay-on-delivery"');
    expect(failed).toContain('data-testid="switch-cash"');
    expect(failed).toContain('data-testid="switch-card"');
    const res = await post(
      `/ru/checkout/done/${placed.number}`,
      { intent: "pay-on-delivery", paymentMethod: "card" },
      { cookie: shopper.cookie, headers: ip() },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/ru/checkout/done/${placed.number}`);
    expect(await methodOf(placed.number)).toBe("card");
    const after = await page(`/ru/checkout/done/${placed.number}`, shopper.cookie!);
    expect(after).not.toContain('data-state="failed"');
    expect(after).not.toContain('data-testid="pay-now"');
    expect(after).toMatch(/data-testid="order-payment">Картой при получении</);
    const late = await click("prepare", callback("0", { number: placed.number, amount: placed.totals.total.toFixed(2), transId: String(++trans) }));
    expect(late.answer.error).toBe(-5);
    // Once is enough: the order is no longer waiting for an online payment.
    const again = await post(
      `/ru/checkout/done/${placed.number}`,
      { intent: "pay-on-delivery", paymentMethod: "cash" },
      { cookie: shopper.cookie, headers: ip() },
    );
    expect(again.status).toBe(409);
    expect(await methodOf(placed.number)).toBe("card");
  });

  it("cancelled on Click's page (Click calls nothing): back at the order, the payment did not go through", async () => {
    const { placed, shopper } = await placeOnline(15, "failed-cancel-0001");
    const back = await standIn(placed, "cancel");
    expect(back.headers.get("Location")).toBe(`/ru/checkout/done/${placed.number}`);
    expect(await paymentRows(placed.number)).toEqual([]);
    const failed = await page(back.headers.get("Location")!, shopper.cookie!);
    expect(failed).toContain('data-state="failed"');
    expect(failed).toContain('data-testid="pay-now"');
    expect(failed).toContain('data-testid="pay-on-delivery"');
  });

  it("while Click completes a payment the page waits for it and offers no other way; strangers, card where the type takes none, and paid orders are refused", async () => {
    const { placed, shopper } = await placeOnline(16, "failed-paying-0001");
    const { transId, prepareId } = await prepare(placed);
    const paying = await page(`/ru/checkout/done/${placed.number}`, shopper.cookie!);
    expect(paying).toContain('data-state="paying"');
    expect(paying).not.toContain('data-testid="pay-on-delivery"');
    const during = await post(
      `/ru/checkout/done/${placed.number}`,
      { intent: "pay-on-delivery", paymentMethod: "cash" },
      { cookie: shopper.cookie, headers: ip() },
    );
    expect(during.status).toBe(409);
    // Someone else's session: no such order.
    expect((await post(`/ru/checkout/done/${placed.number}`, { intent: "pay-on-delivery", paymentMethod: "cash" }, { headers: ip() })).status).toBe(404);
    await click("complete", callback("1", { number: placed.number, amount: placed.totals.total.toFixed(2), transId, prepareId }));
    const paid = await post(
      `/ru/checkout/done/${placed.number}`,
      { intent: "pay-on-delivery", paymentMethod: "cash" },
      { cookie: shopper.cookie, headers: ip() },
    );
    expect(paid.status).toBe(409);
    expect(await methodOf(placed.number)).toBe("online");

    // Pickup takes no card on delivery: only cash is offered, card is refused.
    const pickup = new Shopper();
    await pickup.add(buyable(17).sku.id);
    const res = await pickup.place(order("failed-pickup-0001", { paymentMethod: "online", deliveryTypeId: 2, storeId: 2, street: "", house: "" }));
    const store = ((await res.json()) as { order: Placed }).order;
    await standIn(store, "decline");
    const offer = await page(`/ru/checkout/done/${store.number}`, pickup.cookie!);
    expect(offer).toContain('data-testid="switch-cash"');
    expect(offer).not.toContain('data-testid="switch-card"');
    const card = await post(
      `/ru/checkout/done/${store.number}`,
      { intent: "pay-on-delivery", paymentMethod: "card" },
      { cookie: pickup.cookie, headers: ip() },
    );
    expect(card.status).toBe(422);
    expect(await card.text()).toContain("Выберите способ оплаты.");
    expect(await methodOf(store.number)).toBe("online");
  });

  it("the account's order page offers the same", async () => {
    const s = await signUp();
    await s.add(buyable(18).sku.id);
    const placed = ((await (await s.place(order("failed-account-0001", { paymentMethod: "online" }))).json()) as { order: Placed }).order;
    await standIn(placed, "decline");
    const failed = await page(`/account/orders/${placed.number}`, s.cookie);
    expect(failed).toContain('data-state="failed"');
    expect(failed).toContain('data-testid="pay-on-delivery"');
    const res = await post(`/account/orders/${placed.number}`, { intent: "pay-on-delivery", paymentMethod: "cash" }, { cookie: s.cookie, headers: ip() });
    expect(res.status).toBe(303);
    expect(await methodOf(placed.number)).toBe("cash");
  });
});
