import { createHash } from "node:crypto";
import type { Lang } from "~/i18n/languages";
import { serverT } from "~/i18n/middleware.server";
import { enqueue } from "~/outbox/index.server";
import { paymeConfig, providerFetch } from "./providers.server";

/**
 * Money back (decision 028). A shop's cancel or return of a paid online order owes the money in
 * the same batch (a `refunds` row, one per paid transaction: never two); it is then sent back
 * through the provider it came from, at once and, while the provider refuses or cannot be
 * reached, by the scheduled job with a growing pause. A send claims the row first (its next
 * try moved on past the call's own time limit), so the job, the shop's own call and an
 * operator's never send it together; the refund is marked refunded, and the shopper told, once.
 *
 * Click: its Merchant API's reversal (DELETE …/payment/reversal/<service>/<paydoc id>), whose
 * answer is the refund made.
 * Payme: its receipts.cancel on the transaction only asks (`requested`); the refund is made when
 * Payme confirms it with CancelTransaction on the paid transaction (or an operator records it).
 * A request left unconfirmed is asked again by the job.
 */

type Dispatch = ((request: Request) => Promise<Response>) | null;

type Claimed = { id: number; orderId: number; paymentId: number; provider: string; amount: number; attempts: number; trans: string; doc: string | null };

/** The next try waits 10, 10, 10, 16, 32 … minutes, at most 6 hours: never less than a call may take. */
const NEXT_TRY = "unixepoch() + MIN(21600, MAX(600, 60 * (1 << MIN(attempts, 9))))";

/** How long the shop waits for a provider's answer (a claim holds the refund far longer). */
const CALL_LIMIT_MS = 15_000;

/** Owed or asked of the provider, and not yet made: what the job tries again. */
const OPEN = "state IN ('pending', 'requested')";

/** A try claimed and not yet answered (a claim clears the last error; an answer writes it or the state). */
const IN_FLIGHT = "state = 'pending' AND attempts > 0 AND last_error IS NULL";

/** Sends every refund an order owes now (the shop's cancel or return). */
export async function sendRefundsOf(env: Env, orderId: number, dispatch: Dispatch): Promise<void> {
  const { results } = await env.DB.prepare("SELECT id FROM refunds WHERE order_id = ? AND state = 'pending'").bind(orderId).all<{ id: number }>();
  for (const r of results) await sendRefund(env, r.id, dispatch);
}

/** The scheduled job: refunds whose next try has come, sent again. Returns how many the providers took. */
export async function retryDueRefunds(env: Env, dispatch: Dispatch, now = Math.floor(Date.now() / 1000), limit = 20): Promise<number> {
  const { results } = await env.DB.prepare(`SELECT id FROM refunds WHERE ${OPEN} AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?`)
    .bind(now, limit)
    .all<{ id: number }>();
  let done = 0;
  for (const r of results) {
    const outcome = await sendRefund(env, r.id, dispatch, now);
    if (outcome === "refunded" || outcome === "requested") done++;
  }
  return done;
}

/**
 * One try of one refund: "refunded" (made), "requested" (the provider took it, its confirmation
 * awaited), "failed", or "skipped" when it is not due (made, or another try holds it).
 */
export async function sendRefund(
  env: Env,
  refundId: number,
  dispatch: Dispatch,
  now = Math.floor(Date.now() / 1000),
): Promise<"refunded" | "requested" | "failed" | "skipped"> {
  const db = env.DB;
  const claimed = await db
    .prepare(
      `UPDATE refunds SET attempts = attempts + 1, next_attempt_at = ${NEXT_TRY.replace("unixepoch()", "?2")}, last_error = NULL
       WHERE id = ?1 AND ${OPEN} AND next_attempt_at <= MAX(?2, unixepoch())
       RETURNING id, order_id AS orderId, payment_id AS paymentId, provider, amount, attempts,
         (SELECT provider_trans_id FROM payments WHERE payments.id = refunds.payment_id) AS trans,
         (SELECT provider_doc_id FROM payments WHERE payments.id = refunds.payment_id) AS doc`,
    )
    .bind(refundId, now)
    .first<Claimed>();
  if (!claimed) return "skipped";
  const send = providerFetch(env, dispatch);
  const limited: Send = (url, init) => send(url, { ...init, signal: AbortSignal.timeout(CALL_LIMIT_MS) });
  let answer: ProviderAnswer;
  try {
    answer = await (claimed.provider === "payme" ? paymeRefund : clickRefund)(env, claimed, limited);
  } catch (e) {
    answer = { error: `provider unreachable: ${e instanceof Error ? e.name : typeof e}` };
  }
  if ("error" in answer) {
    await db.prepare(`UPDATE refunds SET last_error = ? WHERE id = ? AND ${OPEN}`).bind(answer.error.slice(0, 300), claimed.id).run();
    console.warn(
      JSON.stringify({ level: "warn", event: "refund", id: claimed.id, provider: claimed.provider, attempt: claimed.attempts, error: answer.error }),
    );
    return "failed";
  }
  if (answer.done === "requested") {
    // Asked: the provider's confirmation makes it (unless it came first, during the call).
    await db.prepare("UPDATE refunds SET state = 'requested' WHERE id = ? AND state = 'pending'").bind(claimed.id).run();
    return "requested";
  }
  await confirmRefund(env, claimed.paymentId, { cancelledMs: Date.now(), reason: 5 });
  return "refunded";
}

