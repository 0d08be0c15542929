import { formatUzs } from "~/i18n/format";
import type { Lang } from "~/i18n/languages";
import { serverT } from "~/i18n/translator.server";
import { alertOperators, enqueue } from "~/outbox/index.server";
import { clickApi, clickPaymentStatus, clickReversal, replyText, succeeded } from "./click-api.server";
import type { RefundRow } from "./ledger";

/**
 * Money back (decision 028), a ledger whose rows end. A shop's cancel or return of a paid online
 * order owes the money in the same batch (a `refunds` row, one per paid transaction: never two),
 * with its provider's deadline. Then:
 * - Click: its reversal, at once and, while Click refuses or does not answer, by the scheduled job
 *   with a growing pause. A try claims the row first (its outcome `unknown` until Click answers), so
 *   the job, the shop's own send and an operator's never send it together; every try after the
 *   first asks Click's payment status first, so a reversal that went through without an answer is
 *   recorded, not sent again. Past Click's window (its reversal takes only the current month's
 *   payments) the refund fails: an operator pays it back by bank transfer.
 * - Payme documents no call for a merchant to give money back: the refund is an operator's task
 *   (cancel the transaction in Payme's business cabinet), `requested` until Payme's own
 *   CancelTransaction confirms it.
 * A refund open past its deadline fails. Failed refunds and tasks are told to operators once.
 */

type Dispatch = ((request: Request) => Promise<Response>) | null;

type Claimed = { id: number; orderId: number; paymentId: number; amount: number; attempts: number; doc: string | null; deadlineAt: number };

/** The next try waits 10, 10, 10, 16, 32 … minutes, at most 6 hours: never less than a call may take. */
const NEXT_TRY = "?2 + MIN(21600, MAX(600, 60 * (1 << MIN(attempts, 9))))";

/** Payme's refund waits this long for an operator's cancel in its cabinet, then fails (14 days). */
export const PAYME_REFUND_DAYS = 14;

/** An outcome unknown past the deadline is asked about this much longer, then fails all the same. */
const UNKNOWN_GRACE_SECONDS = 2 * 86400;

/**
 * The deadline of a refund of a payment (`payments` p): Click reverses a payment until the end of
 * the first day of the month after it was paid (Tashkent time, UTC+5); Payme's waits 14 days.
 */
export const REFUND_DEADLINE_SQL = `CASE p.provider WHEN 'click'
  THEN unixepoch(date(COALESCE(p.paid_ms / 1000, p.created_at), 'unixepoch', '+5 hours', 'start of month', '+1 month', '+1 day')) - 18000
  ELSE unixepoch() + ${PAYME_REFUND_DAYS} * 86400 END`;

