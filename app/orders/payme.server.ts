import { timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import type { Lang } from "~/i18n/languages";
import { localizePath } from "~/i18n/url";
import { cancelUnpaidStatements } from "./cancellation.server";
import { PAYME_TIMEOUT_MS, type PaymeConfig, paymeConfig } from "./providers.server";
import { receiptOf, receiptStatements } from "./receipt.server";
import { stepStatements } from "./fulfilment.server";
import { confirmRefund } from "./refunds.server";
import { type PaymeRequest, paymeParams, paymeRequestSchema } from "./schema";

/**
 * Payme Business's Merchant API (decision 028): JSON-RPC 2.0 that Payme's servers call on the
 * shop (POST /api/payment/payme), Basic auth "Paycom:<cash register key>", always HTTP 200 with
 * the outcome in the body. Amounts are tiyin (1 UZS = 100 tiyin), times ms since the epoch.
 * A transaction's state is a `payments` row (prepared 1, paid 2, cancelled -1, refunded -2); every
 * change is one conditional statement or batch, so a repeated call finds the row as the first left
 * it and answers the same, and two transactions can never both pay one order.
 */

/** Payme's reasons of a cancel. */
export const REASON = { receivers: 1, debit: 2, failed: 3, timeout: 4, refund: 5, unknown: 10 } as const;

/**
 * Payme's errors, with the messages Payme shows in its app, in Payme's three languages (ru, uz,
 * en: the protocol's, not the shop's). `data` names the account's field where there is one.
 */
const ERRORS = {
  parse: [-32700, "Ошибка разбора JSON.", "JSON xatosi.", "JSON parse error."],
  request: [-32600, "Неверный запрос.", "So'rov noto'g'ri.", "Invalid request."],
  unknown: [-32601, "Метод не найден.", "Usul topilmadi.", "Method not found."],
  auth: [-32504, "Недостаточно привилегий.", "Huquq yetarli emas.", "Insufficient privileges."],
  system: [-32400, "Системная ошибка.", "Tizim xatosi.", "System error."],
  amount: [-31001, "Неверная сумма.", "Summa noto'g'ri.", "Incorrect amount."],
  missing: [-31003, "Транзакция не найдена.", "Tranzaksiya topilmadi.", "Transaction not found."],
  delivered: [-31007, "Заказ выполнен, отмена невозможна.", "Buyurtma bajarilgan, bekor qilib bo'lmaydi.", "The order is fulfilled: it cannot be cancelled."],
  state: [-31008, "Невозможно выполнить операцию.", "Amalni bajarib bo'lmaydi.", "The operation cannot be performed."],
  order: [-31050, "Неверный код заказа.", "Harid kodida xatolik.", "Incorrect order code."],
  receipt: [-31051, "Заказ нельзя оплатить онлайн.", "Buyurtmani onlayn to'lab bo'lmaydi.", "The order cannot be paid online."],
} as const;
type ErrorName = keyof typeof ERRORS;

type RpcId = number | string | null;
type PaymeMethod = keyof typeof paymeParams;

/** A method's parameters are not the protocol's (-32600). */
class BadParams extends Error {}
export type PaymeAnswer =
  | { result: unknown; id: RpcId }
  | { error: { code: number; message: { ru: string; uz: string; en: string }; data?: string }; id: RpcId };

export function paymeError(name: ErrorName, id: RpcId, data?: string): PaymeAnswer {
  const [code, ru, uz, en] = ERRORS[name];
  return { error: { code, message: { ru, uz, en }, ...(data ? { data } : {}) }, id };
}

/** Payme's state of a transaction row. */
const STATE = { prepared: 1, paid: 2, cancelled: -1, refunded: -2 } as const;

type OrderRow = { id: number; number: string; total: number; status: string; method: string; provider: string | null; paidAt: number | null };
type PaymentRow = {
  id: number;
  orderId: number;
  amount: number;
  state: keyof typeof STATE;
  providerTime: number;
  openedMs: number;
  paidMs: number | null;
  cancelledMs: number | null;
  reason: number | null;
  trans: string;
  number: string;
};

const PAYMENT = `SELECT p.id, p.order_id AS orderId, p.amount, p.state, p.provider_time AS providerTime, p.opened_ms AS openedMs, p.paid_ms AS paidMs,
  p.cancelled_ms AS cancelledMs, p.reason, p.provider_trans_id AS trans, o.number FROM payments p JOIN orders o ON o.id = p.order_id`;
const ORDER = `SELECT id, number, total, status, payment_method AS method, payment_provider AS provider, paid_at AS paidAt FROM orders WHERE number = ?`;

/** Payme's Basic auth with the key, or with the next key while one is rotated; each compared in constant time. */
function authorized(cfg: PaymeConfig, header: string | null): boolean {
  const given = new TextEncoder().encode(header ?? "");
  let ok = false;
  for (const key of cfg.keys) {
    const expected = new TextEncoder().encode(`Basic ${btoa(`Paycom:${key}`)}`);
    if (given.length === expected.length && timingSafeEqual(given, expected)) ok = true;
  }
  return ok;
}

/** POST /api/payment/payme: the request's body as text, its Authorization header; the answer to send with HTTP 200. */
export async function paymeCall(env: Env, body: string, authorization: string | null, now = Date.now()): Promise<PaymeAnswer> {
  const cfg = paymeConfig(env);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return paymeError("parse", null);
  }
  const id = typeof (json as { id?: unknown })?.id === "number" || typeof (json as { id?: unknown })?.id === "string" ? (json as { id: RpcId }).id : null;
  if (!cfg || !authorized(cfg, authorization)) return paymeError("auth", id);
  const rpc = paymeRequestSchema.safeParse(json);
  if (!rpc.success) return paymeError("request", id);
  try {
    return await answer(env, rpc.data, now);
  } catch (e) {
    if (e instanceof BadParams) return paymeError("request", id);
    console.error(JSON.stringify({ level: "error", event: "payme", method: rpc.data.method, error: String((e as Error)?.message ?? e) }));
    return paymeError("system", id);
  }
}

