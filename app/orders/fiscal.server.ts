import { alertOperators } from "~/outbox/index.server";
import { clickApi, clickReceiptHeld, clickSubmitReceipt, replyText, succeeded } from "./click-api.server";
import type { ReceiptRow } from "./ledger";
import { type ReceiptLine, receiptOf, receiptStatements, vatIn } from "./receipt.server";

/**
 * Fiscal receipts through Click (decision 028): a paid Click payment owes its sale receipt (a
 * `fiscal_receipts` row written in the batch that marks it paid), sent to Click's
 * `ofd_data/submit_items` at once and, until Click accepts it, by the scheduled job with a growing
 * pause. A try claims the row (`sent`); a try after one whose answer never came asks Click whether
 * it holds the receipt first. A refusal keeps Click's answer and is told to operators once.
 * Payme takes its receipt in CheckPerformTransaction's `detail`, and gives money back with its own
 * return: no row of Payme's here.
 */

type Dispatch = ((request: Request) => Promise<Response>) | null;

const NEXT_TRY = "?2 + MIN(21600, MAX(600, 60 * (1 << MIN(attempts, 9))))";

/** The sale receipt a paid Click payment owes, for the batch that marks it paid. */
export function saleReceiptStatement(db: D1Database, paymentId: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO fiscal_receipts (order_id, payment_id, kind, provider)
       SELECT order_id, id, 'sale', provider FROM payments WHERE id = ? AND state = 'paid' AND provider = 'click'
       ON CONFLICT (payment_id, kind) DO NOTHING RETURNING id`,
    )
    .bind(paymentId);
}

/** The seller's CommissionInfo: the TIN (9 digits) or the PINFL (14), from configuration; null when neither is set. */
function commissionInfo(env: Env): { TIN: string } | { PINFL: string } | null {
  if (env.SELLER_TIN && /^\d{9}$/.test(env.SELLER_TIN)) return { TIN: env.SELLER_TIN };
  if (env.SELLER_PINFL && /^\d{14}$/.test(env.SELLER_PINFL)) return { PINFL: env.SELLER_PINFL };
  return null;
}

/**
 * The body of Click's fiscal call, field by field as Click documents it: sums in tiyin; `Price` the
 * line's whole price before its discount (unit price × count), `Discount` apart; the VAT inside
 * what is paid; `Units` the configured unit code; every line's `CommissionInfo` the seller's. An
 * online payment through Click is made by a bank card: the whole amount is `received_card`.
 */
export function clickReceiptBody(env: Env, service: string, paydoc: string, lines: ReceiptLine[], seller: { TIN: string } | { PINFL: string }) {
  const units = Number(env.CLICK_RECEIPT_UNITS);
  const items = lines.map((l) => {
    const price = l.price * l.count * 100;
    const discount = l.discount * 100;
    return {
      Name: l.title.slice(0, 63),
      SPIC: l.code,
      Units: units,
      PackageCode: l.packageCode,
      GoodPrice: l.price * 100,
      Price: price,
      Amount: l.count,
      Discount: discount,
      VAT: vatIn(price - discount, l.vatPercent),
      VATPercent: l.vatPercent,
      CommissionInfo: seller,
    };
  });
  return {
    service_id: Number(service),
    payment_id: Number(paydoc),
    items,
    received_ecash: 0,
    received_cash: 0,
    received_card: items.reduce((s, i) => s + i.Price - i.Discount, 0),
  };
}

type Claimed = { id: number; orderId: number; attempts: number; doc: string | null; number: string };

/** One try of one sale receipt: "accepted", "refused", "unknown" (tried again), or "skipped" (not due, or accepted). */
export async function sendReceipt(
  env: Env,
  id: number,
  dispatch: Dispatch,
  now = Math.floor(Date.now() / 1000),
): Promise<"accepted" | "refused" | "unknown" | "skipped"> {
  const db = env.DB;
  const claimed = await db
    .prepare(
      `UPDATE fiscal_receipts SET state = 'sent', attempts = attempts + 1, next_attempt_at = ${NEXT_TRY}
       WHERE id = ?1 AND kind = 'sale' AND state IN ('pending', 'sent', 'refused') AND next_attempt_at <= MAX(?2, unixepoch())
         AND EXISTS (SELECT 1 FROM payments WHERE payments.id = fiscal_receipts.payment_id AND payments.state = 'paid')
       RETURNING id, order_id AS orderId, attempts, (SELECT provider_doc_id FROM payments WHERE payments.id = fiscal_receipts.payment_id) AS doc,
         (SELECT number FROM orders WHERE orders.id = fiscal_receipts.order_id) AS number`,
    )
    .bind(id, now)
    .first<Claimed>();
  if (!claimed) return "skipped";
  const click = clickApi(env, dispatch);
  const seller = commissionInfo(env);
  const lines = receiptOf(await db.batch(receiptStatements(db, claimed.orderId)));
  const refusal =
    !click || !claimed.doc
      ? "Click's Merchant API is not configured"
      : !seller
        ? "the seller's TIN or PINFL is not configured"
        : !lines
          ? "the order's receipt lines are incomplete"
          : null;
  if (refusal || !click || !claimed.doc || !seller || !lines) return refused(env, claimed, refusal ?? "");
  // The last try's answer may never have come: Click is asked whether it took the receipt.
  if (claimed.attempts > 1 && (await clickReceiptHeld(click, claimed.doc))) return accepted(db, claimed.id);
  const reply = await clickSubmitReceipt(click, clickReceiptBody(env, click.service, claimed.doc, lines, seller));
  if (succeeded(reply)) return accepted(db, claimed.id);
  // No answer: it stays sent, and the next try asks first.
  if ("unknown" in reply) {
    await db.prepare("UPDATE fiscal_receipts SET answer = ? WHERE id = ? AND state = 'sent'").bind(replyText(reply), claimed.id).run();
    return "unknown";
  }
  return refused(env, claimed, replyText(reply));
}

async function accepted(db: D1Database, id: number): Promise<"accepted"> {
  await db.prepare("UPDATE fiscal_receipts SET state = 'accepted', answer = NULL, accepted_at = unixepoch() WHERE id = ? AND state = 'sent'").bind(id).run();
  return "accepted";
}

async function refused(env: Env, r: Claimed, answer: string): Promise<"refused"> {
  const changed = await env.DB.prepare("UPDATE fiscal_receipts SET state = 'refused', answer = ? WHERE id = ? AND state = 'sent'").bind(answer, r.id).run();
  console.warn(JSON.stringify({ level: "warn", event: "click-receipt", id: r.id, answer }));
  if (changed.meta.changes) await alertOperators(env, "receipt_refused", r.id, { number: r.number, answer });
  return "refused";
}

/** The scheduled job: sale receipts not yet accepted whose next try has come. Returns how many Click accepted. */
export async function retryDueReceipts(env: Env, dispatch: Dispatch, now = Math.floor(Date.now() / 1000), limit = 20): Promise<number> {
  await tellUntold(env);
  const { results } = await env.DB.prepare(
    "SELECT id FROM fiscal_receipts WHERE kind = 'sale' AND state IN ('pending', 'sent', 'refused') AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?",
  )
    .bind(now, limit)
    .all<{ id: number }>();
  let accepted = 0;
  for (const r of results) if ((await sendReceipt(env, r.id, dispatch, now)) === "accepted") accepted++;
  return accepted;
}

/**
 * Receipts that need a person and whose alert was never written (a try that stopped between its
 * change and its alert): told now. The alert's own row makes this once.
 */
async function tellUntold(env: Env): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT f.id, f.kind, f.answer, o.number, (SELECT amount FROM refunds WHERE refunds.payment_id = f.payment_id) AS amount
     FROM fiscal_receipts f JOIN orders o ON o.id = f.order_id
     WHERE f.state IN ('refused', 'task')
       AND NOT EXISTS (SELECT 1 FROM ops_alerts a WHERE a.kind = CASE f.kind WHEN 'sale' THEN 'receipt_refused' ELSE 'receipt_task' END AND a.ref = CAST(f.id AS TEXT))
     LIMIT 20`,
  ).all<{ id: number; kind: string; answer: string | null; number: string; amount: number | null }>();
  for (const r of results)
    if (r.kind === "sale") await alertOperators(env, "receipt_refused", r.id, { number: r.number, answer: r.answer ?? "" });
    else await alertOperators(env, "receipt_task", r.id, { number: r.number, amount: r.amount ?? 0 });
}