/** Owed: the statement that writes the refund of each paid transaction of orders `these` (ids, `?1`), for a step's batch. */
export function owedRefundsStatement(db: D1Database, these: string, ...binds: unknown[]): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO refunds (order_id, payment_id, provider, amount, deadline_at)
       SELECT p.order_id, p.id, p.provider, p.amount, ${REFUND_DEADLINE_SQL} FROM payments p WHERE p.state = 'paid' AND p.order_id IN (${these})
       ON CONFLICT (payment_id) DO NOTHING`,
    )
    .bind(...binds);
}

export type RefundOutcome = "refunded" | "requested" | "failed" | "refused" | "unknown" | "skipped";

/** Sends every refund an order owes now (the shop's cancel or return). */
export async function sendRefundsOf(env: Env, orderId: number, dispatch: Dispatch): Promise<void> {
  const { results } = await env.DB.prepare("SELECT id FROM refunds WHERE order_id = ? AND state = 'pending'").bind(orderId).all<{ id: number }>();
  for (const r of results) await sendRefund(env, r.id, dispatch);
}

/**
 * The scheduled job: refunds past their deadline fail (one past it with an unknown outcome is
 * asked about first, for two more days), then those whose next try has come are sent again.
 * Returns how many were made.
 */
export async function retryDueRefunds(env: Env, dispatch: Dispatch, now = Math.floor(Date.now() / 1000), limit = 20): Promise<number> {
  await failOverdue(env, now);
  await tellUntold(env);
  const { results } = await env.DB.prepare("SELECT id FROM refunds WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?")
    .bind(now, limit)
    .all<{ id: number }>();
  let made = 0;
  for (const r of results) if ((await sendRefund(env, r.id, dispatch, now)) === "refunded") made++;
  return made;
}

/** Open refunds past their deadline (and past its grace, when the last try's outcome is unknown) fail: one statement, each told once. */
async function failOverdue(env: Env, now: number): Promise<void> {
  const { results } = await env.DB.prepare(
    `UPDATE refunds SET state = 'failed', failure = 'deadline', task = 'bank_transfer', failed_at = ?1
     WHERE state IN ('pending', 'requested') AND deadline_at <= ?1 AND (last_outcome IS NOT 'unknown' OR deadline_at <= ?1 - ?2)
     RETURNING id`,
  )
    .bind(now, UNKNOWN_GRACE_SECONDS)
    .all<{ id: number }>();
  for (const r of results) await tellFailed(env, r.id);
}

/**
 * One try of one refund: "refunded" (made), "requested" (an operator's task at Payme, its
 * confirmation awaited), "failed" (it cannot be made through the provider), "refused" or
 * "unknown" (tried again later), or "skipped" when it is not due (made, or another try holds it).
 */
export async function sendRefund(env: Env, refundId: number, dispatch: Dispatch, now = Math.floor(Date.now() / 1000)): Promise<RefundOutcome> {
  const db = env.DB;
  const provider = await db.prepare("SELECT provider FROM refunds WHERE id = ? AND state = 'pending'").bind(refundId).first<{ provider: string }>();
  if (!provider) return "skipped";
  if (provider.provider === "payme") {
    // No call to make: an operator cancels the transaction in Payme's cabinet; Payme's CancelTransaction makes it.
    const asked = await db
      .prepare("UPDATE refunds SET state = 'requested', task = 'payme_cabinet', last_outcome = NULL WHERE id = ? AND state = 'pending' RETURNING id")
      .bind(refundId)
      .first();
    if (!asked) return "skipped";
    await tellTask(env, refundId);
    return "requested";
  }
  const claimed = await db
    .prepare(
      `UPDATE refunds SET attempts = attempts + 1, next_attempt_at = ${NEXT_TRY}, last_error = NULL, last_outcome = 'unknown'
       WHERE id = ?1 AND state = 'pending' AND next_attempt_at <= MAX(?2, unixepoch())
       RETURNING id, order_id AS orderId, payment_id AS paymentId, amount, attempts, deadline_at AS deadlineAt,
         (SELECT provider_doc_id FROM payments WHERE payments.id = refunds.payment_id) AS doc`,
    )
    .bind(refundId, now)
    .first<Claimed>();
  if (!claimed) return "skipped";
  const click = clickApi(env, dispatch);
  if (!click || !claimed.doc)
    return fail(env, claimed.id, "not_configured", click ? "the payment has no Click payment id" : "Click's Merchant API is not configured");
  // A try after the first may follow one whose answer never came: Click is asked what happened.
  if (claimed.attempts > 1) {
    const status = await clickPaymentStatus(click, claimed.doc);
    if (status === "reversed") return (await confirmRefund(env, claimed.paymentId, { cancelledMs: Date.now(), reason: 5 })) ? "refunded" : "skipped";
    if (status === "unknown") return ended(env, claimed.id, "unknown", "Click's payment status did not answer");
  }
  if (now >= claimed.deadlineAt) return fail(env, claimed.id, "click_month", "Click reverses only the current month's payments");
  const reply = await clickReversal(click, claimed.doc);
  if (succeeded(reply)) return (await confirmRefund(env, claimed.paymentId, { cancelledMs: Date.now(), reason: 5 })) ? "refunded" : "skipped";
  return ended(env, claimed.id, "unknown" in reply ? "unknown" : "refused", replyText(reply));
}

/** A try that ended without the refund: Click's refusal, or no answer (unknown: the next try asks first). */
async function ended(env: Env, id: number, outcome: "refused" | "unknown", error: string): Promise<RefundOutcome> {
  await env.DB.prepare("UPDATE refunds SET last_outcome = ?2, last_error = ?3 WHERE id = ?1 AND state = 'pending'").bind(id, outcome, error).run();
  console.warn(JSON.stringify({ level: "warn", event: "refund", id, outcome, error }));
  return outcome;
}

/** The refund cannot be made through the provider: failed, with the operator's task, told once. */
async function fail(env: Env, id: number, failure: "click_month" | "not_configured", error: string): Promise<RefundOutcome> {
  const failed = await env.DB.prepare(
    `UPDATE refunds SET state = 'failed', failure = ?2, task = 'bank_transfer', last_outcome = NULL, last_error = ?3, failed_at = unixepoch()
     WHERE id = ?1 AND state = 'pending' RETURNING id`,
  )
    .bind(id, failure, error)
    .first();
  if (failed) await tellFailed(env, id);
  return failed ? "failed" : "skipped";
}

/**
 * Refunds waiting for a person whose alert was never written (a try that stopped between its
 * change and its alert, or rows older than the alerts): told now. The alert's own row makes this once.
 */
async function tellUntold(env: Env): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT id, state FROM refunds r WHERE state IN ('failed', 'requested')
       AND NOT EXISTS (SELECT 1 FROM ops_alerts a WHERE a.kind = CASE r.state WHEN 'failed' THEN 'refund_failed' ELSE 'refund_task' END AND a.ref = CAST(r.id AS TEXT))
     LIMIT 20`,
  ).all<{ id: number; state: string }>();
  for (const r of results) await (r.state === "failed" ? tellFailed(env, r.id) : tellTask(env, r.id));
}

