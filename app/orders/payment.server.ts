import { createHash, timingSafeEqual } from "node:crypto";
import { takesPaymentOnDelivery } from "~/delivery/index.server";
import { parseForm } from "~/forms/parse.server";
import type { Lang } from "~/i18n/languages";
import { localizePath } from "~/i18n/url";
import { PAYING_GRACE_MINUTES } from "./cancellation.server";
import type { Order } from "./orders.server";
import { markPaidStatements, paymeUrl } from "./payme.server";
import { paymeConfig } from "./providers.server";
import { saleReceiptStatement, sendReceipt } from "./fiscal.server";
import { type ClickCallback, type OnDeliveryMethod, payOnDeliverySchema } from "./schema";

/**
 * Online payment through Click (click.uz), the hosted-payment provider of its
 * "SHOP API": the shopper pays on Click's page (PAY_URL with the order's number
 * and amount) and comes back to the order; Click's servers call us twice,
 * Prepare (action 0: may this order be paid, this amount?) and Complete
 * (action 1: it was paid, or it failed), each signed with
 * md5(click_trans_id + service_id + secret + merchant_trans_id [+ merchant_prepare_id] + amount + action + sign_time).
 * Every answer is a state change made once: a repeated callback finds the
 * transaction as the first one left it and changes nothing (Click's "already
 * paid", "transaction cancelled"). Locally and in tests /dev/pay/click plays
 * Click's part at the same HTTP boundary.
 */

export type ClickConfig = { serviceId: string; merchantId: string; secretKey: string; payUrl: string };

/** Null when the shop has no Click service configured: online payment is then not offered. */
export function clickConfig(env: Env): ClickConfig | null {
  const { CLICK_SERVICE_ID: serviceId, CLICK_MERCHANT_ID: merchantId, CLICK_SECRET_KEY: secretKey, CLICK_PAY_URL: payUrl } = env;
  return serviceId && merchantId && secretKey && payUrl ? { serviceId, merchantId, secretKey, payUrl } : null;
}

/**
 * Where the shopper pays an order: Click's page with the order's number and
 * amount, and the way back to the order's page. The shop's origin comes from
 * configuration (a relative PAY_URL is the local stand-in on that origin).
 */
export function payUrl(cfg: ClickConfig, order: { number: string; total: number }, lang: Lang, defaultLang: Lang, origin: string): string {
  const url = new URL(cfg.payUrl, origin || "http://localhost");
  url.searchParams.set("service_id", cfg.serviceId);
  url.searchParams.set("merchant_id", cfg.merchantId);
  url.searchParams.set("amount", order.total.toFixed(2));
  url.searchParams.set("transaction_param", order.number);
  if (origin) url.searchParams.set("return_url", `${origin}${localizePath(`/checkout/done/${order.number}`, lang, defaultLang)}`);
  return /^https?:\/\//.test(cfg.payUrl) || origin ? url.toString() : `${url.pathname}${url.search}`;
}

/** How long an unpaid online order holds its stock (UNPAID_ORDER_MINUTES, 60 by default). */
export function unpaidMinutes(env: Env): number {
  return Number(env.UNPAID_ORDER_MINUTES) || 60;
}

/** Where an order still to be paid online is paid, through its own provider; null for any other order. */
export function orderPayUrl(
  env: Env,
  order: { number: string; status: string; payment: { method: string; provider: string | null; paid: boolean }; totals: { total: number } },
  lang: Lang,
  defaultLang: Lang,
  origin: string,
): string | null {
  if (order.payment.method !== "online" || order.payment.paid || order.status !== "new") return null;
  const at = { number: order.number, total: order.totals.total };
  if (order.payment.provider === "payme") {
    const payme = paymeConfig(env);
    return payme ? paymeUrl(payme, at, lang, defaultLang, origin) : null;
  }
  const cfg = clickConfig(env);
  return cfg ? payUrl(cfg, at, lang, defaultLang, origin) : null;
}