async function answer(env: Env, rpc: PaymeRequest, now: number): Promise<PaymeAnswer> {
  const db = env.DB;
  const { id } = rpc;
  const method = rpc.method as PaymeMethod;
  if (!Object.hasOwn(paymeParams, method)) return paymeError("unknown", id, rpc.method);
  // A wrong amount or account is Payme's -31001 or -31050, whatever else the parameters hold.
  if (method === "CheckPerformTransaction" || method === "CreateTransaction") {
    const { amount, account } = rpc.params as { amount?: unknown; account?: { order_id?: unknown } };
    if (!Number.isSafeInteger(amount) || (amount as number) <= 0) return paymeError("amount", id);
    if (typeof account?.order_id !== "string" || !account.order_id) return paymeError("order", id, "order_id");
  }
  const read = <M extends PaymeMethod>(m: M): z.output<(typeof paymeParams)[M]> => {
    const parsed = paymeParams[m].safeParse(rpc.params);
    if (!parsed.success) throw new BadParams();
    return parsed.data as z.output<(typeof paymeParams)[M]>;
  };
  const ok = (result: unknown): PaymeAnswer => ({ result, id });

  switch (method) {
    case "CheckPerformTransaction": {
      const { amount, account } = read(method);
      const checked = await payable(db, account.order_id, amount);
      if ("error" in checked) return paymeError(checked.error, id, checked.data);
      return ok({ allow: true, detail: checked.detail });
    }
    case "CreateTransaction": {
      const { id: trans, time, amount, account } = read(method);
      const known = await paymentByTrans(db, trans);
      if (known) {
        if (known.state !== "prepared" || known.number !== account.order_id) return paymeError("state", id);
        if (now - known.providerTime > PAYME_TIMEOUT_MS) {
          await timeOut(db, known, now);
          return paymeError("state", id);
        }
        return ok({ create_time: known.openedMs, transaction: String(known.id), state: STATE.prepared, receivers: null });
      }
      const checked = await payable(db, account.order_id, amount);
      if ("error" in checked) return paymeError(checked.error, id, checked.data);
      // One statement checks and inserts: the order still waits for this amount through Payme, and has no other
      // transaction under way or paid (a parallel Create, or a cancel meanwhile, leaves nothing to insert).
      await db
        .prepare(
          `INSERT INTO payments (order_id, provider, provider_trans_id, amount, provider_time, opened_ms)
           SELECT id, 'payme', ?2, total, ?4, ?5 FROM orders
           WHERE id = ?1 AND total * 100 = ?3 AND status = 'new' AND paid_at IS NULL AND payment_method = 'online' AND payment_provider = 'payme'
             AND NOT EXISTS (SELECT 1 FROM payments WHERE order_id = ?1 AND state IN ('prepared', 'paid', 'refunded'))
           ON CONFLICT DO NOTHING`,
        )
        .bind(checked.order.id, trans, amount, time, now)
        .run();
      const made = await paymentByTrans(db, trans);
      if (made?.state !== "prepared") return paymeError("state", id);
      return ok({ create_time: made.openedMs, transaction: String(made.id), state: STATE.prepared, receivers: null });
    }
    case "PerformTransaction": {
      const payment = await paymentByTrans(db, read(method).id);
      if (!payment) return paymeError("missing", id);
      if (payment.state === "paid") return ok({ transaction: String(payment.id), perform_time: payment.paidMs, state: STATE.paid });
      if (payment.state !== "prepared") return paymeError("state", id);
      if (now - payment.providerTime > PAYME_TIMEOUT_MS) {
        await timeOut(db, payment, now);
        return paymeError("state", id);
      }
      const [paid] = await db.batch(markPaidStatements(db, payment.id, payment.orderId, now));
      if (paid!.meta.changes === 1) return ok({ transaction: String(payment.id), perform_time: now, state: STATE.paid });
      // The order no longer waits (cancelled, or paid on delivery instead): the transaction ends, Payme gives the money back.
      await db
        .prepare("UPDATE payments SET state = 'cancelled', cancelled_ms = ?2, reason = ?3, updated_at = unixepoch() WHERE id = ?1 AND state = 'prepared'")
        .bind(payment.id, now, REASON.failed)
        .run();
      const after = await paymentByTrans(db, read(method).id);
      return after?.state === "paid" ? ok({ transaction: String(after.id), perform_time: after.paidMs, state: STATE.paid }) : paymeError("state", id);
    }
    case "CancelTransaction": {
      const { id: trans, reason } = read(method);
      const payment = await paymentByTrans(db, trans);
      if (!payment) return paymeError("missing", id);
      if (payment.state === "prepared") {
        const statements = [
          db
            .prepare("UPDATE payments SET state = 'cancelled', cancelled_ms = ?2, reason = ?3, updated_at = unixepoch() WHERE id = ?1 AND state = 'prepared'")
            .bind(payment.id, now, reason),
          // Timed out in Payme: the order lapses as an unpaid one does, its stock and bonuses back.
          ...(reason === REASON.timeout ? cancelUnpaidStatements(db, REASON.timeout, PAYME_ORDER, payment.orderId) : []),
        ];
        await db.batch(statements);
      } else if (payment.state === "paid") {
        if (!(await refundedByPayme(env, payment, { cancelledMs: now, reason }))) return paymeError("delivered", id);
      }
      const after = (await paymentByTrans(db, trans))!;
      if (after.state !== "cancelled" && after.state !== "refunded") return paymeError("state", id);
      return ok({ transaction: String(after.id), cancel_time: after.cancelledMs, state: STATE[after.state] });
    }
    case "CheckTransaction": {
      const payment = await paymentByTrans(db, read(method).id);
      if (!payment) return paymeError("missing", id);
      return ok(transactionView(payment));
    }
    case "GetStatement": {
      const { from, to } = read(method);
      const { results } = await db
        .prepare(`${PAYMENT} WHERE p.provider = 'payme' AND p.provider_time BETWEEN ?1 AND ?2 ORDER BY p.provider_time, p.id`)
        .bind(from, to)
        .all<PaymentRow>();
      return ok({
        transactions: results.map((r) => ({
          id: r.trans,
          time: r.providerTime,
          amount: r.amount * 100,
          account: { order_id: r.number },
          ...transactionView(r),
          receivers: null,
        })),
      });
    }
  }
}