/** A provider's answer to a refund: made, or asked (its confirmation to come), or why not. */
type ProviderAnswer = { done: "refunded" | "requested" } | { error: string };

/**
 * The provider says the money went back: the transaction refunded (Payme's -2, reason 5 unless
 * it gave one), the refund made (a row owed before, or a new one when the provider's own cabinet
 * started it), and the shopper told, each once. `before`: statements of the caller's that go
 * first in the same batch; `onlyIf`: a condition on the payment (`payments`) the change needs.
 * Returns whether this call made the refund.
 */
export async function confirmRefund(
  env: Env,
  paymentId: number,
  at: { cancelledMs: number; reason: number },
  before: D1PreparedStatement[] = [],
  onlyIf = "1",
): Promise<boolean> {
  const db = env.DB;
  const results = await db.batch([
    ...before,
    db
      .prepare(
        `UPDATE payments SET state = 'refunded', cancelled_ms = COALESCE(cancelled_ms, ?2), reason = COALESCE(reason, ?3), updated_at = unixepoch()
         WHERE id = ?1 AND state IN ('paid', 'refunded') AND ${onlyIf}`,
      )
      .bind(paymentId, at.cancelledMs, at.reason),
    db
      .prepare(
        `INSERT INTO refunds (order_id, payment_id, provider, amount, state, refunded_at)
         SELECT order_id, id, provider, amount, 'refunded', unixepoch() FROM payments WHERE id = ?1 AND state = 'refunded'
         ON CONFLICT (payment_id) DO UPDATE SET state = 'refunded', refunded_at = unixepoch(), last_error = NULL WHERE refunds.state IN ('pending', 'requested')
         RETURNING amount, (SELECT json_object('number', number, 'phone', phone, 'email', email, 'lang', lang) FROM orders WHERE orders.id = refunds.order_id) AS orderJson`,
      )
      .bind(paymentId),
  ]);
  const made = results.at(-1)?.results[0] as { amount: number; orderJson: string } | undefined;
  if (!made) return false;
  const order = JSON.parse(made.orderJson) as { number: string; phone: string; email: string | null; lang: Lang };
  const t = serverT(order.lang);
  const vars = { number: order.number, amount: made.amount.toLocaleString("ru-RU").replace(/\u00a0/g, " ") };
  await enqueue(env, { channel: "sms", recipient: order.phone, body: t("orders:sms.refunded", vars) });
  if (order.email)
    await enqueue(env, {
      channel: "email",
      recipient: order.email,
      subject: t("orders:email.refundedSubject", vars),
      body: t("orders:email.refundedBody", vars),
    });
  return true;
}

type Send = (url: string, init: RequestInit) => Promise<Response>;

/** Click's reversal: Auth "<merchant user id>:sha1(<timestamp><secret>):<timestamp>"; error_code 0 is the refund made. */
async function clickRefund(env: Env, r: Claimed, send: Send): Promise<ProviderAnswer> {
  const { CLICK_API_URL: api, CLICK_MERCHANT_USER_ID: user, CLICK_SERVICE_ID: service, CLICK_SECRET_KEY: secret } = env;
  if (!api || !user || !service || !secret) return { error: "Click's Merchant API is not configured (CLICK_API_URL, CLICK_MERCHANT_USER_ID)" };
  if (!r.doc) return { error: "the payment has no Click payment id" };
  const res = await send(`${api.replace(/\/$/, "")}/payment/reversal/${service}/${r.doc}`, { method: "DELETE", headers: clickHeaders(user, secret) });
  const body = (await res.json().catch(() => null)) as { error_code?: number; error_note?: string } | null;
  if (res.ok && body?.error_code === 0) return { done: "refunded" };
  return { error: `Click answered ${res.status}${body ? ` ${body.error_code}: ${body.error_note ?? ""}` : ""}` };
}

