import { createHash } from "node:crypto";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { retryDueRefunds } from "~/orders/index.server";
import { get, html, ORIGIN, post } from "./helpers";
import { buyable, ip, ops, opsKey, order, Shopper, signUp } from "./fixtures";

// vitest.config.ts: Click (service 4242, merchant user 55, secret "test-click-secret") and Payme; their APIs are provider.test's stand-in.
const PAYME_AUTH = `Basic ${btoa("Paycom:test-payme-key")}`;
const CLICK_SECRET = "test-click-secret";

type Placed = { id: number; number: string; totals: { total: number }; payment: { refund: unknown } };

async function placeWith(shopper: Shopper, offset: number, key: string, paymentMethod: string): Promise<Placed> {
  await shopper.add(buyable(offset).sku.id, 1);
  const res = await shopper.place(order(key, { paymentMethod }));
  expect(res.status).toBe(201);
  return ((await res.json()) as { order: Placed }).order;
}

/** A call as Payme's servers make it. */
const paymeRpc = (method: string, params: Record<string, unknown>) =>
  exports.default
    .fetch(
      new Request(`${ORIGIN}/api/payment/payme`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: PAYME_AUTH },
        body: JSON.stringify({ method, params, id: 1 }),
      }),
    )
    .then((r) => r.json() as Promise<{ result?: { state: number; reason?: number; cancel_time?: number }; error?: { code: number } }>);

let seq = 0;
async function paidWithPayme(offset: number, shopper = new Shopper()): Promise<{ placed: Placed; trans: string; shopper: Shopper }> {
  const placed = await placeWith(shopper, offset, `refund-payme-${offset}`, "payme");
  const trans = `6305e3bab097f420a62c${String(++seq).padStart(4, "0")}`;
  const call = paymeRpc;
  expect(
    (await call("CreateTransaction", { id: trans, time: Date.now(), amount: placed.totals.total * 100, account: { order_id: placed.number } })).result?.state,
  ).toBe(1);
  expect((await call("PerformTransaction", { id: trans })).result?.state).toBe(2);
  return { placed, trans, shopper };
}