/**
 * Payme cancels a paid transaction: the money went back (the shop's refund, or one an operator
 * made in Payme's cabinet). An order the shop has not shipped is cancelled with it, its stock
 * and bonuses back; a shipped or delivered one refuses (-31007: take it back as a return first).
 */
async function refundedByPayme(env: Env, payment: PaymentRow, at: { cancelledMs: number; reason: number }): Promise<boolean> {
  const order = await env.DB.prepare("SELECT status, stage FROM orders WHERE id = ?").bind(payment.orderId).first<{ status: string; stage: string | null }>();
  if (order?.status !== "cancelled" && (order?.stage === "shipped" || order?.stage === "delivered")) return false;
  // Only once the order is cancelled (already, or by the step in the same batch): shipped meanwhile, it refuses.
  await confirmRefund(
    env,
    payment.id,
    at,
    order?.status === "cancelled" ? [] : stepStatements(env.DB, payment.orderId, "cancelled", null),
    "EXISTS (SELECT 1 FROM orders o WHERE o.id = payments.order_id AND o.status = 'cancelled')",
  );
  const now = await env.DB.prepare("SELECT state FROM payments WHERE id = ?").bind(payment.id).first<{ state: string }>();
  return now?.state === "refunded";
}

function transactionView(p: PaymentRow) {
  return {
    create_time: p.openedMs,
    perform_time: p.paidMs ?? 0,
    cancel_time: p.cancelledMs ?? 0,
    transaction: String(p.id),
    state: STATE[p.state],
    reason: p.reason,
  };
}