/** The headers of a call to Click's Merchant API. */
export function clickHeaders(user: string, secret: string, at = Math.floor(Date.now() / 1000)): Record<string, string> {
  const digest = createHash("sha1").update(`${at}${secret}`).digest("hex");
  return { Accept: "application/json", "Content-Type": "application/json", Auth: `${user}:${digest}:${at}` };
}

/**
 * Payme's receipts.cancel (X-Auth "<cash register>:<key>"): a receipt cancelled (50) or queued
 * for it (21) is asked; Payme's CancelTransaction on the transaction is the refund made.
 */
async function paymeRefund(env: Env, r: Claimed, send: Send): Promise<ProviderAnswer> {
  const cfg = paymeConfig(env);
  if (!cfg?.apiUrl) return { error: "Payme's API is not configured (PAYME_API_URL)" };
  const res = await send(cfg.apiUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Auth": `${cfg.merchantId}:${cfg.key}` },
    body: JSON.stringify({ id: r.id, method: "receipts.cancel", params: { id: r.trans } }),
  });
  const body = (await res.json().catch(() => null)) as { result?: { receipt?: { state?: number } }; error?: { code?: number; message?: unknown } } | null;
  const state = body?.result?.receipt?.state;
  if (res.ok && (state === 50 || state === 21)) return { done: "requested" };
  return { error: `Payme answered ${res.status}${body?.error ? ` ${body.error.code}` : state !== undefined ? ` receipt state ${state}` : ""}` };
}

export type RefundRow = {
  id: number;
  orderNumber: string;
  provider: string;
  amount: number;
  state: "pending" | "requested" | "refunded";
  attempts: number;
  lastError: string | null;
  nextAttemptAt: number;
  createdAt: number;
  refundedAt: number | null;
};

/**
 * An operator's try of an owed refund, now, without waiting for its next try. Only once the
 * last try has ended (it wrote the provider's answer; a claim clears it): a send under way
 * keeps its claim. Null: no such refund; "skipped": made already, or a try is under way.
 */
export async function retryRefundNow(
  env: Env,
  id: number,
  dispatch: Dispatch,
): Promise<{ outcome: "refunded" | "requested" | "failed" | "skipped"; refund: RefundRow } | null> {
  const db = env.DB;
  const due = await db
    .prepare(`UPDATE refunds SET next_attempt_at = MIN(next_attempt_at, unixepoch()) WHERE id = ? AND ${OPEN} AND NOT (${IN_FLIGHT}) RETURNING id`)
    .bind(id)
    .first();
  const outcome = due ? await sendRefund(env, id, dispatch) : "skipped";
  const refund = await refundById(db, id);
  return refund ? { outcome, refund } : null;
}

/**
 * An operator says the money went back another way (a provider that can no longer reverse it,
 * a bank transfer): the refund made and the shopper told, as a provider's confirmation does.
 * Null: no such refund; `made` false: it was made already, or a try is under way.
 */
export async function refundMadeByHand(env: Env, id: number): Promise<{ made: boolean; refund: RefundRow } | null> {
  const row = await env.DB.prepare(`SELECT payment_id AS paymentId, ${IN_FLIGHT} AS inFlight FROM refunds WHERE id = ?`)
    .bind(id)
    .first<{ paymentId: number; inFlight: number }>();
  if (!row) return null;
  // Not while a provider's try may still send it: the money would go back twice.
  const made = !row.inFlight && (await confirmRefund(env, row.paymentId, { cancelledMs: Date.now(), reason: 5 }));
  return { made, refund: (await refundById(env.DB, id))! };
}

const REFUND_ROW = `SELECT r.id, o.number AS orderNumber, r.provider, r.amount, r.state, r.attempts, r.last_error AS lastError, r.next_attempt_at AS nextAttemptAt,
  r.created_at AS createdAt, r.refunded_at AS refundedAt FROM refunds r JOIN orders o ON o.id = r.order_id`;

/** One refund as the operations API lists it. */
const refundById = (db: D1Database, id: number) => db.prepare(`${REFUND_ROW} WHERE r.id = ?`).bind(id).first<RefundRow>();

/** Refunds for the operations API and console (`open`: owed or asked, not yet made): those not yet made first (oldest first), then the latest made. */
export async function listRefunds(db: D1Database, state: "open" | "pending" | "requested" | "refunded" | "all", limit: number): Promise<RefundRow[]> {
  const { results } = await db
    .prepare(
      `${REFUND_ROW} WHERE ?1 = 'all' OR r.state = ?1 OR (?1 = 'open' AND r.state != 'refunded')
       ORDER BY r.state = 'refunded', CASE WHEN r.state != 'refunded' THEN r.id END, r.id DESC LIMIT ?2`,
    )
    .bind(state, limit)
    .all<RefundRow>();
  return results;
}