/** Click's signed callback (see payments.test.ts). */
function clickCall(path: "prepare" | "complete", fields: Record<string, string>) {
  const action = path === "prepare" ? "0" : "1";
  const body: Record<string, string> = { service_id: "4242", action, error: "0", error_note: "", sign_time: "2026-11-29 10:00:00", ...fields };
  const signed = `${body.click_trans_id}4242${CLICK_SECRET}${body.merchant_trans_id}${action === "1" ? body.merchant_prepare_id : ""}${body.amount}${action}${body.sign_time}`;
  body.sign_string = createHash("md5").update(signed).digest("hex");
  return exports.default
    .fetch(
      new Request(`${ORIGIN}/api/payment/click/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body),
      }),
    )
    .then((r) => r.json() as Promise<{ error: number; merchant_prepare_id?: number }>);
}

const step = (key: string, id: number, status: string, extra: Record<string, string> = {}) =>
  ops(`/api/ops/orders/${id}/status?lang=ru`, key, { body: { status, ...extra } });
const received = async (path: string) =>
  ((await (await fetch("http://provider.test/received")).json()) as { path: string; method: string; auth: string | null; body: unknown }[]).filter(
    (r) => r.path === path,
  );
const refundRows = (orderId: number) =>
  env.DB.prepare("SELECT id, state, amount, attempts, last_error AS lastError FROM refunds WHERE order_id = ?")
    .bind(orderId)
    .all<{ id: number; state: string; amount: number; attempts: number; lastError: string | null }>()
    .then((r) => r.results);
const paymentState = (orderId: number) =>
  env.DB.prepare("SELECT state, reason FROM payments WHERE order_id = ? AND state IN ('paid', 'refunded')")
    .bind(orderId)
    .first<{ state: string; reason: number | null }>();
const refundMessages = (number: string) =>
  env.DB.prepare("SELECT channel FROM outbox WHERE body LIKE ? OR subject LIKE ?")
    .bind(`%${number}%возвращен%`, `%${number}%возвращены%`)
    .all<{ channel: string }>()
    .then((r) => r.results.map((m) => m.channel).sort());

describe("money back when the shop cancels or takes back a paid online order", () => {
  it("Payme: the shop's cancel asks receipts.cancel for the transaction; Payme's CancelTransaction makes the refund (-2, reason 5), which the order's page and /api/orders show; the shopper is told once", async () => {
    const key = await opsKey(["orders:write"]);
    const shopper = await signUp();
    const { placed, trans } = await paidWithPayme(0, shopper);
    const res = await step(key, placed.id, "cancelled");
    expect(res.status).toBe(200);
    // Asked, not yet made: Payme confirms it with its own call.
    expect(await refundRows(placed.id)).toEqual([{ id: expect.any(Number), state: "requested", amount: placed.totals.total, attempts: 1, lastError: null }]);
    expect(await paymentState(placed.id)).toEqual({ state: "paid", reason: null });
    expect(await refundMessages(placed.number)).toEqual([]);
    const sent = (await received("/payme")).filter((r) => (r.body as { params: { id: string } }).params.id === trans);
    expect(sent).toEqual([
      {
        path: "/payme",
        method: "POST",
        auth: "5e730e8e0b852a417aa49ceb:test-payme-key",
        body: { id: expect.any(Number), method: "receipts.cancel", params: { id: trans } },
      },
    ]);
    const confirmed = await paymeRpc("CancelTransaction", { id: trans, reason: 5 });
    expect(confirmed.result).toMatchObject({ state: -2 });
    expect(await paymeRpc("CancelTransaction", { id: trans, reason: 5 })).toEqual(confirmed);
    expect(await refundRows(placed.id)).toEqual([{ id: expect.any(Number), state: "refunded", amount: placed.totals.total, attempts: 1, lastError: null }]);
    expect(await paymentState(placed.id)).toEqual({ state: "refunded", reason: 5 });
    expect(await refundMessages(placed.number)).toEqual(["sms"]);
    const api = (await (await get(`/api/orders/${placed.id}?expand=payment`, { headers: { Cookie: shopper.cookie } })).json()) as {
      payment: { refund: unknown };
    };
    expect(api.payment.refund).toEqual({ state: "refunded", amount: placed.totals.total, at: expect.any(Number) });
    const page = await html(`/account/orders/${placed.number}`, { headers: { Cookie: shopper.cookie } });
    expect(page.body).toMatch(/data-testid="order-refund" data-state="refunded"/);
    // The same step again changes nothing and sends nothing.
    expect((await step(key, placed.id, "cancelled")).status).toBe(200);
    expect((await received("/payme")).filter((r) => (r.body as { params: { id: string } }).params.id === trans)).toHaveLength(1);
    expect(await refundMessages(placed.number)).toEqual(["sms"]);
  });

  it("a provider that fails: the refund stays owed (operations API, with the provider's answer), is tried again only when due, then made once", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed, trans } = await paidWithPayme(1);
    await fetch(`http://provider.test/fail?to=payme:${trans}&times=1`, { method: "POST" });
    expect((await step(key, placed.id, "cancelled")).status).toBe(200);
    const [owed] = await refundRows(placed.id);
    expect(owed).toMatchObject({ state: "pending", attempts: 1, lastError: expect.stringContaining("503") });
    expect(await paymentState(placed.id)).toEqual({ state: "paid", reason: null });
    const listed = (await (await ops("/api/ops/refunds", key)).json()) as { refunds: { id: number; orderNumber: string; state: string; lastError: string }[] };
    expect(listed.refunds.find((r) => r.orderNumber === placed.number)).toMatchObject({
      state: "pending",
      provider: "payme",
      lastError: expect.stringContaining("503"),
    });
    // Not due yet: nothing is sent.
    const now = Math.floor(Date.now() / 1000);
    await retryDueRefunds(env, null, now);
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "pending", attempts: 1 });
    // Due (at least 10 minutes on): asked once, however many tries run at once.
    await retryDueRefunds(env, null, now + 120);
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "pending", attempts: 1 });
    const done = await Promise.all([retryDueRefunds(env, null, now + 700), retryDueRefunds(env, null, now + 700)]);
    expect(done.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "requested", attempts: 2, lastError: null });
    const asked = () => received("/payme").then((all) => all.filter((r) => (r.body as { params: { id: string } }).params.id === trans).length);
    expect(await asked()).toBe(1);
    // Payme's confirmation never came: asked again later; it comes; made once, told once.
    expect(await retryDueRefunds(env, null, now + 100_000)).toBe(1);
    expect(await asked()).toBe(2);
    expect((await paymeRpc("CancelTransaction", { id: trans, reason: 5 })).result).toMatchObject({ state: -2 });
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "refunded", attempts: 3 });
    expect(await retryDueRefunds(env, null, now + 200_000)).toBe(0);
    expect(await asked()).toBe(2);
    expect(await refundMessages(placed.number)).toEqual(["sms"]);
    // The operations API's retry of a refund already made: 409, nothing sent.
    const again = await ops(`/api/ops/refunds/${owed!.id}/retry?lang=ru`, key, { method: "POST" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, message: "Этот возврат уже сделан или отправляется сейчас.", refund: { state: "refunded" } });
    expect((await ops("/api/ops/refunds/999999/retry?lang=ru", key, { method: "POST" })).status).toBe(404);
    expect((await ops("/api/ops/refunds?state=lost", key)).status).toBe(422);
  });

  it("the operations API's retry sends an owed refund at once", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed, trans } = await paidWithPayme(2);
    await fetch(`http://provider.test/fail?to=payme:${trans}&times=1`, { method: "POST" });
    await step(key, placed.id, "cancelled");
    const [owed] = await refundRows(placed.id);
    const res = await ops(`/api/ops/refunds/${owed!.id}/retry`, key, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, refund: { state: "requested", attempts: 2 } });
  });

  it("parallel cancels of one paid order owe and send its money once", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed, trans } = await paidWithPayme(3);
    const answers = await Promise.all([step(key, placed.id, "cancelled"), step(key, placed.id, "cancelled"), step(key, placed.id, "cancelled")]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await refundRows(placed.id)).toHaveLength(1);
    expect((await received("/payme")).filter((r) => (r.body as { params: { id: string } }).params.id === trans)).toHaveLength(1);
  });

  it("Click: a paid order taken back calls Click's reversal with its payment id and signed Auth; Click got the receipt's data when it was paid", async () => {
    const key = await opsKey(["orders:write"]);
    const placed = await placeWith(new Shopper(), 4, "refund-click-4", "click");
    const amount = placed.totals.total.toFixed(2);
    const paydoc = String(700_000 + placed.id);
    const base = { click_trans_id: String(8_100_000 + placed.id), click_paydoc_id: paydoc, merchant_trans_id: placed.number, amount };
    const prepared = await clickCall("prepare", base);
    expect(prepared.error).toBe(0);
    expect((await clickCall("complete", { ...base, merchant_prepare_id: String(prepared.merchant_prepare_id) })).error).toBe(0);
    // The fiscal data call (after the answer): every line with its 17-digit code, the sums adding up to what was paid.
    let fiscal: { body: { payment_id: number; items: { SPIC: string; Price: number; VAT: number; VATPercent: number }[]; received_ecash: number } }[] = [];
    for (let i = 0; i < 50 && !fiscal.length; i++) {
      fiscal = ((await received("/click/payment/ofd_data/submit_items")) as unknown as typeof fiscal).filter((r) => r.body.payment_id === Number(paydoc));
      if (!fiscal.length) await new Promise((r) => setTimeout(r, 20));
    }
    expect(fiscal).toHaveLength(1);
    const items = fiscal[0]!.body.items;
    expect(items.every((i) => /^\d{17}$/.test(i.SPIC) && i.VATPercent === 12 && i.VAT === Math.round((i.Price * 12) / 112))).toBe(true);
    expect(items.reduce((s, i) => s + i.Price, 0)).toBe(placed.totals.total * 100);
    expect(fiscal[0]!.body.received_ecash).toBe(placed.totals.total * 100);

    for (const [status, extra] of [
      ["confirmed", {}],
      ["shipped", { tracking: "UZ123" }],
      ["returned", {}],
    ] as const)
      expect((await step(key, placed.id, status, extra)).status).toBe(200);
    const reversal = await received(`/click/payment/reversal/4242/${paydoc}`);
    expect(reversal).toHaveLength(1);
    expect(reversal[0]!.method).toBe("DELETE");
    const [user, digest, at] = reversal[0]!.auth!.split(":");
    expect(user).toBe("55");
    expect(digest).toBe(createHash("sha1").update(`${at}${CLICK_SECRET}`).digest("hex"));
    expect(await refundRows(placed.id)).toEqual([{ id: expect.any(Number), state: "refunded", amount: placed.totals.total, attempts: 1, lastError: null }]);
    expect(await paymentState(placed.id)).toMatchObject({ state: "refunded" });
  });

  it("an order paid on delivery, or an online one never paid, owes nothing when cancelled", async () => {
    const key = await opsKey(["orders:write"]);
    const cash = await placeWith(new Shopper(), 5, "refund-cash-5", "cash");
    const unpaid = await placeWith(new Shopper(), 6, "refund-unpaid-6", "payme");
    expect((await step(key, cash.id, "cancelled")).status).toBe(200);
    expect((await step(key, unpaid.id, "cancelled")).status).toBe(200);
    expect(await refundRows(cash.id)).toEqual([]);
    expect(await refundRows(unpaid.id)).toEqual([]);
  });
});

