import type { Lang } from "~/i18n/languages";
import { serverT } from "~/i18n/translator.server";
import { enqueue } from "~/outbox/index.server";
import { returnStockStatement } from "~/catalogue/index.server";
import { returnBonusesStatement } from "~/users/index.server";
import { PAYME_TIMEOUT_MS } from "./providers.server";

// Cancelling new orders and giving back what they took: the shopper's cancel,
// and the scheduled job's unpaid and unconfirmed orders.

/**
 * Cancels a shopper's order while it is new (not yet handed to delivery) and
 * returns its stock, in one batch: the stock comes back only while the order is
 * still new, and the status changes after it, so two cancels return it once.
 */
export async function cancelOrder(db: D1Database, number: string, userId: number): Promise<boolean> {
  const cancelled = await cancelWhere(db, 3, "number = ?1 AND user_id = ?2", number, userId);
  return cancelled.length > 0;
}

/**
 * Cancels the new orders a condition names (binds ?1, ?2 …) and gives back
 * what they took: the stock of their lines and the bonuses they spent. One
 * batch (one transaction): the same orders are seen by every statement, the
 * status changes last, so a second cancel finds nothing to give back, and a
 * payment completing at the same moment either came first (the order is paid,
 * not cancelled) or finds the order cancelled.
 */
type Cancelled = { number: string; phone: string; email: string | null; lang: Lang };

async function cancelWhere(db: D1Database, reason: 3 | 4, where: string, ...binds: unknown[]): Promise<Cancelled[]> {
  const results = await db.batch(cancelUnpaidStatements(db, reason, where, ...binds));
  return (results.at(-1)?.results ?? []) as Cancelled[];
}

/**
 * `cancelWhere`'s statements, for a caller's batch (a provider's timeout): the stock and bonuses
 * back, the transactions still under way cancelled with Payme's `reason` (4: timed out; 3: the
 * order cancelled), the order last.
 */
export function cancelUnpaidStatements(db: D1Database, reason: 3 | 4, where: string, ...binds: unknown[]): D1PreparedStatement[] {
  // Once the shop packed it, the order is the shop's to cancel (through the operations API).
  const these = `SELECT id FROM orders WHERE ${where} AND status = 'new' AND paid_at IS NULL AND (stage IS NULL OR stage = 'confirmed')`;
  return [
    returnStockStatement(db, `SELECT sku_id, quantity FROM order_lines WHERE order_id IN (${these})`, ...binds),
    returnBonusesStatement(db, `SELECT user_id, bonuses_used AS amount FROM orders WHERE id IN (${these})`, ...binds),
    db
      .prepare(
        `UPDATE payments SET state = 'cancelled', cancelled_ms = CAST(unixepoch('subsec') * 1000 AS INTEGER), reason = ${reason}, updated_at = unixepoch()
         WHERE state = 'prepared' AND order_id IN (${these})`,
      )
      .bind(...binds),
    db.prepare(`UPDATE orders SET status = 'cancelled' WHERE id IN (${these}) RETURNING number, phone, email, lang`).bind(...binds),
  ];
}

/** A payment Click prepared this recently may still complete: its order waits that long past its time. */
export const PAYING_GRACE_MINUTES = 15;

/**
 * Online orders not paid within `minutes` give their stock back (the
 * scheduled job): a shopper who left the provider's page does not hold the
 * last pair of shoes for ever. One with a payment under way is left to it, for
 * as long as its provider may still complete it: Click's prepared in the last
 * 15 minutes, Payme's created within its own 12 hours (else the provider would
 * take the money for an order the shop had cancelled).
 */
export async function expireUnpaidOrders(db: D1Database, minutes: number, now = Math.floor(Date.now() / 1000)): Promise<number> {
  const cancelled = await cancelWhere(
    db,
    4,
    `payment_method = 'online' AND created_at < ?1
     AND NOT EXISTS (SELECT 1 FROM payments pay WHERE pay.order_id = orders.id AND pay.state = 'prepared'
       AND (pay.created_at >= ?2 OR (pay.provider = 'payme' AND pay.provider_time > ?3)))`,
    now - minutes * 60,
    now - PAYING_GRACE_MINUTES * 60,
    now * 1000 - PAYME_TIMEOUT_MS,
  );
  return cancelled.length;
}

/**
 * Orders to be paid on delivery (cash, card) that the shop has not confirmed
 * within `hours` lapse (the scheduled job): cancelled, their stock and bonuses
 * back, and the shopper told by SMS (and e-mail when given) in the order's
 * language. Orders nobody takes, a script's included, cannot hold stock for ever.
 */
export async function lapseUnconfirmedOrders(env: Env, hours: number, now = Math.floor(Date.now() / 1000)): Promise<number> {
  const lapsed = await cancelWhere(env.DB, 4, "payment_method IN ('cash', 'card') AND confirmed_at IS NULL AND created_at < ?1", now - hours * 3600);
  for (const order of lapsed) {
    const t = serverT(order.lang);
    await enqueue(env, { channel: "sms", recipient: order.phone, body: t("orders:sms.lapsed", { number: order.number }) });
    if (order.email)
      await enqueue(env, {
        channel: "email",
        recipient: order.email,
        subject: t("orders:email.lapsedSubject", { number: order.number }),
        body: t("orders:email.lapsedBody", { number: order.number }),
      });
  }
  return lapsed.length;
}

/** Hours an order to be paid on delivery waits for the shop's confirmation before it lapses. */
export function unconfirmedHours(env: Env): number {
  return Number(env.UNCONFIRMED_ORDER_HOURS) || 48;
}