async function tellFailed(env: Env, id: number): Promise<void> {
  const r = await refundById(env.DB, id);
  if (r) await alertOperators(env, "refund_failed", id, { number: r.orderNumber, amount: r.amount, provider: r.provider, failure: r.failure ?? "" });
}

async function tellTask(env: Env, id: number): Promise<void> {
  const r = await refundById(env.DB, id);
  if (r) await alertOperators(env, "refund_task", id, { number: r.orderNumber, amount: r.amount, transaction: r.transaction });
}

/**
 * The provider says the money went back: the transaction refunded (Payme's -2, reason 5 unless
 * it gave one), the refund made by the provider (a row owed before, even one failed meanwhile, or
 * a new one when the provider's own cabinet started it), and the shopper told, each once. Never
 * over a refund an operator already made by hand: that money went back another way. `before`:
 * statements of the caller's that go first in the same batch; `onlyIf`: a condition on the
 * payment (`payments`) the change needs. Returns whether this call made the refund.
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
         WHERE id = ?1 AND state IN ('paid', 'refunded') AND ${onlyIf}
           AND NOT EXISTS (SELECT 1 FROM refunds WHERE refunds.payment_id = payments.id AND refunds.made_by = 'operator')`,
      )
      .bind(paymentId, at.cancelledMs, at.reason),
    db
      .prepare(
        `INSERT INTO refunds (order_id, payment_id, provider, amount, state, made_by, refunded_at)
         SELECT order_id, id, provider, amount, 'refunded', 'provider', unixepoch() FROM payments WHERE id = ?1 AND state = 'refunded'
         ON CONFLICT (payment_id) DO UPDATE SET state = 'refunded', made_by = 'provider', refunded_at = unixepoch(), last_outcome = NULL, last_error = NULL
           WHERE refunds.state IN ('pending', 'requested', 'failed')
         RETURNING amount, (SELECT json_object('number', number, 'phone', phone, 'email', email, 'lang', lang) FROM orders WHERE orders.id = refunds.order_id) AS orderJson`,
      )
      .bind(paymentId),
    returnReceiptStatement(db, "r.payment_id = ?1", paymentId),
  ]);
  const made = results.at(-2)?.results[0] as Made | undefined;
  if (!made) return false;
  await afterRefund(env, made, results.at(-1)?.results[0] as { id: number } | undefined);
  return true;
}

/**
 * A refund made (the refund `refund` names, a condition on `refunds` r with its `?1`) of a payment
 * whose sale receipt Click accepted needs its return receipt: Click documents no call, so it is an
 * operator's task. RETURNING its id when it is new.
 */