describe("money back by hand", () => {
  it("an operator marks a refund made another way: made once, the shopper told; a retry while a try is under way is refused", async () => {
    const key = await opsKey(["orders:write"]);
    const placed = await placeWith(new Shopper(), 8, "refund-hand-8", "click");
    const amount = placed.totals.total.toFixed(2);
    // A Click payment whose paydoc id Click never sent: its reversal cannot be made.
    const base = { click_trans_id: String(8_200_000 + placed.id), merchant_trans_id: placed.number, amount };
    const prepared = await clickCall("prepare", base);
    expect((await clickCall("complete", { ...base, merchant_prepare_id: String(prepared.merchant_prepare_id) })).error).toBe(0);
    expect((await step(key, placed.id, "cancelled")).status).toBe(200);
    const [owed] = await refundRows(placed.id);
    expect(owed).toMatchObject({ state: "pending", attempts: 1, lastError: "the payment has no Click payment id" });
    // A try under way (claimed: its answer not yet written) is not tried again beside it.
    await env.DB.prepare("UPDATE refunds SET last_error = NULL WHERE id = ?").bind(owed!.id).run();
    expect((await ops(`/api/ops/refunds/${owed!.id}/retry?lang=ru`, key, { method: "POST" })).status).toBe(409);
    expect((await ops(`/api/ops/refunds/${owed!.id}/done?lang=ru`, key, { method: "POST" })).status).toBe(409);
    expect(await refundMessages(placed.number)).toEqual([]);
    // The try ended (its answer written): the operator records the money sent back by bank transfer.
    await env.DB.prepare("UPDATE refunds SET last_error = 'the payment has no Click payment id' WHERE id = ?").bind(owed!.id).run();
    const done = await ops(`/api/ops/refunds/${owed!.id}/done?lang=ru`, key, { method: "POST" });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ success: true, refund: { state: "refunded", refundedAt: expect.any(Number) } });
    expect(await paymentState(placed.id)).toMatchObject({ state: "refunded" });
    expect(await refundMessages(placed.number)).toEqual(["sms"]);
    const again = await ops(`/api/ops/refunds/${owed!.id}/done?lang=ru`, key, { method: "POST" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: "Этот возврат уже сделан." });
    expect(await refundMessages(placed.number)).toEqual(["sms"]);
    expect((await ops(`/api/ops/refunds/${owed!.id}/other`, key, { method: "POST" })).status).toBe(404);
  });
});

