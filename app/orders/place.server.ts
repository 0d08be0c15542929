import type { TFunction } from "~/i18n/translate";
import { checkoutMaxItems } from "~/cart/index";
import { type CartLine, clearOrderedStatements, getCartView, setDelivery } from "~/cart/index.server";
import { takeStockStatement } from "~/catalogue/index.server";
import { deliveryOptions, pointOf } from "~/delivery/index.server";
import { formatUzs } from "~/i18n/format";
import type { Lang } from "~/i18n/languages";
import { enqueue } from "~/outbox/index.server";
import { hit, limitedFor } from "~/server/rate-limit.server";
import { spendBonusesStatement } from "~/users/index.server";
import { type Order, orderByKey } from "./orders.server";
import { clickConfig } from "./payment.server";
import type { PlaceOrderInput } from "./schema";

export type PlaceRefusal =
  | { ok: false; status: 409; code: "out_of_stock"; lines: { skuId: number; name: string; size: string; quantity: number; stock: number }[] }
  | { ok: false; status: 409 | 422; code: string; field?: string; error: string }
  | { ok: false; status: 429; code: "too_many_orders"; error: string; retryAfter: number };

/**
 * guestKey: a guest's session key, which makes the order theirs (a signed-in shopper's is the account's).
 * address: the client's address, for the placement limit.
 */
export type PlaceContext = { env: Env; lang: Lang; cartId: number | null; userId: number | null; guestKey: string | null; address: string; t: TFunction };

/**
 * New orders per shopper (account, or guest) and per client address in
 * ORDER_LIMIT_WINDOW seconds. More than a shopper places (one, or two when something
 * was forgotten); a brake on a script that would hold stock with orders nobody takes.
 * The address allowance is wider: many shoppers share a mobile carrier's address.
 */
export const ORDERS_PER_SHOPPER = 3;
export const ORDERS_PER_ADDRESS = 20;
export const ORDER_LIMIT_WINDOW = 600;
/** Order confirmations by SMS to one phone per 10 minutes (as SMS codes); beyond it the order is placed without one. */
export const ORDER_SMS_PER_PHONE = 3;

/** Counts a placement against both limits; the later wait when either is used up. */
async function placementAllowance(c: PlaceContext): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  // A guest counts by their key, not their cart's id (SQLite may give a deleted cart's id to a new one).
  const shopper = c.userId !== null ? `user:${c.userId}` : `guest:${c.guestKey ?? `cart:${c.cartId}`}`;
  const [mine, here] = await Promise.all([
    hit(c.env.DB, `order:${shopper}`, ORDERS_PER_SHOPPER, ORDER_LIMIT_WINDOW),
    hit(c.env.DB, `order:ip:${c.address}`, ORDERS_PER_ADDRESS, ORDER_LIMIT_WINDOW),
  ]);
  return mine.allowed && here.allowed ? { allowed: true } : { allowed: false, retryAfter: limitedFor(mine, here).retryAfter };
}

/** Cash always; card on delivery where the type takes payment; online when a provider is configured. */
export function paymentAllowed(method: PlaceOrderInput["paymentMethod"], option: { needPayment: boolean }, env: Env): boolean {
  return method === "cash" || (method === "card" && option.needPayment) || (method === "online" && clickConfig(env) !== null);
}

