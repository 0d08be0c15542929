import { createHash } from "node:crypto";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formatNumber, formatUzs } from "~/i18n/format";
import { retryDueRefunds } from "~/orders/index.server";
import { get, html, ORIGIN } from "./helpers";
import { opsKey, ops, Shopper, signUp } from "./fixtures";
import {
  CLICK_SECRET,
  clickMode,
  deadlineIn,
  paidWithClick,
  paidWithPayme,
  paymentOf,
  paymeRpc,
  placeWith,
  received,
  refundMessages,
  refundRows,
  alertsOf,
  opsMessages,
  step,
} from "./money";

/** An operator's refund in Payme's business cabinet (its stand-in): Payme then calls the shop's CancelTransaction. */
const cabinetCancel = (trans: string) =>
  exports.default
    .fetch(
      new Request(`${ORIGIN}/dev/pay/payme-cabinet`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ transaction: trans }),
      }),
    )
    .then((r) => r.json() as Promise<{ result?: { state: number }; error?: { code: number } }>);

const done = (key: string, id: number) => ops(`/api/ops/refunds/${id}/done?lang=ru`, key, { method: "POST" });
const now = () => Math.floor(Date.now() / 1000);

describe("Payme: money back is an operator's cancel in Payme's cabinet, made when Payme confirms it", () => {
  it("the shop's cancel calls no Payme endpoint: the refund waits as an operator's task, told once; the cabinet's cancel makes it, the shopper told once; 'done' by hand meanwhile is refused", async () => {
    const key = await opsKey(["orders:write"]);
    const shopper = await signUp();
    const { placed, trans } = await paidWithPayme(0, shopper);
    expect((await step(key, placed.id, "cancelled")).status).toBe(200);
    const [owed] = await refundRows(placed.id);
    expect(owed).toMatchObject({ state: "requested", task: "payme_cabinet", attempts: 0, madeBy: null });
    expect(await paymentOf(placed.id)).toEqual({ state: "paid", reason: null });
    expect(await received("/payme")).toEqual([]);
    expect(await refundMessages(placed.number)).toEqual([]);
    // Operators are told once, by e-mail and in the Telegram chat, with the transaction to cancel.
    expect(await alertsOf("refund_task", owed!.id)).toBe(1);
    expect(await opsMessages(placed.number)).toEqual([
      { channel: "email", recipient: "ops@shop.test" },
      { channel: "telegram", recipient: "-100200300" },
    ]);
    const body = await env.DB.prepare("SELECT body FROM outbox WHERE channel = 'telegram' AND subject LIKE ?")
      .bind(`%${placed.number}%`)
      .first<{ body: string }>();
    expect(body!.body).toContain(trans);
    expect(body!.body).toContain("http://shop.test/ops/money");
    // The sum to give back, grouped as the shop writes money (not a bare 459000).
    expect(body!.body).toContain(formatNumber(placed.totals.total));
    // Payme may still send the money (its confirmation awaited): by hand is refused, nothing changes.
    const refused = await done(key, owed!.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      success: false,
      message: expect.stringContaining("Провайдер ещё может вернуть"),
      refund: { state: "requested" },
    });
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "requested", madeBy: null });
    // The job does not send it again, nor tell again.
    await retryDueRefunds(env, null, now() + 100_000);
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "requested", attempts: 0 });
    expect(await opsMessages(placed.number)).toHaveLength(2);
    // The operator cancels it in Payme's cabinet: Payme's CancelTransaction makes it, once.
    expect((await cabinetCancel(trans)).result).toMatchObject({ state: -2 });
    expect((await paymeRpc("CancelTransaction", { id: trans, reason: 5 })).result).toMatchObject({ state: -2 });
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "refunded", madeBy: "provider" });
    expect(await paymentOf(placed.id)).toEqual({ state: "refunded", reason: 5 });
    expect(await refundMessages(placed.number)).toEqual(["sms"]);
    const sms = await env.DB.prepare("SELECT body FROM outbox WHERE channel = 'sms' AND body LIKE ?")
      .bind(`%${placed.number}%возвращено%`)
      .first<{ body: string }>();
    expect(sms!.body).toContain(`возвращено ${formatUzs(placed.totals.total, "ru")}.`);
    const api = (await (await get(`/api/orders/${placed.id}?expand=payment`, { headers: { Cookie: shopper.cookie } })).json()) as {
      payment: { refund: unknown };
    };
    expect(api.payment.refund).toEqual({ state: "refunded", amount: placed.totals.total, at: expect.any(Number) });
    const page = await html(`/account/orders/${placed.number}`, { headers: { Cookie: shopper.cookie } });
    expect(page.body).toMatch(/data-testid="order-refund" data-state="refunded"/);
    expect((await step(key, placed.id, "cancelled")).status).toBe(200);
    expect(await refundMessages(placed.number)).toEqual(["sms"]);
  });

  it("past its deadline the refund fails with a bank transfer to make, told once; done by hand then makes it, and a later cancel in Payme's cabinet is refused (-31007): never twice", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed, trans } = await paidWithPayme(1);
    await step(key, placed.id, "cancelled");
    const [owed] = await refundRows(placed.id);
    await deadlineIn(owed!.id, -1);
    await Promise.all([retryDueRefunds(env, null), retryDueRefunds(env, null)]);
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "failed", failure: "deadline", task: "bank_transfer" });
    expect(await alertsOf("refund_failed", owed!.id)).toBe(1);
    // The task's alert, then the failure's: two messages each.
    expect(await opsMessages(placed.number)).toHaveLength(4);
    const listed = (await (await ops("/api/ops/refunds?state=failed", key)).json()) as { refunds: { orderNumber: string; task: string }[] };
    expect(listed.refunds.find((r) => r.orderNumber === placed.number)).toMatchObject({ task: "bank_transfer" });
    const made = await done(key, owed!.id);
    expect(made.status).toBe(200);
    expect(await made.json()).toMatchObject({ success: true, refund: { state: "refunded", madeBy: "operator" } });
    const told = await env.DB.prepare("SELECT body FROM outbox WHERE channel = 'sms' AND body LIKE ?").bind(`%${placed.number}%`).all<{ body: string }>();
    expect(told.results.filter((m) => m.body.includes("переводом"))).toHaveLength(1);
    // Payme never took it back: its transaction stays paid, and a late cancel in its cabinet is refused.
    expect(await paymentOf(placed.id)).toEqual({ state: "paid", reason: null });
    expect((await paymeRpc("CancelTransaction", { id: trans, reason: 5 })).error?.code).toBe(-31007);
    expect((await paymeRpc("CheckTransaction", { id: trans })).result).toMatchObject({ state: 2 });
    expect((await done(key, owed!.id)).status).toBe(409);
  });

  it("race: an operator's 'done' against Payme's CancelTransaction on a failed refund: exactly one makes it, the shopper told once", async () => {
    const key = await opsKey(["orders:write"]);
    for (const offset of [2, 3]) {
      const { placed, trans } = await paidWithPayme(offset);
      await step(key, placed.id, "cancelled");
      const [owed] = await refundRows(placed.id);
      await deadlineIn(owed!.id, -1);
      await retryDueRefunds(env, null);
      const [byHand, byPayme] = await Promise.all([done(key, owed!.id), paymeRpc("CancelTransaction", { id: trans, reason: 5 })]);
      const handWon = byHand.status === 200;
      expect(handWon ? byPayme.error?.code : byPayme.result?.state).toBe(handWon ? -31007 : -2);
      if (!handWon) expect(byHand.status).toBe(409);
      expect((await refundRows(placed.id))[0]).toMatchObject({ state: "refunded", madeBy: handWon ? "operator" : "provider" });
      expect(await refundMessages(placed.number)).toEqual(["sms"]);
    }
  });

  it("parallel cancels of one paid order owe its money once and ask operators once", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed } = await paidWithPayme(4);
    const answers = await Promise.all([step(key, placed.id, "cancelled"), step(key, placed.id, "cancelled"), step(key, placed.id, "cancelled")]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await refundRows(placed.id)).toHaveLength(1);
    expect(await alertsOf("refund_task", (await refundRows(placed.id))[0]!.id)).toBe(1);
    expect(await opsMessages(placed.number)).toHaveLength(2);
  });
});

