import { createHash } from "node:crypto";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { buyable, ops, order, Shopper } from "./fixtures";
import { ORIGIN } from "./helpers";

/**
 * The money tests' setup: orders paid through Click or Payme as their servers call the shop, the
 * providers' stand-in (vitest.config.ts: what it received, failures and modes), and the ledger's
 * rows. Click: service 4242, merchant user 55, secret "test-click-secret"; Payme: key "test-payme-key".
 */

export const CLICK_SECRET = "test-click-secret";
const PAYME_AUTH = `Basic ${btoa("Paycom:test-payme-key")}`;

export type Placed = { id: number; number: string; totals: { total: number }; payment: { refund: unknown } };

export async function placeWith(shopper: Shopper, offset: number, key: string, paymentMethod: string): Promise<Placed> {
  await shopper.add(buyable(offset).sku.id, 1);
  const res = await shopper.place(order(key, { paymentMethod }));
  expect(res.status).toBe(201);
  return ((await res.json()) as { order: Placed }).order;
}

export type PaymeReply = { result?: { state: number; reason?: number | null; cancel_time?: number; transaction?: string }; error?: { code: number } };

/** A call as Payme's servers make it (`auth`: another key's, for a rotation). */
export const paymeRpc = (method: string, params: Record<string, unknown>, auth = PAYME_AUTH) =>
  exports.default
    .fetch(
      new Request(`${ORIGIN}/api/payment/payme`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: auth },
        body: JSON.stringify({ method, params, id: 1 }),
      }),
    )
    .then((r) => r.json() as Promise<PaymeReply>);

let seq = 0;
/** A Payme transaction's id, unique in the file. */
export const paymeTrans = (prefix = "6305e3bab097f420a62c") => `${prefix}${String(++seq).padStart(4, "0")}`;

export async function paidWithPayme(offset: number, shopper = new Shopper()): Promise<{ placed: Placed; trans: string; shopper: Shopper }> {
  const placed = await placeWith(shopper, offset, `money-payme-${offset}`, "payme");
  const trans = paymeTrans();
  const created = await paymeRpc("CreateTransaction", { id: trans, time: Date.now(), amount: placed.totals.total * 100, account: { order_id: placed.number } });
  expect(created.result?.state).toBe(1);
  expect((await paymeRpc("PerformTransaction", { id: trans })).result?.state).toBe(2);
  return { placed, trans, shopper };
}

/** Click's signed callback (see payments.test.ts). */
export function clickCall(path: "prepare" | "complete", fields: Record<string, string>) {
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

/**
 * An order placed and paid through Click; `paydoc` is Click's payment id (what its Merchant API
 * names it by). `before`: what the test sets up at Click's stand-in for that payment before Click
 * completes it (a receipt Click will refuse, or whose answer it will lose).
 */
export async function paidWithClick(
  offset: number,
  key: string,
  { shopper = new Shopper(), before }: { shopper?: Shopper; before?: (paydoc: string) => Promise<unknown> } = {},
): Promise<{ placed: Placed; paydoc: string }> {
  const placed = await placeWith(shopper, offset, key, "click");
  return { placed, paydoc: await payWithClick(placed, before) };
}

/** Click's Prepare and Complete for a placed order, as Click calls them; Click's payment id. */
export async function payWithClick(placed: Placed, before?: (paydoc: string) => Promise<unknown>): Promise<string> {
  // Unique across the run's files: the stand-in of Click is one for all of them.
  const paydoc = String(100_000_000 + Math.floor(Math.random() * 800_000_000));
  await before?.(paydoc);
  const base = {
    click_trans_id: String(8_100_000 + placed.id),
    click_paydoc_id: paydoc,
    merchant_trans_id: placed.number,
    amount: placed.totals.total.toFixed(2),
  };
  const prepared = await clickCall("prepare", base);
  expect(prepared.error).toBe(0);
  expect((await clickCall("complete", { ...base, merchant_prepare_id: String(prepared.merchant_prepare_id) })).error).toBe(0);
  return paydoc;
}

/** An operations API step of an order (`?lang=ru`: messages in Russian). */
export const step = (key: string, id: number, status: string, extra: Record<string, string> = {}) =>
  ops(`/api/ops/orders/${id}/status?lang=ru`, key, { body: { status, ...extra } });

type Received = { path: string; method?: string; auth?: string | null; body: unknown; to?: string; text?: string };
/** What the providers' stand-in received at `path` (the Telegram chat's: "/telegram"). */
export const received = async (path: string): Promise<Received[]> =>
  ((await (await fetch("http://provider.test/received")).json()) as Received[]).filter((r) => r.path === path);

/** Makes the stand-in answer Click's `op` (reversal, submit_items, status) for a payment as `mode` says: refuse, drop, hang; "" for normal again. */
export const clickMode = (op: string, paydoc: string, mode: string) => fetch(`http://provider.test/mode?to=${op}:${paydoc}&mode=${mode}`, { method: "POST" });

/** Waits for a condition the Worker fulfils after its answer (a `waitUntil`). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await new Promise((r) => setTimeout(r, 20));
    value = await read();
  }
  return value;
}

export type RefundLedgerRow = {
  id: number;
  state: string;
  amount: number;
  attempts: number;
  lastError: string | null;
  lastOutcome: string | null;
  failure: string | null;
  task: string | null;
  madeBy: string | null;
};
export const refundRows = (orderId: number) =>
  env.DB.prepare(
    `SELECT id, state, amount, attempts, last_error AS lastError, last_outcome AS lastOutcome, failure, task, made_by AS madeBy
     FROM refunds WHERE order_id = ?`,
  )
    .bind(orderId)
    .all<RefundLedgerRow>()
    .then((r) => r.results);

export const paymentOf = (orderId: number) =>
  env.DB.prepare("SELECT state, reason FROM payments WHERE order_id = ? ORDER BY id DESC").bind(orderId).first<{ state: string; reason: number | null }>();

/** The channels the shopper was told of the refund on (an SMS, an e-mail), through the provider or by the shop's transfer. */
export const refundMessages = (number: string) =>
  env.DB.prepare(
    "SELECT channel, subject, body FROM outbox WHERE (body LIKE ?1 OR subject LIKE ?1) AND channel IN ('sms', 'email') AND recipient != 'ops@shop.test'",
  )
    .bind(`%${number}%`)
    .all<{ channel: string; subject: string; body: string }>()
    .then((r) =>
      r.results
        .filter((m) => /возвращ|вернул/.test(`${m.subject} ${m.body}`))
        .map((m) => m.channel)
        .sort(),
    );

/** How many times operators were told of `kind` about `ref` (its alert rows: one at most). */
export const alertsOf = async (kind: string, ref: number | string): Promise<number> =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM ops_alerts WHERE kind = ? AND ref = ?").bind(kind, String(ref)).first<{ n: number }>())!.n;

/** The operators' messages (e-mail, Telegram) whose subject names an order, in the order written. */
export const opsMessages = (number: string) =>
  env.DB.prepare("SELECT channel, recipient FROM outbox WHERE recipient IN ('ops@shop.test', '-100200300') AND subject LIKE ? ORDER BY id")
    .bind(`%${number}%`)
    .all<{ channel: string; recipient: string }>()
    .then((r) => r.results);

/** Moves a refund's deadline (seconds from now; negative: passed). */
export const deadlineIn = (refundId: number, seconds: number) =>
  env.DB.prepare("UPDATE refunds SET deadline_at = unixepoch() + ? WHERE id = ?").bind(seconds, refundId).run();