/** "K7M2-Q9XD": eight characters without look-alikes (no 0/O, 1/I/L). */
function orderNumber(): string {
  const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** The lines whose stock is short of what the cart asks, as D1 has them now. */
async function shortLines(db: D1Database, lines: CartLine[]) {
  const stocks = await db
    .prepare(`SELECT id, stock FROM skus WHERE id IN (SELECT value FROM json_each(?))`)
    .bind(JSON.stringify(lines.map((l) => l.skuId)))
    .all<{ id: number; stock: number }>();
  const stockOf = new Map(stocks.results.map((r) => [r.id, r.stock]));
  return lines
    .map((l) => ({ skuId: l.skuId, name: l.name, size: l.size, quantity: l.quantity, stock: stockOf.get(l.skuId) ?? 0 }))
    .filter((l) => l.quantity > l.stock);
}

/** The delivery address as placed: a saved one copied, or what was typed. */
async function addressOf(db: D1Database, input: PlaceOrderInput, userId: number | null): Promise<string | null> {
  if (input.addressId !== undefined) {
    if (userId === null) return null;
    const saved = await db
      .prepare("SELECT street, house, apartment AS flat FROM addresses WHERE id = ? AND user_id = ?")
      .bind(input.addressId, userId)
      .first<{ street: string; house: string; flat: string }>();
    return saved ? [saved.street, saved.house, saved.flat].filter(Boolean).join(", ") : null;
  }
  if (!input.street || !input.house) return null;
  return [input.street, input.house, input.flat, input.postCode].filter(Boolean).join(", ");
}

/**
 * Places the cart as an order. Everything that costs money is computed here
 * from D1 (the cart's lines and prices, promo, club card, bonuses, delivery);
 * the request only names who, where and how to pay. The order, its lines, the
 * stock it takes, the promo redemption, the bonuses spent and the emptied cart
 * are one D1 batch: a line whose stock fell short fails the CHECK (stock >= 0)
 * and nothing is written. The same idempotency key on the same cart gives the
 * order it first made.
 */
export async function placeOrder(input: PlaceOrderInput, c: PlaceContext): Promise<{ ok: true; order: Order; created: boolean } | PlaceRefusal> {
  const db = c.env.DB;
  const refuse = (status: 409 | 422, code: string, error: string, field?: string): PlaceRefusal => ({ ok: false, status, code, error, field });
  if (c.cartId === null) return refuse(409, "cart_empty", "orders:errors.cartEmpty");
  const earlier = await orderByKey(db, c.cartId, input.idempotencyKey);
  if (earlier) return { ok: true, order: earlier, created: false };

  const options = await deliveryOptions(db, c.lang, input.cityId);
  const option = options.find((o) => o.id === input.deliveryTypeId);
  if (!option) return refuse(422, "delivery_invalid", "orders:errors.deliveryRequired", "deliveryTypeId");
  if (!paymentAllowed(input.paymentMethod, option, c.env)) return refuse(422, "payment_invalid", "orders:errors.paymentMethod", "paymentMethod");
  // The courier brings it to an address; pickup and post go to a store or post office of the city.
  const point = option.type === "courier" || input.pointId === undefined ? null : await pointOf(db, c.lang, input.pointId, input.cityId, input.deliveryTypeId);
  if (option.type !== "courier" && !point) return refuse(422, "point_required", "orders:errors.pointRequired", "pointId");
  const address = point ? [point.title, point.label, point.address].filter(Boolean).join(", ") : await addressOf(db, input, c.userId);
  if (address === null)
    return refuse(422, "address_required", "orders:errors.addressRequired", input.addressId === undefined ? (input.street ? "house" : "street") : "addressId");

  // The cart computes the totals with this delivery (saved too: the cart page shows what was ordered with).
  await setDelivery(db, c.cartId, input.cityId, input.deliveryTypeId);
  const view = await getCartView(c.env, c.lang, c.cartId);
  const { lines, summary } = view;
  if (lines.length === 0) {
    // A parallel placement with the same key may have emptied the cart since the check above: its order is this one.
    const same = await orderByKey(db, c.cartId, input.idempotencyKey);
    return same ? { ok: true, order: same, created: false } : refuse(409, "cart_empty", "orders:errors.cartEmpty");
  }
  if (summary.items > checkoutMaxItems(c.env)) return refuse(409, "max_products_checkout_count", "orders:errors.limit");
  if (lines.some((l) => l.salePrice === 0)) return refuse(409, "price_hidden", "orders:errors.priceHidden");
  const short = lines.filter((l) => l.quantity > l.stock);
  if (short.length) return { ok: false, status: 409, code: "out_of_stock", lines: await shortLines(db, lines) };
  // Counted only for an order about to be written: a repeated key (above) or a refused form is not a new order.
  const allowance = await placementAllowance(c);
  if (!allowance.allowed) return { ok: false, status: 429, code: "too_many_orders", error: "orders:errors.tooManyOrders", retryAfter: allowance.retryAfter };

  const promo =
    summary.couponsAmount > 0 && summary.promoCode
      ? await db.prepare("SELECT id, once_per_account AS once FROM promo_codes WHERE code = ?").bind(summary.promoCode).first<{ id: number; once: number }>()
      : null;
  const number = orderNumber();
  const orderId = "(SELECT id FROM orders WHERE number = ?1)";
  const statements = [
    db
      .prepare(
        `INSERT INTO orders (number, user_id, cart_id, idempotency_key, lang, name, phone, email, city_id, delivery_type_id, address, comment,
           payment_method, nominal, discount, coupons_amount, promo_code, club_discount, bonuses_used, delivery_cost, total, point_id, guest_key)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23)`,
      )
      .bind(
        number,
        c.userId,
        c.cartId,
        input.idempotencyKey,
        c.lang,
        input.name,
        input.phone,
        input.email ?? null,
        input.cityId,
        input.deliveryTypeId,
        address,
        input.comment,
        input.paymentMethod,
        summary.nominal,
        summary.discount,
        summary.couponsAmount,
        summary.couponsAmount > 0 ? summary.promoCode : null,
        summary.clubCardDiscount,
        summary.bonusDiscountAmount,
        summary.deliveryCost,
        summary.total,
        point?.id ?? null,
        c.userId === null ? c.guestKey : null,
      ),
    ...lines.map((l, position) =>
      db
        .prepare(
          `INSERT INTO order_lines (order_id, sku_id, position, product_id, name, brand, color, size, quantity, first_price, sale_price)
           VALUES (${orderId}, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)`,
        )
        .bind(number, l.skuId, position, l.productId, l.name, l.brand, l.color, l.size, l.quantity, l.firstPrice, l.salePrice),
    ),
    // Fails the batch (CHECK stock >= 0) when another order took the stock meanwhile.
    ...lines.map((l) => takeStockStatement(db, l.skuId, l.quantity)),
    ...(promo?.once && c.userId !== null ? [db.prepare("INSERT INTO promo_redemptions (promo_id, user_id) VALUES (?, ?)").bind(promo.id, c.userId)] : []),
    // Fails the batch (CHECK bonus_balance >= 0) when the balance was spent meanwhile.
    ...(summary.bonusDiscountAmount > 0 && c.userId !== null ? [spendBonusesStatement(db, c.userId, summary.bonusDiscountAmount)] : []),
    ...clearOrderedStatements(
      db,
      c.cartId,
      lines.map((l) => l.skuId),
    ),
  ];
  try {
    await db.batch(statements);
  } catch (e) {
    const message = String((e as Error)?.message ?? e);
    // A parallel placement with the same key won: its order is this one.
    const same = await orderByKey(db, c.cartId, input.idempotencyKey);
    if (same) return { ok: true, order: same, created: false };
    if (/CHECK constraint failed/i.test(message)) {
      const gone = await shortLines(db, lines);
      if (gone.length) return { ok: false, status: 409, code: "out_of_stock", lines: gone };
      return refuse(409, "bonuses_changed", "orders:errors.bonusesChanged", "bonuses");
    }
    if (/promo_redemptions/.test(message)) return refuse(409, "promo_used", "cart:errors.promo.used", "promoCode");
    throw e;
  }
  const order = (await orderByKey(db, c.cartId, input.idempotencyKey))!;
  await confirm(c, order);
  return { ok: true, order, created: true };
}

/**
 * The confirmation by SMS (and e-mail when given), through the outbox. The SMS
 * counts against a per-phone limit: orders naming someone else's phone cannot
 * flood it; past the limit the order stands, with its page and e-mail.
 */
async function confirm(c: PlaceContext, order: Order): Promise<void> {
  const vars = { number: order.number, total: formatUzs(order.totals.total, c.lang) };
  const sms = await hit(c.env.DB, `order-sms:phone:${order.contact.phone}`, ORDER_SMS_PER_PHONE, 600);
  if (sms.allowed) await enqueue(c.env, { channel: "sms", recipient: order.contact.phone, body: c.t("orders:sms.placed", vars) });
  if (order.contact.email) {
    await enqueue(c.env, {
      channel: "email",
      recipient: order.contact.email,
      subject: c.t("orders:email.placedSubject", vars),
      body: c.t("orders:email.placedBody", vars),
    });
  }
}