describe("Click: its reversal, asked about after a try without an answer, within its month", () => {
  it("a paid order taken back calls Click's reversal with its payment id and signed Auth: made by the provider, and the return receipt becomes an operator's task", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed, paydoc } = await paidWithClick(5, "money-click-5");
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
    expect(await refundRows(placed.id)).toEqual([
      expect.objectContaining({ state: "refunded", madeBy: "provider", attempts: 1, lastError: null, lastOutcome: null }),
    ]);
    expect(await paymentOf(placed.id)).toMatchObject({ state: "refunded" });
    const receipts = (await (await ops("/api/ops/receipts?state=all", key)).json()) as { receipts: { orderNumber: string; kind: string; state: string }[] };
    expect(receipts.receipts.filter((r) => r.orderNumber === placed.number).map((r) => [r.kind, r.state])).toEqual([
      ["return", "task"],
      ["sale", "accepted"],
    ]);
    const returnReceipt = await env.DB.prepare("SELECT id FROM fiscal_receipts WHERE kind = 'return' AND order_id = ?").bind(placed.id).first<{ id: number }>();
    expect(await alertsOf("receipt_task", returnReceipt!.id)).toBe(1);
    expect(await opsMessages(placed.number)).toHaveLength(2);
  });

  it("Click refuses: the refund stays owed (refused, Click's answer kept) and is tried when due; 'done' by hand is then allowed; two operators at once make it once", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed, paydoc } = await paidWithClick(6, "money-click-6");
    await clickMode("reversal", paydoc, "refuse");
    await step(key, placed.id, "cancelled");
    const [owed] = await refundRows(placed.id);
    expect(owed).toMatchObject({ state: "pending", attempts: 1, lastOutcome: "refused", lastError: expect.stringContaining("-16") });
    // Not due yet: the job sends nothing.
    await retryDueRefunds(env, null, now() + 60);
    expect((await refundRows(placed.id))[0]).toMatchObject({ attempts: 1 });
    const both = await Promise.all([done(key, owed!.id), done(key, owed!.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "refunded", madeBy: "operator" });
    expect(await refundMessages(placed.number)).toEqual(["sms"]);
    // Made: the job and the operators' retry send nothing more.
    await clickMode("reversal", paydoc, "");
    await retryDueRefunds(env, null, now() + 100_000);
    expect(await received(`/click/payment/reversal/4242/${paydoc}`)).toHaveLength(0);
    expect((await ops(`/api/ops/refunds/${owed!.id}/retry?lang=ru`, key, { method: "POST" })).status).toBe(409);
  });

  it("race: the retry job against an operator's 'done' on a refused refund: the money goes back once", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed, paydoc } = await paidWithClick(7, "money-click-7");
    await clickMode("reversal", paydoc, "refuse");
    await step(key, placed.id, "cancelled");
    await clickMode("reversal", paydoc, "");
    const [owed] = await refundRows(placed.id);
    const [, byHand] = await Promise.all([retryDueRefunds(env, null, now() + 700), done(key, owed!.id)]);
    const reversed = (await received(`/click/payment/reversal/4242/${paydoc}`)).length;
    const row = (await refundRows(placed.id))[0]!;
    expect(row.state).toBe("refunded");
    // Either the job's reversal (and the operator refused) or the operator's transfer (and no reversal): never both.
    expect(byHand.status === 200 ? [reversed, row.madeBy] : [reversed, row.madeBy, byHand.status]).toEqual(
      byHand.status === 200 ? [0, "operator"] : [1, "provider", 409],
    );
    expect(await refundMessages(placed.number)).toEqual(["sms"]);
  });

  it("a reversal whose answer never came (Click acted, the connection dropped): outcome unknown, 'done' refused; the next try asks Click's status and records it without reversing again", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed, paydoc } = await paidWithClick(8, "money-click-8");
    await clickMode("reversal", paydoc, "drop");
    await step(key, placed.id, "cancelled");
    const [owed] = await refundRows(placed.id);
    expect(owed).toMatchObject({ state: "pending", lastOutcome: "unknown", lastError: expect.stringContaining("no answer") });
    expect(await received(`/click/payment/reversal/4242/${paydoc}`)).toHaveLength(1);
    expect((await done(key, owed!.id)).status).toBe(409);
    expect((await ops(`/api/ops/refunds/${owed!.id}/retry`, key, { method: "POST" })).status).toBe(409);
    expect(await retryDueRefunds(env, null, now() + 700)).toBe(1);
    expect(await received(`/click/payment/reversal/4242/${paydoc}`)).toHaveLength(1);
    expect(await received(`/click/payment/status/4242/${paydoc}`)).toHaveLength(1);
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "refunded", madeBy: "provider", attempts: 2 });
    expect(await refundMessages(placed.number)).toEqual(["sms"]);
  });

  it("an answer that never comes at all: unknown; Click's status says still paid, so the reversal is sent again, once", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed, paydoc } = await paidWithClick(9, "money-click-9");
    await clickMode("reversal", paydoc, "hang");
    await step(key, placed.id, "cancelled");
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "pending", lastOutcome: "unknown" });
    await clickMode("reversal", paydoc, "");
    await Promise.all([retryDueRefunds(env, null, now() + 700), retryDueRefunds(env, null, now() + 700)]);
    expect(await received(`/click/payment/status/4242/${paydoc}`)).toHaveLength(1);
    expect(await received(`/click/payment/reversal/4242/${paydoc}`)).toHaveLength(1);
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "refunded", attempts: 2 });
  });

  it("Click's status 'processing' (1) is no answer: the refund stays unknown, neither recorded made nor reversed again", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed, paydoc } = await paidWithClick(14, "money-click-14");
    await clickMode("reversal", paydoc, "hang");
    await step(key, placed.id, "cancelled");
    await clickMode("reversal", paydoc, "");
    await clickMode("status", paydoc, "processing");
    await retryDueRefunds(env, null, now() + 700);
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "pending", lastOutcome: "unknown", attempts: 2 });
    expect(await received(`/click/payment/reversal/4242/${paydoc}`)).toHaveLength(0);
    expect(await refundMessages(placed.number)).toEqual([]);
    await clickMode("status", paydoc, "");
  });

  it("past Click's window (the month after the payment's): failed at once, no reversal sent, a bank transfer to make", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed, paydoc } = await paidWithClick(10, "money-click-10");
    // Paid two months ago: Click reverses only the current month's payments.
    await env.DB.prepare("UPDATE payments SET paid_ms = paid_ms - 62 * 86400000 WHERE order_id = ?").bind(placed.id).run();
    await step(key, placed.id, "cancelled");
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "failed", failure: "click_month", task: "bank_transfer" });
    expect(await received(`/click/payment/reversal/4242/${paydoc}`)).toHaveLength(0);
    expect(await alertsOf("refund_failed", (await refundRows(placed.id))[0]!.id)).toBe(1);
    expect(await opsMessages(placed.number)).toHaveLength(2);
  });

  it("an unknown outcome past the deadline is asked about for two more days, then fails", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed, paydoc } = await paidWithClick(11, "money-click-11");
    await clickMode("reversal", paydoc, "hang");
    await clickMode("status", paydoc, "hang");
    await step(key, placed.id, "cancelled");
    const [owed] = await refundRows(placed.id);
    await deadlineIn(owed!.id, -3600);
    await retryDueRefunds(env, null);
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "pending", lastOutcome: "unknown" });
    await deadlineIn(owed!.id, -3 * 86400);
    await retryDueRefunds(env, null);
    expect((await refundRows(placed.id))[0]).toMatchObject({ state: "failed", failure: "deadline" });
    await clickMode("reversal", paydoc, "");
    await clickMode("status", paydoc, "");
  });

  it("an order paid on delivery, or an online one never paid, owes nothing when cancelled", async () => {
    const key = await opsKey(["orders:write"]);
    const cash = await placeWith(new Shopper(), 12, "money-cash-12", "cash");
    const unpaid = await placeWith(new Shopper(), 13, "money-unpaid-13", "payme");
    expect((await step(key, cash.id, "cancelled")).status).toBe(200);
    expect((await step(key, unpaid.id, "cancelled")).status).toBe(200);
    expect(await refundRows(cash.id)).toEqual([]);
    expect(await refundRows(unpaid.id)).toEqual([]);
    expect((await ops("/api/ops/refunds?state=lost", key)).status).toBe(422);
    expect((await ops("/api/ops/refunds/999999/done?lang=ru", key, { method: "POST" })).status).toBe(404);
    expect((await ops("/api/ops/refunds/1/other", key, { method: "POST" })).status).toBe(404);
  });
});
