import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { reconcile, retryDueRefunds } from "~/orders/index.server";
import { alertOperators } from "~/outbox/index.server";
import { DEAD_LETTER_QUEUE, deliver, type QueueMessageBody } from "~/outbox/outbox.server";
import { consumeOutbox } from "~/outbox/queue.server";
import { ops, opsKey, Shopper } from "./fixtures";
import { alertsOf, clickCall, clickMode, eventually, paidWithClick, paidWithPayme, placeWith, received, refundRows, step } from "./money";

type Finding = { id: number; kind: string; orderNumber: string; detail: string; resolvedAt: number | null };
const findingsOf = async (key: string, number: string, state = "open") =>
  ((await (await ops(`/api/ops/reconciliation?state=${state}`, key)).json()) as { findings: Finding[] }).findings.filter((f) => f.orderNumber === number);

/** Click reverses a payment on its own side (the shop not told). */
const reversedAtClick = (paydoc: string) => fetch(`http://provider.test/click/payment/reversal/4242/${paydoc}`, { method: "DELETE" });

const ledger = async () =>
  (
    await env.DB.batch([
      env.DB.prepare("SELECT id, state, reason, paid_ms, cancelled_ms FROM payments ORDER BY id"),
      env.DB.prepare("SELECT id, state, made_by, refunded_at FROM refunds ORDER BY id"),
      env.DB.prepare("SELECT id, status, paid_at FROM orders ORDER BY id"),
    ])
  ).map((r) => r.results);

describe("the daily reconciliation", () => {
  it("lists each mismatch once, tells operators of a new one once, resolves what no longer disagrees, and never changes money", async () => {
    const key = await opsKey(["orders:write"]);
    // Paid at the shop, reversed at Click behind its back.
    const { placed: reversed, paydoc } = await paidWithClick(0, "recon-reversed-0");
    await reversedAtClick(paydoc);
    // Refunded by hand after Click refused, then Click reversed it after all: money back twice.
    const { placed: twice, paydoc: twiceDoc } = await paidWithClick(1, "recon-twice-1");
    await clickMode("reversal", twiceDoc, "refuse");
    await step(key, twice.id, "cancelled");
    await clickMode("reversal", twiceDoc, "");
    const [owed] = await refundRows(twice.id);
    expect((await ops(`/api/ops/refunds/${owed!.id}/done`, key, { method: "POST" })).status).toBe(200);
    await reversedAtClick(twiceDoc);
    // Prepared at the shop (Complete never came), paid at Click.
    const unfinished = await placeWith(new Shopper(), 2, "recon-unfinished-2", "click");
    const base = {
      click_trans_id: String(7_700_000 + unfinished.id),
      click_paydoc_id: String(500_000_000 + unfinished.id),
      merchant_trans_id: unfinished.number,
    };
    expect((await clickCall("prepare", { ...base, amount: unfinished.totals.total.toFixed(2) })).error).toBe(0);
    // A sale receipt Click keeps refusing, paid two hours ago.
    const { placed: noReceipt, paydoc: noReceiptDoc } = await paidWithClick(3, "recon-receipt-3", {
      before: (doc) => clickMode("submit_items", doc, "refuse"),
    });
    await eventually(
      () => env.DB.prepare("SELECT state FROM fiscal_receipts WHERE order_id = ?").bind(noReceipt.id).first<{ state: string }>(),
      (r) => r?.state === "refused",
    );
    await env.DB.prepare("UPDATE payments SET paid_ms = paid_ms - 7200000 WHERE order_id = ?").bind(noReceipt.id).run();
    // Payme: a transaction left open while its order was cancelled (the shop's rows disagree with what Payme is told).
    const { placed: paymeOrder, trans } = await paidWithPayme(4);
    await env.DB.prepare("UPDATE payments SET state = 'prepared', paid_ms = NULL WHERE provider_trans_id = ?").bind(trans).run();
    await env.DB.prepare("UPDATE orders SET status = 'cancelled', paid_at = NULL WHERE id = ?").bind(paymeOrder.id).run();
    // And one that agrees everywhere.
    const { placed: fine } = await paidWithClick(5, "recon-fine-5");
    await eventually(
      () => env.DB.prepare("SELECT state FROM fiscal_receipts WHERE order_id = ?").bind(fine.id).first<{ state: string }>(),
      (r) => r?.state === "accepted",
    );

    const before = await ledger();
    const run = await reconcile(env, null);
    expect(run.examined).toBeGreaterThanOrEqual(6);
    expect(JSON.stringify(await ledger())).toBe(JSON.stringify(before));
    expect((await findingsOf(key, reversed.number)).map((f) => f.kind)).toEqual(["not_paid_at_provider"]);
    expect((await findingsOf(key, twice.number)).map((f) => f.kind)).toEqual(["refunded_twice"]);
    expect((await findingsOf(key, unfinished.number)).map((f) => f.kind)).toEqual(["paid_at_provider"]);
    expect((await findingsOf(key, noReceipt.number)).map((f) => f.kind)).toEqual(["receipt_missing"]);
    expect((await findingsOf(key, paymeOrder.number)).map((f) => f.kind)).toEqual(["ledger_disagrees"]);
    expect(await findingsOf(key, fine.number)).toEqual([]);
    const [first] = await findingsOf(key, reversed.number);
    expect(await alertsOf("reconciliation", first!.id)).toBe(1);
    const told = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE channel = 'telegram'").first<{ n: number }>();

    // The next day: the same findings, nobody told again; the receipt now accepted resolves its finding.
    await clickMode("submit_items", noReceiptDoc, "");
    await env.DB.prepare("UPDATE fiscal_receipts SET state = 'accepted' WHERE order_id = ?").bind(noReceipt.id).run();
    await reconcile(env, null, Math.floor(Date.now() / 1000) + 60);
    expect((await findingsOf(key, reversed.number)).map((f) => f.kind)).toEqual(["not_paid_at_provider"]);
    expect(await findingsOf(key, noReceipt.number)).toEqual([]);
    expect((await findingsOf(key, noReceipt.number, "all"))[0]).toMatchObject({ kind: "receipt_missing", resolvedAt: expect.any(Number) });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE channel = 'telegram'").first<{ n: number }>())!.n).toBe(told!.n);
    expect((await ops("/api/ops/reconciliation?state=closed", key)).status).toBe(422);
  });
});