function returnReceiptStatement(db: D1Database, refund: string, bind: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO fiscal_receipts (order_id, payment_id, kind, provider, state)
       SELECT f.order_id, f.payment_id, 'return', f.provider, 'task' FROM fiscal_receipts f JOIN refunds r ON r.payment_id = f.payment_id
       WHERE ${refund} AND r.state = 'refunded' AND f.kind = 'sale' AND f.state = 'accepted'
       ON CONFLICT (payment_id, kind) DO NOTHING RETURNING id`,
    )
    .bind(bind);
}

type Made = { amount: number; orderJson: string };

/**
 * The shopper told that the money went back (through the provider, or by the shop's transfer), and
 * operators asked for the return receipt its batch made (`returnReceipt`), if any.
 */
async function afterRefund(env: Env, made: Made, returnReceipt: { id: number } | undefined, byHand = false): Promise<void> {
  const order = JSON.parse(made.orderJson) as { number: string; phone: string; email: string | null; lang: Lang };
  const t = serverT(order.lang);
  const vars = { number: order.number, amount: formatUzs(made.amount, order.lang) };
  const key = byHand ? "refundedByHand" : "refunded";
  await enqueue(env, { channel: "sms", recipient: order.phone, body: t(`orders:sms.${key}`, vars) });
  if (order.email)
    await enqueue(env, {
      channel: "email",
      recipient: order.email,
      subject: t(`orders:email.${key}Subject`, vars),
      body: t(`orders:email.${key}Body`, vars),
    });
  if (returnReceipt) await alertOperators(env, "receipt_task", returnReceipt.id, { number: order.number, amount: made.amount });
}

/** A try under way or whose answer never came: the provider may still send, or have sent, the money. */
const IN_FLIGHT = "state = 'pending' AND last_outcome = 'unknown'";

/**
 * An operator's try of an owed refund, now, without waiting for its next try. Not while a try is
 * under way or its outcome unknown and not yet due (the job asks the provider first then).
 * Null: no such refund; "skipped": made, failed, or a try under way.
 */
export async function retryRefundNow(env: Env, id: number, dispatch: Dispatch): Promise<{ outcome: RefundOutcome; refund: RefundRow } | null> {
  const db = env.DB;
  const due = await db
    .prepare(
      `UPDATE refunds SET next_attempt_at = MIN(next_attempt_at, unixepoch()) WHERE id = ? AND state = 'pending'
       AND NOT (${IN_FLIGHT} AND next_attempt_at > unixepoch()) RETURNING id`,
    )
    .bind(id)
    .first();
  const outcome = due ? await sendRefund(env, id, dispatch) : "skipped";
  const refund = await refundById(db, id);
  return refund ? { outcome, refund } : null;
}

/**
 * An operator says the money went back another way (a bank transfer): the refund made by hand and
 * the shopper told. One statement, only once the provider can no longer send it: the refund
 * failed, or the provider's last answer refused it. Refused (`made` false) while a try is under way
 * or its outcome unknown, while Payme's confirmation is awaited, and once it was made.
 */
export async function refundMadeByHand(env: Env, id: number): Promise<{ made: boolean; refund: RefundRow } | null> {
  const db = env.DB;
  const [made, receipt, after] = await db.batch([
    db
      .prepare(
        `UPDATE refunds SET state = 'refunded', made_by = 'operator', refunded_at = unixepoch()
         WHERE id = ?1 AND (state = 'failed' OR (state = 'pending' AND last_outcome = 'refused'))
         RETURNING amount, (SELECT json_object('number', number, 'phone', phone, 'email', email, 'lang', lang) FROM orders WHERE orders.id = refunds.order_id) AS orderJson`,
      )
      .bind(id),
    returnReceiptStatement(db, "r.id = ?1", id),
    refundByIdStatement(db, id),
  ]);
  const refund = after!.results[0] as RefundRow | undefined;
  if (!refund) return null;
  const row = made!.results[0] as Made | undefined;
  if (row) await afterRefund(env, row, receipt!.results[0] as { id: number } | undefined, true);
  return { made: Boolean(row), refund };
}

const REFUND_ROW = `SELECT r.id, o.number AS orderNumber, r.provider, p.provider_trans_id AS "transaction", r.amount, r.state, r.attempts, r.last_error AS lastError,
  r.last_outcome AS lastOutcome, r.failure, r.task, r.made_by AS madeBy, r.next_attempt_at AS nextAttemptAt, r.deadline_at AS deadlineAt,
  r.created_at AS createdAt, r.refunded_at AS refundedAt
  FROM refunds r JOIN orders o ON o.id = r.order_id JOIN payments p ON p.id = r.payment_id`;

/** One refund as the operations API lists it. */
const refundByIdStatement = (db: D1Database, id: number) => db.prepare(`${REFUND_ROW} WHERE r.id = ?`).bind(id);
const refundById = (db: D1Database, id: number) => refundByIdStatement(db, id).first<RefundRow>();

export type RefundsFilter = "open" | "pending" | "requested" | "failed" | "refunded" | "all";

/**
 * Refunds for the operations API and console (`open`: owed, asked or failed, not yet made): those
 * not yet made first (failed first, then the oldest), then the latest made.
 */
export async function listRefunds(db: D1Database, state: RefundsFilter, limit: number): Promise<RefundRow[]> {
  const { results } = await db
    .prepare(
      `${REFUND_ROW} WHERE ?1 = 'all' OR r.state = ?1 OR (?1 = 'open' AND r.state != 'refunded')
       ORDER BY r.state = 'refunded', r.state != 'failed', CASE WHEN r.state != 'refunded' THEN r.id END, r.id DESC LIMIT ?2`,
    )
    .bind(state, limit)
    .all<RefundRow>();
  return results;
}
