import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expireUnpaidOrders, PAYME_TIMEOUT_MS, paymeCall } from "~/orders/index.server";
import { get, ORIGIN, post } from "./helpers";
import { buyable, ops, opsKey, order, Shopper, signUp, stockOf } from "./fixtures";

// The test configuration (vitest.config.ts): Payme's cash register and key.
const MERCHANT = "5e730e8e0b852a417aa49ceb";
const AUTH = `Basic ${btoa("Paycom:test-payme-key")}`;

type Placed = {
  id: number;
  number: string;
  status: string;
  totals: { total: number };
  payment: { method: string; provider: string; paid: boolean; url: string | null };
};
type Rpc = {
  result?: Record<string, unknown> & { detail?: { items: Item[] } };
  error?: { code: number; message: { ru: string; uz: string; en: string }; data?: string };
  id: unknown;
};
type Item = { title: string; price: number; count: number; discount: number; code: string; package_code: string; vat_percent: number };

async function placePayme(offset: number, key: string, quantity = 1): Promise<{ placed: Placed; skuId: number; shopper: Shopper }> {
  const shopper = new Shopper();
  const { sku } = buyable(offset);
  await shopper.add(sku.id, quantity);
  const res = await shopper.place(order(key, { paymentMethod: "payme" }));
  expect(res.status).toBe(201);
  return { placed: ((await res.json()) as { order: Placed }).order, skuId: sku.id, shopper };
}