describe("receipt data", () => {
  it("a delivery type without its codes, when delivery costs anything: not paid online either (a free delivery is no line of the receipt)", async () => {
    // Courier in Tashkent: 25 000 below 500 000, free from it.
    const offsetOf = (cheap: boolean) => [...Array(30).keys()].slice(9).find((o) => buyable(o).p.sale_price < 500_000 === cheap)!;
    const before = await env.DB.prepare("SELECT ikpu FROM delivery_types WHERE id = 1").first<{ ikpu: string }>();
    await env.DB.prepare("UPDATE delivery_types SET ikpu = NULL WHERE id = 1").run();
    try {
      const paid = new Shopper();
      await paid.add(buyable(offsetOf(true)).sku.id, 1);
      const refused = await paid.place(order("receipt-delivery-cheap", { paymentMethod: "click" }));
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ errors: [{ field: "paymentMethod" }] });
      const free = new Shopper();
      await free.add(buyable(offsetOf(false)).sku.id, 1);
      expect((await free.place(order("receipt-delivery-free", { paymentMethod: "click" }))).status).toBe(201);
    } finally {
      await env.DB.prepare("UPDATE delivery_types SET ikpu = ? WHERE id = 1").bind(before!.ikpu).run();
    }
  });

  it("a cart with a product without its codes cannot be paid online: the payment step says so and offers cash or card, placing refuses (422)", async () => {
    const { p, sku } = buyable(7);
    await env.DB.prepare("UPDATE products SET ikpu = NULL WHERE id = ?").bind(p.id).run();
    try {
      const shopper = new Shopper();
      await shopper.add(sku.id, 1);
      const refused = await shopper.place(order("receipt-none-7", { paymentMethod: "payme" }));
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ errors: [{ field: "paymentMethod", message: expect.stringContaining("нельзя оплатить онлайн") }] });
      // The checkout's payment step (a form without JavaScript) refuses it with the same message, and takes cash.
      const stepOf = (fields: Record<string, string>) => post("/ru/checkout", fields, { cookie: shopper.cookie, headers: ip() });
      expect((await stepOf({ intent: "contacts", name: "Receipt Test", phone: "+998 90 700 00 07" })).status).toBe(303);
      expect((await stepOf({ intent: "city", cityId: "1" })).status).toBe(303);
      expect((await stepOf({ intent: "delivery", cityId: "1", deliveryTypeId: "1", street: "Amir Temur", house: "1" })).status).toBe(303);
      const online = await stepOf({ intent: "payment", paymentMethod: "payme" });
      expect(online.status).toBe(422);
      const body = await online.text();
      expect(body).toContain("Часть товаров в корзине нельзя оплатить онлайн");
      expect(body).toContain('data-testid="payment-online-unavailable"');
      expect(body).not.toContain('data-testid="payment-payme"');
      expect((await stepOf({ intent: "payment", paymentMethod: "cash" })).status).toBe(303);
      expect((await shopper.place(order("receipt-cash-7", { paymentMethod: "cash" }))).status).toBe(201);
    } finally {
      await env.DB.prepare("UPDATE products SET ikpu = ? WHERE id = ?").bind(p.ikpu, p.id).run();
    }
  });
});
