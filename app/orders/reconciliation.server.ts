import { alertOperators } from "~/outbox/index.server";
import { clickApi, clickPaymentStatus } from "./click-api.server";
import type { FindingKind, FindingRow } from "./ledger";

/**
 * The daily reconciliation (decision 028): the shop's ledger against what each provider reports,
 * over the payments of the last weeks. It lists mismatches for operators (told once each) and
 * never changes money by itself. Click is asked each payment's status; Payme reports nothing the
 * shop can ask for, so its transactions are checked against the states the shop answered Payme
 * (those are what Payme's CheckTransaction and GetStatement read).
 */

type Dispatch = ((request: Request) => Promise<Response>) | null;

/** Payments changed this recently are examined each day. */
const WINDOW_DAYS = 35;
/** At most this many Click status calls a run (the busiest days first wait for the next run). */
const CLICK_CALLS = 200;
/** After this many Click status calls in a row without an answer, the run asks no more. */
const SILENT_CALLS = 5;
/** A sale receipt not accepted this long after the payment is missing. */
const RECEIPT_HOURS = 1;

type Examined = {
  id: number;
  orderId: number;
  provider: string;
  state: string;
  doc: string | null;
  orderStatus: string;
  refundState: string | null;
  madeBy: string | null;
  receiptState: string | null;
  paidAt: number | null;
};

type Found = { kind: FindingKind; paymentId: number; orderId: number; detail: string };

/** What the shop's own rows say against each other, for one payment. */
function ledgerFindings(p: Examined, now: number): Found[] {
  const found: Found[] = [];
  const at = (kind: FindingKind, detail: string) => found.push({ kind, paymentId: p.id, orderId: p.orderId, detail });
  if (p.state === "paid" && p.orderStatus === "cancelled" && !p.refundState) at("ledger_disagrees", "paid, the order cancelled, and no refund owed");
  if (p.state === "refunded" && p.refundState !== "refunded") at("ledger_disagrees", "refunded at the provider, the refund not recorded made");
  // Payme reads the shop's answer: a transaction left open would still be payable there (Click's prepared ones are only Click's attempts).
  if (p.provider === "payme" && p.state === "prepared" && p.orderStatus !== "new") at("ledger_disagrees", `still open at Payme, the order ${p.orderStatus}`);
  if (p.state === "refunded" && p.madeBy === "operator") at("refunded_twice", "refunded by the provider and by hand");
  if (
    p.provider === "click" &&
    (p.state === "paid" || p.state === "refunded") &&
    p.receiptState !== "accepted" &&
    (p.paidAt ?? now) < now - RECEIPT_HOURS * 3600
  )
    at("receipt_missing", `sale receipt ${p.receiptState ?? "never made"}`);
  return found;
}

/** What Click reports against the shop's rows, for one Click payment. */
function clickFindings(p: Examined, status: "paid" | "reversed" | "unknown"): Found[] {
  const at = (kind: FindingKind, detail: string): Found[] => [{ kind, paymentId: p.id, orderId: p.orderId, detail }];
  if (status === "paid" && p.state !== "paid" && p.state !== "refunded") return at("paid_at_provider", `Click: paid; the shop: ${p.state}`);
  if (status === "paid" && p.state === "refunded") return at("ledger_disagrees", "Click: still paid; the shop: refunded");
  if (status === "paid" && p.refundState === "refunded" && p.madeBy === "provider")
    return at("ledger_disagrees", "Click: still paid; the refund recorded made");
  if (status === "reversed" && p.state === "paid" && p.madeBy === "operator") return at("refunded_twice", "Click: reversed; the refund also made by hand");
  // A refund still under way may be that reversal, not yet recorded: its next try asks Click and records it.
  if (status === "reversed" && p.state === "paid" && !p.refundState) return at("not_paid_at_provider", "Click: not paid; the shop: paid");
  return [];
}

/**
 * One run: every payment changed in the window examined, each finding kept once (a new one told
 * to operators), and the findings of examined payments no longer found resolved.
 */