const RECEIPT_ROW = `SELECT f.id, o.number AS orderNumber, f.kind, f.provider, f.state, f.attempts, f.answer, f.created_at AS createdAt, f.accepted_at AS acceptedAt
  FROM fiscal_receipts f JOIN orders o ON o.id = f.order_id`;

/** Receipts for operators: those that need them (refused, a return to make by hand) and those still on their way first, then the latest done. */
export async function listReceipts(db: D1Database, open: boolean, limit: number): Promise<ReceiptRow[]> {
  const { results } = await db
    .prepare(
      `${RECEIPT_ROW} WHERE ?1 = 0 OR f.state NOT IN ('accepted', 'done')
       ORDER BY f.state IN ('accepted', 'done'), f.state NOT IN ('refused', 'task'), f.id DESC LIMIT ?2`,
    )
    .bind(open ? 1 : 0, limit)
    .all<ReceiptRow>();
  return results;
}

/** An operator made a return receipt by hand (in Click's cabinet): done. Null: no such receipt; `done` false: it is not a task. */
export async function receiptDoneByHand(db: D1Database, id: number): Promise<{ done: boolean; receipt: ReceiptRow } | null> {
  const [done, row] = await db.batch([
    db.prepare("UPDATE fiscal_receipts SET state = 'done', accepted_at = unixepoch() WHERE id = ? AND state = 'task' RETURNING id").bind(id),
    db.prepare(`${RECEIPT_ROW} WHERE f.id = ?`).bind(id),
  ]);
  const receipt = row!.results[0] as ReceiptRow | undefined;
  return receipt ? { done: done!.results.length > 0, receipt } : null;
}