/** The origins of the providers' pages, for the CSP's form-action (the place-order form is redirected there). */
export function payOrigins(env: Env): string[] {
  return [env.CLICK_PAY_URL, paymeConfig(env)?.checkoutUrl].flatMap((url) => (url && /^https?:\/\//.test(url) ? [new URL(url).origin] : []));
}

/** The string Click signs: Prepare without merchant_prepare_id, Complete with it. */
export function clickSign(secret: string, p: Omit<ClickCallback, "sign_string">): string {
  const prepareId = p.action === "1" ? (p.merchant_prepare_id ?? "") : "";
  return createHash("md5")
    .update(`${p.click_trans_id}${p.service_id}${secret}${p.merchant_trans_id}${prepareId}${p.amount}${p.action}${p.sign_time}`)
    .digest("hex");
}

function sameHex(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a.toLowerCase());
  const y = new TextEncoder().encode(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Click's error codes (SHOP API). */
const CLICK = {
  ok: [0, "Success"],
  sign: [-1, "SIGN CHECK FAILED!"],
  amount: [-2, "Incorrect parameter amount"],
  action: [-3, "Action not found"],
  paid: [-4, "Already paid"],
  order: [-5, "User does not exist"],
  transaction: [-6, "Transaction does not exist"],
  request: [-8, "Error in request from click"],
  cancelled: [-9, "Transaction cancelled"],
} as const;

export type ClickAnswer = { status: number; body: Record<string, string | number> };

/** An answer in Click's shape; also for a request that did not parse (`request`, 400). */
export function clickAnswer(
  params: Partial<Record<"click_trans_id" | "merchant_trans_id", string>>,
  code: keyof typeof CLICK,
  extra: Record<string, string | number> = {},
  status = 200,
): ClickAnswer {
  return {
    status,
    body: {
      click_trans_id: params.click_trans_id ?? "",
      merchant_trans_id: params.merchant_trans_id ?? "",
      ...extra,
      error: CLICK[code][0],
      error_note: CLICK[code][1],
    },
  };
}

type OrderRow = { id: number; number: string; total: number; status: string; paymentMethod: string; provider: string | null; paidAt: number | null };
type PaymentRow = { id: number; orderId: number; amount: number; state: "prepared" | "paid" | "cancelled" };

/**
 * Click's Prepare or Complete call, parsed (clickCallbackSchema). The HTTP
 * status is 200 for every answer of the protocol (Click reads `error`) and 403
 * for a bad signature; `path` is the callback URL's own action (prepare: 0,
 * complete: 1), which must match the posted one.
 */
export async function clickCallback(
  env: Env,
  params: ClickCallback,
  path: "prepare" | "complete",
  later: (work: Promise<unknown>) => void = () => {},
  dispatch: ((request: Request) => Promise<Response>) | null = null,
): Promise<ClickAnswer> {
  const cfg = clickConfig(env);
  const db = env.DB;
  const answer = (code: keyof typeof CLICK, extra: Record<string, string | number> = {}, status = 200): ClickAnswer => clickAnswer(params, code, extra, status);
  if (!cfg) return answer("request", {}, 404);
  if (!sameHex(clickSign(cfg.secretKey, params), params.sign_string)) return answer("sign", {}, 403);
  if (params.service_id !== cfg.serviceId) return answer("request", {}, 400);
  const action = params.action;
  if (action !== (path === "prepare" ? "0" : "1")) return answer("action");
  const amount = Number(params.amount);

  const order = await db
    .prepare("SELECT id, number, total, status, payment_method AS paymentMethod, payment_provider AS provider, paid_at AS paidAt FROM orders WHERE number = ?")
    .bind(params.merchant_trans_id)
    .first<OrderRow>();
  if (order?.paymentMethod !== "online" || order.provider !== "click") return answer("order");

  if (action === "0") {
    if (order.paidAt !== null) return answer("paid");
    if (order.status !== "new") return answer("cancelled");
    if (amount !== order.total) return answer("amount");
    // One row per Click transaction: a repeated Prepare finds the first one's.
    const [, row] = await db.batch([
      db
        .prepare("INSERT INTO payments (order_id, provider, provider_trans_id, provider_doc_id, amount) VALUES (?, 'click', ?, ?, ?) ON CONFLICT DO NOTHING")
        .bind(order.id, params.click_trans_id, params.click_paydoc_id ?? null, order.total),
      db.prepare("SELECT id, order_id AS orderId, amount, state FROM payments WHERE provider = 'click' AND provider_trans_id = ?").bind(params.click_trans_id),
    ]);
    const payment = row!.results[0] as PaymentRow;
    if (payment.orderId !== order.id) return answer("transaction");
    if (payment.state === "cancelled") return answer("cancelled");
    return answer("ok", { merchant_prepare_id: payment.id });
  }

  const payment = await db
    .prepare("SELECT id, order_id AS orderId, amount, state FROM payments WHERE id = ? AND provider = 'click' AND provider_trans_id = ?")
    .bind(Number(params.merchant_prepare_id) || 0, params.click_trans_id)
    .first<PaymentRow>();
  if (!payment || payment.orderId !== order.id) return answer("transaction");
  if (payment.state === "paid") return answer("paid");
  if (payment.state === "cancelled") return answer("cancelled");
  if (amount !== payment.amount) return answer("amount");
  // Click says the payment failed (its `error` below zero): the transaction ends; the order waits for another.
  if (Number(params.error ?? 0) < 0 || order.status !== "new") {
    await db.prepare("UPDATE payments SET state = 'cancelled', updated_at = unixepoch() WHERE id = ? AND state = 'prepared'").bind(payment.id).run();
    return answer("cancelled");
  }
  // Paid only while the order is still new and online (not cancelled, nor switched to pay on delivery, meanwhile), and the order with it, in one batch.
  const [paid, , receipt] = await db.batch([...markPaidStatements(db, payment.id, order.id, Date.now()), saleReceiptStatement(db, payment.id)]);
  if (paid!.meta.changes === 1) {
    // The sale receipt, owed in the same batch, goes to Click's fiscal call once the money is in; the answer does not wait for it.
    const owed = receipt!.results[0] as { id: number } | undefined;
    if (owed) later(sendReceipt(env, owed.id, dispatch));
    return answer("ok", { merchant_confirm_id: payment.id });
  }
  // A parallel callback or a cancel came first: a transaction still prepared ends (the order is paid by another,
  // or no longer waits), and the answer is the state now.
  const [, now] = await db.batch<{ state: string }>([
    db.prepare("UPDATE payments SET state = 'cancelled', updated_at = unixepoch() WHERE id = ? AND state = 'prepared'").bind(payment.id),
    db.prepare("SELECT state FROM payments WHERE id = ?").bind(payment.id),
  ]);
  return answer(now!.results[0]?.state === "paid" ? "paid" : "cancelled");
}

/**
 * An online order's payment as its page tells it: paid; being paid (Click
 * prepared a payment minutes ago and has not completed it); or not gone
 * through (declined, cancelled on Click's page, or never made) while the order
 * still waits for it. Null for orders paid on delivery and cancelled ones.
 */
export type OnlinePaymentState = "paid" | "paying" | "failed";

export type PaymentView = {
  state: OnlinePaymentState | null;
  /** Where to pay again, once a payment did not go through. */
  payUrl: string | null;
  /** How long an unpaid online order holds its stock (UNPAID_ORDER_MINUTES). */
  minutes: number;
  /** Until when (Unix seconds) it holds it, unless a payment is under way then. */
  holdsUntil: number;
  /** What it can be paid with on delivery instead, once a payment did not go through. */
  onDelivery: OnDeliveryMethod[];
};

/** A payment prepared this recently may still complete (see expireUnpaidOrders). */
const payingSince = (now: number) => now - PAYING_GRACE_MINUTES * 60;

export async function paymentView(
  env: Env,
  order: Order,
  at: { lang: Lang; defaultLang: Lang; origin: string },
  now = Math.floor(Date.now() / 1000),
): Promise<PaymentView> {
  const minutes = unpaidMinutes(env);
  const view: PaymentView = { state: null, payUrl: null, minutes, holdsUntil: order.createdAt + minutes * 60, onDelivery: [] };
  if (order.payment.method !== "online" || order.status === "cancelled") return view;
  if (order.payment.paid) return { ...view, state: "paid" };
  if (order.status !== "new") return view;
  const [paying, card] = await Promise.all([
    env.DB.prepare("SELECT 1 FROM payments WHERE order_id = ? AND state = 'prepared' AND created_at >= ?").bind(order.id, payingSince(now)).first(),
    takesPaymentOnDelivery(env.DB, order.delivery.deliveryTypeId),
  ]);
  if (paying) return { ...view, state: "paying" };
  return {
    ...view,
    state: "failed",
    payUrl: orderPayUrl(env, order, at.lang, at.defaultLang, at.origin),
    onDelivery: card ? ["cash", "card"] : ["cash"],
  };
}

/**
 * The shopper gives up paying online: the order is paid on delivery instead
 * (card only where its type takes payment on delivery). One statement, and
 * only while the order still waits for an online payment and none is under
 * way: a Click payment that completes later finds the order no longer online
 * and is refused (Click returns the money).
 */
export async function payOnDelivery(
  db: D1Database,
  order: Order,
  method: OnDeliveryMethod,
  now = Math.floor(Date.now() / 1000),
): Promise<"ok" | "method" | "state"> {
  if (method === "card" && !(await takesPaymentOnDelivery(db, order.delivery.deliveryTypeId))) return "method";
  const [changed] = await db.batch([
    db
      .prepare(
        `UPDATE orders SET payment_method = ?2 WHERE id = ?1 AND payment_method = 'online' AND status = 'new' AND paid_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM payments WHERE order_id = ?1 AND state = 'prepared' AND created_at >= ?3)`,
      )
      .bind(order.id, method, payingSince(now)),
    // A transaction left open ends with the switch (Payme's -1, reason 3): Payme's checks and a late Perform agree.
    db
      .prepare(
        `UPDATE payments SET state = 'cancelled', cancelled_ms = CAST(unixepoch('subsec') * 1000 AS INTEGER), reason = 3, updated_at = unixepoch()
         WHERE order_id = ?1 AND state = 'prepared' AND EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND payment_method != 'online')`,
      )
      .bind(order.id),
  ]);
  return changed!.meta.changes === 1 ? "ok" : "state";
}

/** The order pages' "pay on delivery instead" form: 422 for a method its type does not take, 409 once the order no longer waits for an online payment. */
export async function runPayOnDelivery(db: D1Database, order: Order, form: FormData): Promise<{ ok: true } | { ok: false; status: 409 | 422; error: string }> {
  const s = parseForm(form, payOnDeliverySchema);
  const done = s.status === "success" ? await payOnDelivery(db, order, s.value.paymentMethod) : "method";
  if (done === "ok") return { ok: true };
  return done === "method"
    ? { ok: false, status: 422, error: "orders:errors.paymentMethod" }
    : { ok: false, status: 409, error: "orders:payment.switchRefused" };
}
