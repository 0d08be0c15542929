import type { Lang } from "~/i18n/languages";
import { serverT } from "~/i18n/translator.server";
import { enqueue } from "~/outbox/index.server";
import { returnStockStatement } from "~/catalogue/index.server";
import { returnBonusesStatement } from "~/users/index.server";
import { type Order, ordersByIds } from "./orders.server";
import { owedRefundsStatement, sendRefundsOf } from "./refunds.server";
import type { ShopStep } from "./schema";

/**
 * Which orders each step may follow, as a condition on `orders` (ids bound as ?1). An
 * online order is confirmed only once paid (unpaid, it lapses by itself); a shipped one
 * can no longer be cancelled, only returned.
 */
const OPEN = "status IN ('new', 'paid') AND (payment_method != 'online' OR paid_at IS NOT NULL)";
const FROM: Record<ShopStep, string> = {
  confirmed: `stage IS NULL AND ${OPEN}`,
  packed: `stage = 'confirmed' AND ${OPEN}`,
  shipped: `stage IN ('confirmed', 'packed') AND ${OPEN}`,
  delivered: "stage = 'shipped'",
  returned: "stage IN ('shipped', 'delivered')",
  cancelled: "(stage IS NULL OR stage IN ('confirmed', 'packed')) AND status IN ('new', 'paid')",
};

/** What each step writes besides the stage. Cash and card are paid when the order is delivered. */
const SETS: Record<ShopStep, string> = {
  confirmed: "confirmed_at = unixepoch()",
  packed: "confirmed_at = COALESCE(confirmed_at, unixepoch())",
  shipped: "status = 'handed', tracking = ?2",
  delivered: "status = 'delivered', paid_at = COALESCE(paid_at, unixepoch())",
  returned: "status = 'cancelled'",
  cancelled: "status = 'cancelled'",
};

/** Steps that give the order's stock (and the bonuses it spent) back. */
const GIVES_BACK: ShopStep[] = ["returned", "cancelled"];

export type StepOutcome = { outcome: "done" | "same"; order: Order } | { outcome: "conflict"; order: Order } | { outcome: "missing" };

type Changed = { number: string; phone: string; email: string | null; lang: Lang; tracking: string | null };

/**
 * Moves an order to the shop's next step, if that step may follow where it is; one
 * batch. Stock and bonuses come back (cancelled, returned) in the same batch as the
 * step, before it and under the same condition: a second call, or a parallel one,
 * finds the order moved on and gives back nothing. The same step again (a client's
 * retry) is "same", never a second change.
 */
export async function advanceOrder(
  env: Env,
  id: number,
  step: ShopStep,
  tracking: string | null,
  dispatch: ((request: Request) => Promise<Response>) | null = null,
): Promise<StepOutcome> {
  const db = env.DB;
  const results = await db.batch(stepStatements(db, id, step, tracking));
  const changed = (results.at(-1)?.results[0] as Changed | undefined) ?? null;
  // The money a paid online order took goes back at once; one the provider refuses now is retried (refunds.server.ts).
  const owed = GIVES_BACK.includes(step) && (results.at(-3)?.meta.changes ?? 0) > 0;
  if (changed) await notify(env, step, changed);
  if (owed) await sendRefundsOf(env, id, dispatch);
  const [order] = await ordersByIds(db, [id]);
  if (!order) return { outcome: "missing" };
  if (changed) return { outcome: "done", order };
  const same = order.state === step && (step !== "shipped" || order.tracking === tracking);
  return { outcome: same ? "same" : "conflict", order };
}

/**
 * The statements of one step of an order (id bound as ?1), for a batch; the last is the order's
 * own change (RETURNING what `notify` needs). A cancel or a return gives the stock and bonuses
 * back and owes the money a paid online transaction took (a `refunds` row, once per transaction),
 * before the order changes and under the same condition.
 */
export function stepStatements(db: D1Database, id: number, step: ShopStep, tracking: string | null): D1PreparedStatement[] {
  const these = `SELECT id FROM orders WHERE id = ?1 AND ${FROM[step]}`;
  const update = db
    .prepare(`UPDATE orders SET stage = '${step}', ${SETS[step]} WHERE id IN (${these}) RETURNING number, phone, email, lang, tracking`)
    .bind(...(step === "shipped" ? [id, tracking] : [id]));
  if (!GIVES_BACK.includes(step)) return [update];
  return [
    returnStockStatement(db, `SELECT sku_id, quantity FROM order_lines WHERE order_id IN (${these})`, id),
    returnBonusesStatement(db, `SELECT user_id, bonuses_used AS amount FROM orders WHERE id IN (${these})`, id),
    owedRefundsStatement(db, these, id),
    // A transaction still under way ends with the order (Payme's -1, reason 3): Payme's checks and a late Perform agree.
    db
      .prepare(
        `UPDATE payments SET state = 'cancelled', cancelled_ms = CAST(unixepoch('subsec') * 1000 AS INTEGER), reason = 3, updated_at = unixepoch()
         WHERE state = 'prepared' AND order_id IN (${these})`,
      )
      .bind(id),
    update,
  ];
}

/** Steps the shopper is told of, by SMS and (when the order has one) e-mail, in the order's language. */
const TOLD: Partial<Record<ShopStep, string>> = { shipped: "shipped", cancelled: "cancelledByShop", returned: "returned" };

async function notify(env: Env, step: ShopStep, order: Changed): Promise<void> {
  const key = TOLD[step];
  if (!key) return;
  const t = serverT(order.lang);
  const vars = { number: order.number, tracking: order.tracking ?? "" };
  await enqueue(env, { channel: "sms", recipient: order.phone, body: t(`orders:sms.${key}`, vars) });
  if (order.email)
    await enqueue(env, { channel: "email", recipient: order.email, subject: t(`orders:email.${key}Subject`, vars), body: t(`orders:email.${key}Body`, vars) });
}

/**
 * The orders' feed: orders placed or changed after `cursor` (an order_history id), each
 * once, as it is now, in the order of their latest change; `cursor` for the next call is
 * the latest change handed out. An order changed again later comes again, later.
 */
export async function ordersChangedSince(
  db: D1Database,
  cursor: number,
  limit: number,
): Promise<{ orders: Order[]; versions: number[]; cursor: number; more: boolean }> {
  const { results } = await db
    .prepare("SELECT order_id AS id, MAX(id) AS version FROM order_history WHERE id > ?1 GROUP BY order_id ORDER BY version LIMIT ?2")
    .bind(cursor, limit + 1)
    .all<{ id: number; version: number }>();
  const page = results.slice(0, limit);
  const orders = await ordersByIds(
    db,
    page.map((r) => r.id),
  );
  return { orders, versions: page.map((r) => r.version), cursor: page.at(-1)?.version ?? cursor, more: results.length > limit };
}

/** The latest change of any order (the feed's end): a cursor past it names nothing yet. */
export async function latestOrderChange(db: D1Database): Promise<number> {
  return (await db.prepare("SELECT COALESCE(MAX(id), 0) AS n FROM order_history").first<{ n: number }>())?.n ?? 0;
}