function paymentByTrans(db: D1Database, trans: string): Promise<PaymentRow | null> {
  return db.prepare(`${PAYMENT} WHERE p.provider = 'payme' AND p.provider_trans_id = ?`).bind(trans).first<PaymentRow>();
}

/** The order a Payme transaction's timeout lapses: only while it still waits to be paid through Payme (not switched to pay on delivery). */
const PAYME_ORDER = "id = ?1 AND payment_method = 'online' AND payment_provider = 'payme'";

/** A transaction past Payme's 12 hours: cancelled (reason 4), and its order lapses as an unpaid one does. */
async function timeOut(db: D1Database, payment: PaymentRow, now: number): Promise<void> {
  await db.batch([
    db
      .prepare("UPDATE payments SET state = 'cancelled', cancelled_ms = ?2, reason = ?3, updated_at = unixepoch() WHERE id = ?1 AND state = 'prepared'")
      .bind(payment.id, now, REASON.timeout),
    ...cancelUnpaidStatements(db, REASON.timeout, PAYME_ORDER, payment.orderId),
  ]);
}

type Payable = { order: OrderRow; detail: ReturnType<typeof paymeDetail> } | { error: ErrorName; data?: string };

/** May this order be paid through Payme, this amount (tiyin), now? With the receipt's detail when it may. */
async function payable(db: D1Database, number: string, amount: number): Promise<Payable> {
  const order = await db.prepare(ORDER).bind(number).first<OrderRow>();
  if (order?.method !== "online" || order.provider !== "payme") return { error: "order", data: "order_id" };
  if (order.paidAt !== null || order.status !== "new") return { error: "state" };
  if (amount !== order.total * 100) return { error: "amount" };
  const [active, ...receipt] = await db.batch([
    db.prepare("SELECT 1 FROM payments WHERE order_id = ? AND state IN ('prepared', 'paid', 'refunded') LIMIT 1").bind(order.id),
    ...receiptStatements(db, order.id),
  ]);
  if (active!.results.length) return { error: "state" };
  const lines = receiptOf(receipt);
  if (!lines) return { error: "receipt", data: "order_id" };
  return { order, detail: paymeDetail(lines) };
}

/** The receipt as Payme's `detail` carries it: tiyin, the unit price per item, the discount for the whole line. */
function paymeDetail(lines: NonNullable<ReturnType<typeof receiptOf>>) {
  return {
    receipt_type: 0,
    items: lines.map((l) => ({
      title: l.title,
      price: l.price * 100,
      count: l.count,
      discount: l.discount * 100,
      code: l.code,
      package_code: l.packageCode,
      vat_percent: l.vatPercent,
    })),
  };
}

/**
 * The payment and its order marked paid in one batch, each only while the other may be: the
 * transaction still prepared, the order still new, unpaid and online. Click's Complete and
 * Payme's Perform alike.
 */
export function markPaidStatements(db: D1Database, paymentId: number, orderId: number, nowMs: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE payments SET state = 'paid', paid_ms = ?3, updated_at = unixepoch() WHERE id = ?1 AND state = 'prepared'
         AND EXISTS (SELECT 1 FROM orders WHERE id = ?2 AND status = 'new' AND paid_at IS NULL AND payment_method = 'online')`,
      )
      .bind(paymentId, orderId, nowMs),
    db
      .prepare(
        `UPDATE orders SET status = 'paid', paid_at = unixepoch() WHERE id = ?2 AND status = 'new' AND paid_at IS NULL AND payment_method = 'online'
         AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND state = 'paid')`,
      )
      .bind(paymentId, orderId),
  ];
}

/**
 * Where the shopper pays an order through Payme: its checkout page, the parameters in base64
 * (`m` the cash register, `ac.order_id` the order's number, `a` the amount in tiyin, `l` the
 * language Payme speaks (uz or ru; uk reads Russian there), `c` the way back to the order).
 */
export function paymeUrl(cfg: PaymeConfig, order: { number: string; total: number }, lang: Lang, defaultLang: Lang, origin: string): string {
  const back = origin ? `${origin}${localizePath(`/checkout/done/${order.number}`, lang, defaultLang)}` : "";
  const params = [
    `m=${cfg.merchantId}`,
    `ac.order_id=${order.number}`,
    `a=${order.total * 100}`,
    `l=${lang === "uz" ? "uz" : "ru"}`,
    ...(back ? [`c=${back}`] : []),
  ];
  const encoded = btoa(params.join(";"));
  return `${cfg.checkoutUrl.replace(/\/$/, "")}/${encoded}`;
}