describe("operators' alerts", () => {
  it("an alert is written once however often it is raised, and goes to the Telegram chat through the Bot API and by e-mail, linking to the console", async () => {
    const raised = await Promise.all([
      alertOperators(env, "refund_failed", "test-1", { number: "TEST-0001", amount: 1000, provider: "click", failure: "deadline" }),
      alertOperators(env, "refund_failed", "test-1", { number: "TEST-0001", amount: 1000, provider: "click", failure: "deadline" }),
    ]);
    expect(raised.filter(Boolean)).toHaveLength(1);
    const rows = await env.DB.prepare("SELECT id, channel, recipient, subject, body FROM outbox WHERE subject LIKE '%TEST-0001%' ORDER BY channel").all<{
      id: number;
      channel: string;
      recipient: string;
      subject: string;
      body: string;
    }>();
    expect(rows.results.map((r) => [r.channel, r.recipient])).toEqual([
      ["email", "ops@shop.test"],
      ["telegram", "-100200300"],
    ]);
    const telegram = rows.results[1]!;
    expect(telegram.body).toContain("http://shop.test/ops/money");
    expect(await deliver(env, telegram.id)).toMatchObject({ outcome: "sent" });
    const sent = (await received("/telegram")).find((r) => r.to === "-100200300" && r.text?.includes("TEST-0001"));
    expect(sent).toMatchObject({ body: { chat_id: "-100200300", link_preview_options: { is_disabled: true } } });
    expect((sent as unknown as { token: string }).token).toBe("123:test-bot-token");
  });

  it("a message the outbox gave up on is told to operators once; a dead alert of their own is not (no loop)", async () => {
    const consumeDead = async (id: number) => {
      const batch = createMessageBatch<QueueMessageBody>(DEAD_LETTER_QUEUE, [{ id: `dead-${id}`, timestamp: new Date(), attempts: 1, body: { outboxId: id } }]);
      await consumeOutbox(batch, env);
      await getQueueResult(batch, createExecutionContext());
    };
    const sms = (await env.DB.prepare("INSERT INTO outbox (channel, recipient, body) VALUES ('sms', '+998901112233', 'x') RETURNING id").first<{
      id: number;
    }>())!.id;
    await consumeDead(sms);
    await consumeDead(sms);
    expect(await alertsOf("dead_letter", sms)).toBe(1);
    const own = (await env.DB.prepare("INSERT INTO outbox (channel, recipient, body) VALUES ('telegram', '-100200300', 'x') RETURNING id").first<{
      id: number;
    }>())!.id;
    await consumeDead(own);
    expect(await alertsOf("dead_letter", own)).toBe(0);
  });

  it("a refund that failed is told once, however many runs find it", async () => {
    const key = await opsKey(["orders:write"]);
    const { placed } = await paidWithPayme(6);
    await step(key, placed.id, "cancelled");
    const [owed] = await refundRows(placed.id);
    await env.DB.prepare("UPDATE refunds SET deadline_at = 0 WHERE id = ?").bind(owed!.id).run();
    await Promise.all([retryDueRefunds(env, null), retryDueRefunds(env, null)]);
    await retryDueRefunds(env, null);
    expect(await alertsOf("refund_failed", owed!.id)).toBe(1);
  });
});