let rpcId = 0;
/** A call as Payme's servers make it: JSON-RPC, Basic auth, no cookie, no browser headers. */
async function payme(method: string, params: Record<string, unknown>, auth: string | null = AUTH): Promise<Rpc> {
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/api/payment/payme`, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=UTF-8", ...(auth ? { Authorization: auth } : {}) },
      body: JSON.stringify({ method, params, id: ++rpcId }),
    }),
  );
  // Payme's protocol: every answer is HTTP 200, the outcome in the body.
  expect(res.status).toBe(200);
  return (await res.json()) as Rpc;
}

let transSeq = 0;
const newTrans = () => `5305e3bab097f420a62c${String(++transSeq).padStart(4, "0")}`;
const tiyin = (p: Placed) => p.totals.total * 100;
const account = (p: Placed) => ({ order_id: p.number });

async function create(p: Placed, trans = newTrans(), time = Date.now()) {
  const answer = await payme("CreateTransaction", { id: trans, time, amount: tiyin(p), account: account(p) });
  return { trans, answer };
}

async function pay(p: Placed) {
  const { trans, answer } = await create(p);
  expect(answer.result).toMatchObject({ state: 1 });
  const performed = await payme("PerformTransaction", { id: trans });
  expect(performed.result).toMatchObject({ state: 2 });
  return trans;
}

const orderRow = (number: string) =>
  env.DB.prepare("SELECT id, status, stage, paid_at AS paidAt FROM orders WHERE number = ?")
    .bind(number)
    .first<{ id: number; status: string; stage: string | null; paidAt: number | null }>();
const refundRows = (number: string) =>
  env.DB.prepare("SELECT state, amount, attempts, last_error AS lastError FROM refunds WHERE order_id = (SELECT id FROM orders WHERE number = ?)")
    .bind(number)
    .all<{ state: string; amount: number; attempts: number; lastError: string | null }>()
    .then((r) => r.results);
describe("Payme's Merchant API", () => {
  it("an order to pay with Payme names Payme's checkout with the cash register, the order, the amount in tiyin, the language and the way back", async () => {
    const { placed } = await placePayme(0, "payme-url-0001");
    expect(placed.payment).toMatchObject({ method: "online", provider: "payme", paid: false });
    const url = new URL(placed.payment.url!);
    expect(url.origin).toBe("https://checkout.paycom.uz");
    expect(atob(url.pathname.slice(1))).toBe(
      `m=${MERCHANT};ac.order_id=${placed.number};a=${tiyin(placed)};l=ru;c=${ORIGIN}/ru/checkout/done/${placed.number}`,
    );
  });

  it("refuses a call without Payme's key (-32504), a body that is not JSON (-32700), an unknown method (-32601) and wrong parameters (-32600), writing nothing", async () => {
    const { placed } = await placePayme(1, "payme-auth-0001");
    const trans = newTrans();
    const params = { id: trans, time: Date.now(), amount: tiyin(placed), account: account(placed) };
    expect((await payme("CreateTransaction", params, null)).error?.code).toBe(-32504);
    expect((await payme("CreateTransaction", params, `Basic ${btoa("Paycom:guessed")}`)).error?.code).toBe(-32504);
    expect((await payme("CreateTransaction", params, `Basic ${btoa("Other:test-payme-key")}`)).error?.code).toBe(-32504);
    const bad = await exports.default.fetch(
      new Request(`${ORIGIN}/api/payment/payme`, { method: "POST", headers: { Authorization: AUTH }, body: "{not json" }),
    );
    expect(await bad.json()).toMatchObject({ error: { code: -32700 }, id: null });
    const unknown = await payme("ChargeTwice", {});
    expect(unknown.error).toMatchObject({ code: -32601, data: "ChargeTwice" });
    expect(unknown.error!.message).toEqual({ ru: expect.any(String), uz: expect.any(String), en: expect.any(String) });
    // A wrong amount or account is named as Payme names it; other wrong parameters are -32600.
    expect((await payme("CreateTransaction", { ...params, amount: "lots" })).error?.code).toBe(-31001);
    expect((await payme("CheckPerformTransaction", { amount: tiyin(placed), account: {} })).error).toMatchObject({ code: -31050, data: "order_id" });
    expect((await payme("CreateTransaction", { ...params, id: 42 })).error?.code).toBe(-32600);
    expect((await payme("PerformTransaction", {})).error?.code).toBe(-32600);
    expect((await payme("CheckTransaction", { id: trans })).error?.code).toBe(-31003);
    // GET is not Payme's: 405 with Allow.
    const wrongMethod = await get("/api/payment/payme");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("Allow")).toBe("POST");
  });

  it("CheckPerformTransaction allows the order's amount with the receipt's lines (codes, package, VAT) adding up to it; a wrong amount, an unknown order and another provider's order are refused", async () => {
    const { placed } = await placePayme(2, "payme-check-0001", 2);
    const checked = await payme("CheckPerformTransaction", { amount: tiyin(placed), account: account(placed) });
    expect(checked.result).toMatchObject({ allow: true, detail: { receipt_type: 0 } });
    const items = checked.result!.detail!.items;
    expect(items[0]).toMatchObject({ count: 2, code: expect.stringMatching(/^\d{17}$/), package_code: expect.stringMatching(/^\d+$/), vat_percent: 12 });
    // The delivery is a line of its own, with its code, when it costs anything.
    expect(items.reduce((s, i) => s + i.price * i.count - i.discount, 0)).toBe(tiyin(placed));
    expect((await payme("CheckPerformTransaction", { amount: tiyin(placed) + 100, account: account(placed) })).error?.code).toBe(-31001);
    const missing = await payme("CheckPerformTransaction", { amount: tiyin(placed), account: { order_id: "ZZZZ-ZZZZ" } });
    expect(missing.error).toMatchObject({
      code: -31050,
      data: "order_id",
      message: { ru: "Неверный код заказа.", uz: "Harid kodida xatolik.", en: "Incorrect order code." },
    });
    const click = new Shopper();
    await click.add(buyable(3).sku.id, 1);
    const clickOrder = ((await (await click.place(order("payme-click-0001", { paymentMethod: "click" }))).json()) as { order: Placed }).order;
    expect(clickOrder.payment.provider).toBe("click");
    expect((await payme("CheckPerformTransaction", { amount: tiyin(clickOrder), account: account(clickOrder) })).error?.code).toBe(-31050);
  });

  it("Create then Perform pays the order once; repeated calls answer as the first did; CheckTransaction and GetStatement tell it", async () => {
    const { placed } = await placePayme(4, "payme-pay-0001");
    const time = Date.now();
    const { trans, answer: created } = await create(placed, newTrans(), time);
    expect(created.result).toEqual({ create_time: expect.any(Number), transaction: expect.any(String), state: 1, receivers: null });
    expect((await create(placed, trans, time)).answer.result).toEqual(created.result);
    const performed = await payme("PerformTransaction", { id: trans });
    expect(performed.result).toEqual({ transaction: created.result!.transaction, perform_time: expect.any(Number), state: 2 });
    expect(await payme("PerformTransaction", { id: trans })).toMatchObject({ result: performed.result });
    expect(await orderRow(placed.number)).toMatchObject({ status: "paid", paidAt: expect.any(Number) });
    // A paid transaction cannot be created again, nor the order paid by another.
    expect((await create(placed, trans, time)).answer.error?.code).toBe(-31008);
    expect((await create(placed)).answer.error?.code).toBe(-31008);
    expect((await payme("CheckPerformTransaction", { amount: tiyin(placed), account: account(placed) })).error?.code).toBe(-31008);
    const state = await payme("CheckTransaction", { id: trans });
    expect(state.result).toEqual({
      create_time: created.result!.create_time,
      perform_time: performed.result!.perform_time,
      cancel_time: 0,
      transaction: created.result!.transaction,
      state: 2,
      reason: null,
    });
    const statement = await payme("GetStatement", { from: time - 1, to: time + 1 });
    expect(statement.result!.transactions).toEqual([
      { id: trans, time, amount: tiyin(placed), account: { order_id: placed.number }, ...state.result, receivers: null },
    ]);
    expect((await payme("GetStatement", { from: time + 1, to: time + 1000 })).result).toEqual({ transactions: [] });
  });

  it("two transactions for one order created at once: one is made, the other refused (-31008); the order is paid once", async () => {
    const { placed } = await placePayme(5, "payme-race-0001");
    const answers = await Promise.all([create(placed), create(placed), create(placed)]);
    const made = answers.filter((a) => a.answer.result);
    expect(made).toHaveLength(1);
    expect(answers.filter((a) => a.answer.error?.code === -31008)).toHaveLength(2);
    const performs = await Promise.all([payme("PerformTransaction", { id: made[0]!.trans }), payme("PerformTransaction", { id: made[0]!.trans })]);
    expect(performs.map((p) => p.result?.perform_time)).toEqual([performs[0]!.result!.perform_time, performs[0]!.result!.perform_time]);
    const { results } = await env.DB.prepare("SELECT state FROM payments WHERE order_id = ?").bind(placed.id).all<{ state: string }>();
    expect(results.map((r) => r.state)).toEqual(["paid"]);
  });

  it("a transaction cancelled before it was performed (-1) changes nothing for the order; a repeated cancel answers the same; a new one pays it", async () => {
    const { placed } = await placePayme(6, "payme-cancel-0001");
    const { trans } = await create(placed);
    const cancelled = await payme("CancelTransaction", { id: trans, reason: 2 });
    expect(cancelled.result).toEqual({ transaction: expect.any(String), cancel_time: expect.any(Number), state: -1 });
    expect(await payme("CancelTransaction", { id: trans, reason: 2 })).toMatchObject({ result: cancelled.result });
    expect((await payme("PerformTransaction", { id: trans })).error?.code).toBe(-31008);
    expect((await payme("CheckTransaction", { id: trans })).result).toMatchObject({ state: -1, reason: 2, perform_time: 0 });
    expect((await orderRow(placed.number))!.status).toBe("new");
    await pay(placed);
    expect((await orderRow(placed.number))!.status).toBe("paid");
  });

  it("a cancelled order cannot be paid; a transaction past Payme's 12 hours is cancelled (reason 4) and its order lapses, the stock back once", async () => {
    const { placed: gone } = await placePayme(7, "payme-gone-0001");
    const { trans: before } = await create(gone);
    await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").bind(gone.id).run();
    expect((await payme("PerformTransaction", { id: before })).error?.code).toBe(-31008);
    expect((await create(gone)).answer.error?.code).toBe(-31008);

    const { placed, skuId } = await placePayme(8, "payme-late-0001");
    const stock = await stockOf(skuId);
    const time = Date.now();
    const { trans } = await create(placed, newTrans(), time);
    const perform = JSON.stringify({ method: "PerformTransaction", params: { id: trans }, id: 1 });
    const late = await paymeCall(env, perform, AUTH, time + PAYME_TIMEOUT_MS + 1);
    expect(late).toMatchObject({ error: { code: -31008 } });
    expect((await payme("CheckTransaction", { id: trans })).result).toMatchObject({ state: -1, reason: 4 });
    expect((await orderRow(placed.number))!.status).toBe("cancelled");
    expect(await stockOf(skuId)).toBe(stock + 1);
    await paymeCall(env, perform, AUTH, time + PAYME_TIMEOUT_MS + 2);
    expect(await stockOf(skuId)).toBe(stock + 1);
  });

  it("Payme cancels a paid transaction (an operator's refund in its cabinet): the order is cancelled, its stock back, the refund recorded; a shipped order refuses (-31007)", async () => {
    const { placed, skuId } = await placePayme(9, "payme-cabinet-0001");
    const trans = await pay(placed);
    const stock = await stockOf(skuId);
    const refunded = await payme("CancelTransaction", { id: trans, reason: 5 });
    expect(refunded.result).toMatchObject({ state: -2, cancel_time: expect.any(Number) });
    expect(await payme("CancelTransaction", { id: trans, reason: 5 })).toMatchObject({ result: refunded.result });
    expect(await orderRow(placed.number)).toMatchObject({ status: "cancelled", stage: "cancelled" });
    expect(await stockOf(skuId)).toBe(stock + 1);
    expect(await refundRows(placed.number)).toEqual([{ state: "refunded", amount: placed.totals.total, attempts: 0, lastError: null }]);

    const { placed: shipped } = await placePayme(10, "payme-shipped-0001");
    const paid = await pay(shipped);
    await env.DB.prepare("UPDATE orders SET stage = 'shipped', status = 'handed' WHERE id = ?").bind(shipped.id).run();
    expect((await payme("CancelTransaction", { id: paid, reason: 5 })).error?.code).toBe(-31007);
    expect((await payme("CheckTransaction", { id: paid })).result).toMatchObject({ state: 2 });
  });
});

describe("every end of a Payme order closes its transaction", () => {
  const transactionOf = (trans: string) => payme("CheckTransaction", { id: trans });

  it("the shop's cancel, the shopper's cancel and the unpaid lapse each move an open transaction to -1 with their reason: CheckTransaction, GetStatement and a late Perform agree", async () => {
    const key = await opsKey(["orders:write"]);
    // The shop's cancel (operations API): reason 3.
    const { placed: byShop } = await placePayme(11, "payme-end-shop");
    const { trans: shopTrans } = await create(byShop);
    expect((await ops(`/api/ops/orders/${byShop.id}/status`, key, { body: { status: "cancelled" } })).status).toBe(200);
    expect((await transactionOf(shopTrans)).result).toMatchObject({ state: -1, reason: 3, cancel_time: expect.any(Number) });
    expect((await payme("PerformTransaction", { id: shopTrans })).error?.code).toBe(-31008);
    const time = (await env.DB.prepare("SELECT provider_time AS t FROM payments WHERE provider_trans_id = ?").bind(shopTrans).first<{ t: number }>())!.t;
    const statement = await payme("GetStatement", { from: time, to: time });
    expect((statement.result as { transactions: { id: string; state: number }[] }).transactions.find((t) => t.id === shopTrans)).toMatchObject({ state: -1 });
    // The shopper's own cancel (their account's order page): reason 3.
    const member = await signUp();
    await member.add(buyable(12).sku.id, 1);
    const mine = ((await (await member.place(order("payme-end-mine", { paymentMethod: "payme" }))).json()) as { order: Placed }).order;
    const { trans: mineTrans } = await create(mine);
    const cancelled = await post(`/account/orders/${mine.number}`, { intent: "cancel" }, { cookie: member.cookie });
    expect(cancelled.status).toBe(200);
    expect((await transactionOf(mineTrans)).result).toMatchObject({ state: -1, reason: 3 });
    // The unpaid lapse: reason 4, once Payme's own 12 hours have passed.
    const { placed: lapsed } = await placePayme(13, "payme-end-lapse");
    const { trans: lapseTrans } = await create(lapsed, newTrans(), Date.now() - PAYME_TIMEOUT_MS - 60_000);
    await env.DB.prepare("UPDATE orders SET created_at = created_at - 7200 WHERE id = ?").bind(lapsed.id).run();
    await env.DB.prepare("UPDATE payments SET created_at = created_at - 7200 WHERE provider_trans_id = ?").bind(lapseTrans).run();
    expect(await expireUnpaidOrders(env.DB, 60)).toBeGreaterThanOrEqual(1);
    expect((await transactionOf(lapseTrans)).result).toMatchObject({ state: -1, reason: 4 });
    expect((await payme("PerformTransaction", { id: lapseTrans })).error?.code).toBe(-31008);
  });

  it("the unpaid lapse waits for a Payme transaction under way for as long as Payme may still perform it (12 hours), and the shopper pays late", async () => {
    const { placed } = await placePayme(14, "payme-late-pay");
    const { trans } = await create(placed, newTrans(), Date.now() - 30 * 60_000);
    // Placed two hours ago, its transaction created 30 minutes ago (past Click's 15-minute grace).
    await env.DB.prepare("UPDATE orders SET created_at = created_at - 7200 WHERE id = ?").bind(placed.id).run();
    await env.DB.prepare("UPDATE payments SET created_at = created_at - 1800 WHERE provider_trans_id = ?").bind(trans).run();
    await expireUnpaidOrders(env.DB, 60);
    expect((await orderRow(placed.number))!.status).toBe("new");
    expect((await payme("PerformTransaction", { id: trans })).result).toMatchObject({ state: 2 });
    expect((await orderRow(placed.number))!.status).toBe("paid");
  });

  it("a shopper who switches to pay on delivery closes the open Payme transaction: Payme's later timeout cancels nothing", async () => {
    const { placed, shopper } = await placePayme(17, "payme-switch");
    const { trans } = await create(placed, newTrans(), Date.now() - 30 * 60_000);
    await env.DB.prepare("UPDATE payments SET created_at = created_at - 1800 WHERE provider_trans_id = ?").bind(trans).run();
    const switched = await post(`/checkout/done/${placed.number}`, { intent: "pay-on-delivery", paymentMethod: "cash" }, { cookie: shopper.cookie });
    expect(switched.status).toBe(303);
    expect((await payme("CheckTransaction", { id: trans })).result).toMatchObject({ state: -1, reason: 3 });
    expect((await payme("CancelTransaction", { id: trans, reason: 4 })).result).toMatchObject({ state: -1 });
    expect((await orderRow(placed.number))!.status).toBe("new");
    expect((await payme("PerformTransaction", { id: trans })).error?.code).toBe(-31008);
  });

  it("CreateTransaction checks and inserts in one statement: an order cancelled meanwhile, or with another amount, gets no transaction", async () => {
    const { placed } = await placePayme(15, "payme-create-race");
    const trans = newTrans();
    // Cancelled between Payme's check and its Create, in parallel: the Create either came first (then the cancel closes it) or makes nothing.
    const key = await opsKey(["orders:write"]);
    const [created] = await Promise.all([
      payme("CreateTransaction", { id: trans, time: Date.now(), amount: tiyin(placed), account: account(placed) }),
      ops(`/api/ops/orders/${placed.id}/status`, key, { body: { status: "cancelled" } }),
    ]);
    const row = await env.DB.prepare("SELECT state FROM payments WHERE provider_trans_id = ?").bind(trans).first<{ state: string }>();
    if (created.result) expect(row).toEqual({ state: "cancelled" });
    else expect([created.error?.code, row]).toEqual([-31008, null]);
    expect((await orderRow(placed.number))!.status).toBe("cancelled");
  });

  it("while Payme's key is rotated, both the key and the next one are accepted; any other is refused", async () => {
    const { placed } = await placePayme(16, "payme-rotate");
    const check = JSON.stringify({ method: "CheckPerformTransaction", params: { amount: tiyin(placed), account: account(placed) }, id: 1 });
    const rotating = { ...env, PAYME_KEY_NEXT: "next-payme-key" };
    expect(await paymeCall(rotating, check, AUTH)).toMatchObject({ result: { allow: true } });
    expect(await paymeCall(rotating, check, `Basic ${btoa("Paycom:next-payme-key")}`)).toMatchObject({ result: { allow: true } });
    expect(await paymeCall(rotating, check, `Basic ${btoa("Paycom:old-payme-key")}`)).toMatchObject({ error: { code: -32504 } });
    expect(await paymeCall(env, check, `Basic ${btoa("Paycom:next-payme-key")}`)).toMatchObject({ error: { code: -32504 } });
  });
});

describe("the stand-in of Payme's page (/dev/pay/payme)", () => {
  it("'pay' makes Payme's calls through the Worker and returns the shopper to the paid order; 'bad-key' and 'wrong-amount' leave it unpaid", async () => {
    for (const [offset, outcome, paid] of [
      [11, "bad-key", false],
      [12, "wrong-amount", false],
      [13, "pay-twice", true],
    ] as const) {
      const { placed } = await placePayme(offset, `payme-stand-in-${offset}`);
      const params = new URL(placed.payment.url!).pathname.slice(1);
      const page = await get(`/dev/pay/payme/${params}`);
      expect(page.status).toBe(200);
      const res = await get(`/dev/pay/payme/${params}`, {
        method: "POST",
        body: new URLSearchParams({ outcome, params }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      });
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe(`/ru/checkout/done/${placed.number}`);
      expect((await orderRow(placed.number))!.paidAt !== null).toBe(paid);
    }
  });
});