export async function reconcile(env: Env, dispatch: Dispatch, now = Math.floor(Date.now() / 1000)): Promise<{ examined: number; open: number }> {
  const db = env.DB;
  const { results } = await db
    .prepare(
      `SELECT p.id, p.order_id AS orderId, p.provider, p.state, p.provider_doc_id AS doc, o.status AS orderStatus, r.state AS refundState,
         r.made_by AS madeBy, f.state AS receiptState, COALESCE(p.paid_ms / 1000, o.paid_at) AS paidAt
       FROM payments p JOIN orders o ON o.id = p.order_id
       LEFT JOIN refunds r ON r.payment_id = p.id
       LEFT JOIN fiscal_receipts f ON f.payment_id = p.id AND f.kind = 'sale'
       WHERE p.updated_at >= ?1 - ?2 * 86400 ORDER BY p.updated_at DESC`,
    )
    .bind(now, WINDOW_DAYS)
    .all<Examined>();
  const click = clickApi(env, dispatch);
  const found: Found[] = [];
  // Payments examined whole (Click answered, or not Click's to ask): every finding of theirs can be resolved.
  const whole: number[] = [];
  let calls = 0;
  let silent = 0;
  for (const p of results) {
    found.push(...ledgerFindings(p, now));
    const ask = p.provider === "click" && p.state !== "cancelled" && Boolean(p.doc);
    // Click silent several times in a row: the rest wait for tomorrow's run rather than the run's time limit.
    if (ask && (!click || calls >= CLICK_CALLS || silent >= SILENT_CALLS)) continue;
    if (ask) {
      calls++;
      const status = await clickPaymentStatus(click!, p.doc!);
      silent = status === "unknown" ? silent + 1 : 0;
      if (status === "unknown") continue;
      found.push(...clickFindings(p, status));
    }
    whole.push(p.id);
  }
  const kept = found.length
    ? await db.batch<{ id: number; fresh: number }>(
        found.map((f) =>
          db
            .prepare(
              `INSERT INTO reconciliation_findings (kind, payment_id, order_id, detail, found_at, seen_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)
               ON CONFLICT (kind, payment_id) DO UPDATE SET detail = ?4, seen_at = ?5,
                 found_at = CASE WHEN resolved_at IS NULL THEN found_at ELSE ?5 END, resolved_at = NULL
               RETURNING id, found_at = ?5 AS fresh`,
            )
            .bind(f.kind, f.paymentId, f.orderId, f.detail, now),
        ),
      )
    : [];
  // An examined payment's earlier finding not found again is resolved: any kind when it was examined whole, the
  // receipt's alone when Click was not asked.
  await db
    .prepare(
      `UPDATE reconciliation_findings SET resolved_at = ?1 WHERE resolved_at IS NULL AND seen_at < ?1
       AND (payment_id IN (SELECT value FROM json_each(?2)) OR (kind = 'receipt_missing' AND payment_id IN (SELECT value FROM json_each(?3))))`,
    )
    .bind(now, JSON.stringify(whole), JSON.stringify(results.map((p) => p.id)))
    .run();
  for (const [i, r] of kept.entries()) {
    const row = r.results[0];
    if (row?.fresh) await alertOperators(env, "reconciliation", row.id, { kind: found[i]!.kind, detail: found[i]!.detail });
  }
  const open = await db.prepare("SELECT COUNT(*) AS n FROM reconciliation_findings WHERE resolved_at IS NULL").first<{ n: number }>();
  return { examined: results.length, open: open?.n ?? 0 };
}

/** Findings for operators: open ones first (newest first), then, with `all`, the resolved. */
export async function listFindings(db: D1Database, all: boolean, limit: number): Promise<FindingRow[]> {
  const { results } = await db
    .prepare(
      `SELECT f.id, f.kind, o.number AS orderNumber, p.provider, p.provider_trans_id AS "transaction", p.amount, f.detail, f.found_at AS foundAt,
         f.seen_at AS seenAt, f.resolved_at AS resolvedAt
       FROM reconciliation_findings f JOIN orders o ON o.id = f.order_id JOIN payments p ON p.id = f.payment_id
       WHERE ?1 = 1 OR f.resolved_at IS NULL ORDER BY f.resolved_at IS NOT NULL, f.id DESC LIMIT ?2`,
    )
    .bind(all ? 1 : 0, limit)
    .all<FindingRow>();
  return results;
}
