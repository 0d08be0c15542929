import type { TFunction } from "~/i18n/translate";
import { checkoutMaxItems } from "~/cart/index";
import { type CartLine, type CartView, cartSql, cartViewOf, cartViewStatements, clearOrderedStatements, setDeliveryStatement } from "~/cart/index.server";
import { takeStockStatement } from "~/catalogue/index.server";
import { type CostRow, type DeliveryPoint, optionsOf, optionsQuery, pointStatement } from "~/delivery/index.server";
import { formatUzs } from "~/i18n/format";
import type { Lang } from "~/i18n/languages";
import { dispatch, enqueueStatement, type OutboxMessage } from "~/outbox/index.server";
import { firstRow, mapRows } from "~/server/db.server";
import { hitStatement } from "~/server/rate-limit.server";
import { spendBonusesStatement } from "~/users/index.server";
import type { OwnerRef } from "~/server/session.server";
import { type Order, orderByKey, orderByKeyStatements, orderOf } from "./orders.server";
import { providerFor } from "./providers.server";
import { receiptRefusal } from "./receipt.server";
import { isOnline } from "./schema";
import type { PlaceOrderInput } from "./schema";

export type PlaceRefusal =
  | { ok: false; status: 409; code: "out_of_stock"; lines: { skuId: number; name: string; size: string; quantity: number; stock: number }[] }
  | { ok: false; status: 409 | 422; code: string; field?: string; error: string }
  | { ok: false; status: 429; code: "too_many_orders"; error: string; retryAfter: number };

/**
 * guestKey: a guest's session key, which makes the order theirs (a signed-in shopper's is the account's).
 * address: the client's address, for the placement limit.
 */
export type PlaceContext = {
  env: Env;
  lang: Lang;
  t: TFunction;
  address: string;
  /** The shopper's cart: its id, or the session's (`OwnerRef`: the reads find it with the session's own); null: none. */
  cart: number | OwnerRef | null;
  /** Who the shopper is, resolved beside the placement's reads. */
  owner: Promise<{ userId: number | null; guestKey: string | null }>;
};

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

/**
 * Cash always; card on delivery where the type takes payment; online through a configured
 * provider, and only when every line has its receipt codes (the fiscal rules: decision 028).
 */
export function paymentAllowed(method: PlaceOrderInput["paymentMethod"], option: { needPayment: boolean; receiptReady: boolean }, env: Env): boolean {
  if (method === "cash") return true;
  if (method === "card") return option.needPayment;
  return option.receiptReady && providerFor(method, env) !== null;
}

/** `sql`'s bare "?" values numbered from `from` on: appended after a statement's numbered ones. */
function numbered(sql: string, from: number): string {
  let n = from;
  return sql.replace(/\?(?!\d)/g, () => `?${n++}`);
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

/** The delivery address as placed: a saved one copied (its row read with the placement's), or what was typed. */
function addressOf(input: PlaceOrderInput, saved: SavedAddress | null): string | null {
  if (input.addressId !== undefined) return saved ? [saved.street, saved.house, saved.flat].filter(Boolean).join(", ") : null;
  if (!input.street || !input.house) return null;
  return [input.street, input.house, input.flat, input.postCode].filter(Boolean).join(", ");
}

export type SavedAddress = { street: string; house: string; flat: string };

/**
 * What the caller already read for the placement, so it is not read again (the checkout reads
 * them with its draft): the cart's view; that no order has this key yet (`noEarlier`); the store
 * or post office named (null: none such); the saved address named (null: none of the shopper's).
 * `also`: statements of the caller's for the order's batch (the checkout's draft goes with it);
 * `readBack`: reads of the caller's after it, answered with a new order (the JSON answer's
 * place names in the request's language).
 */
export type PlaceKnown = {
  view?: CartView;
  noEarlier?: boolean;
  point?: DeliveryPoint | null;
  saved?: SavedAddress | null;
  also?: D1PreparedStatement[];
  readBack?: D1PreparedStatement[];
};

export type Placed = { ok: true; order: Order; created: boolean; readBack?: D1Result[] };

/**
 * The saved address an order names (`addressId`: an SQL expression), for a batch: one of the
 * account whose cart it is (the cart an SQL expression, `cartSql`; its binds, then the address's).
 */
export function savedAddressStatement(db: D1Database, cart: { sql: string; binds: unknown[] }, addressId: string, ...binds: unknown[]): D1PreparedStatement {
  return db
    .prepare(`SELECT street, house, apartment AS flat FROM addresses WHERE id = ${addressId} AND user_id = (SELECT user_id FROM carts WHERE id = ${cart.sql})`)
    .bind(...cart.binds, ...binds);
}

/**
 * Places the cart as an order. Everything that costs money is computed here
 * from D1 (the cart's lines and prices, promo, club card, bonuses, delivery);
 * the request only names who, where and how to pay. Two round trips: what the
 * order needs is read in one batch (an order this key placed already, the
 * cart's view, the city's delivery options, the store or saved address), and
 * the order is one batch that writes and reads it back: the placement limits
 * counted, the cart's delivery, the order, its lines, the stock it takes, the
 * promo redemption, the bonuses spent, the emptied cart and the confirmations
 * in the outbox. A line whose stock fell short fails the CHECK (stock >= 0), a
 * placement past its limit writes no order (and its lines fail), and then
 * nothing is written. The same idempotency key on the same cart gives the
 * order it first made.
 */
export async function placeOrder(input: PlaceOrderInput, c: PlaceContext, known: PlaceKnown = {}): Promise<Placed | PlaceRefusal> {
  const db = c.env.DB;
  const refuse = (status: 409 | 422, code: string, error: string, field?: string): PlaceRefusal => ({ ok: false, status, code, error, field });
  if (c.cart === null) return refuse(409, "cart_empty", "orders:errors.cartEmpty");
  const cart = cartSql(c.cart);

  // The caller's view serves when it was priced with this delivery (the checkout's always is).
  const given = known.view && known.view.cityId === input.cityId && known.view.deliveryTypeId === input.deliveryTypeId ? known.view : null;
  // What is not known yet, read in one batch (none at all for the checkout's courier order).
  const reads: D1PreparedStatement[] = [];
  const read = (statements: D1PreparedStatement[]) => {
    const at = reads.push(...statements) - statements.length;
    return () => results.slice(at, at + statements.length);
  };
  const earlierRead = known.noEarlier ? null : read(orderByKeyStatements(db, cart, input.idempotencyKey));
  const optionsRead = given ? null : read([optionsQuery(db, c.lang, input.cityId)]);
  const pointRead =
    input.pointId === undefined || known.point !== undefined ? null : read([pointStatement(db, c.lang, input.pointId, input.cityId, input.deliveryTypeId)]);
  const savedRead = input.addressId === undefined || known.saved !== undefined ? null : read([savedAddressStatement(db, cart, "?3", input.addressId)]);
  const viewRead = given ? null : read(cartViewStatements(db, c.lang, c.cart));
  const [results, owner] = await Promise.all([reads.length ? db.batch(reads) : [], c.owner]);

  const earlier = earlierRead ? orderOf(earlierRead()) : null;
  if (earlier) return { ok: true, order: earlier, created: false };
  const options = optionsRead
    ? optionsOf(
        mapRows(optionsRead()[0], (r: CostRow) => r),
        input.cityId,
      )
    : given!.deliveryOptions;
  const pointFound = input.pointId === undefined ? null : pointRead ? firstRow(pointRead()[0], (r: DeliveryPoint) => r) : (known.point ?? null);
  const saved = input.addressId === undefined ? null : savedRead ? firstRow(savedRead()[0], (r: SavedAddress) => r) : (known.saved ?? null);

  const option = options.find((o) => o.id === input.deliveryTypeId);
  if (!option) return refuse(422, "delivery_invalid", "orders:errors.deliveryRequired", "deliveryTypeId");
  if (!paymentAllowed(input.paymentMethod, { ...option, receiptReady: true }, c.env))
    return refuse(422, "payment_invalid", "orders:errors.paymentMethod", "paymentMethod");
  // The courier brings it to an address; pickup and post go to a store or post office of the city.
  const point = option.type === "courier" ? null : pointFound;
  if (option.type !== "courier" && !point) return refuse(422, "point_required", "orders:errors.pointRequired", "pointId");
  const address = point ? [point.title, point.label, point.address].filter(Boolean).join(", ") : addressOf(input, saved);
  if (address === null)
    return refuse(422, "address_required", "orders:errors.addressRequired", input.addressId === undefined ? (input.street ? "house" : "street") : "addressId");

  // Priced with this delivery (saved to the cart with the order: the cart page shows what was ordered with).
  const view = given ?? cartViewOf(c.env, viewRead!(), undefined, { cityId: input.cityId, deliveryTypeId: input.deliveryTypeId, options });
  const { lines, summary } = view;
  const cartId = view.cartId;
  if (cartId === null) return refuse(409, "cart_empty", "orders:errors.cartEmpty");
  if (lines.length === 0) {
    // A parallel placement with the same key may have emptied the cart since it was read: its order is this one.
    const same = await orderByKey(db, cartId, input.idempotencyKey);
    return same ? { ok: true, order: same, created: false } : refuse(409, "cart_empty", "orders:errors.cartEmpty");
  }
  if (summary.items > checkoutMaxItems(c.env)) return refuse(409, "max_products_checkout_count", "orders:errors.limit");
  if (lines.some((l) => l.salePrice === 0)) return refuse(409, "price_hidden", "orders:errors.priceHidden");
  if (lines.some((l) => l.quantity > l.stock)) return { ok: false, status: 409, code: "out_of_stock", lines: await shortLines(db, lines) };
  const receiptRefused = isOnline(input.paymentMethod) ? receiptRefusal(view) : null;
  if (receiptRefused) return refuse(422, "payment_not_online", receiptRefused, "paymentMethod");
  const provider = providerFor(input.paymentMethod, c.env);

  // Counted only for an order written: a repeated key (above), a refused form or a failed batch is not a new order.
  // A guest counts by their key, not their cart's id (SQLite may give a deleted cart's id to a new one).
  const shopper = owner.userId !== null ? `user:${owner.userId}` : `guest:${owner.guestKey ?? `cart:${cartId}`}`;
  const mine = hitStatement(db, `order:${shopper}`, ORDER_LIMIT_WINDOW);
  const here = hitStatement(db, `order:ip:${c.address}`, ORDER_LIMIT_WINDOW);
  const allowed = [mine.within(ORDERS_PER_SHOPPER), here.within(ORDERS_PER_ADDRESS)];
  const number = orderNumber();
  const orderId = "(SELECT id FROM orders WHERE number = ?1)";
  const promoCode = summary.couponsAmount > 0 ? summary.promoCode : null;
  const messages = confirmations(c, input, number, summary.total);
  const sms = hitStatement(db, `order-sms:phone:${input.phone}`, 600);
  const smsWithin = sms.within(ORDER_SMS_PER_PHONE);
  const statements = [
    mine.statement,
    here.statement,
    setDeliveryStatement(db, cartId, input.cityId, input.deliveryTypeId),
    // Within both placement limits, or no order (and its lines, which need its id, fail the batch).
    db
      .prepare(
        `INSERT INTO orders (number, user_id, cart_id, idempotency_key, lang, name, phone, email, city_id, delivery_type_id, address, comment,
           payment_method, nominal, discount, coupons_amount, promo_code, club_discount, bonuses_used, delivery_cost, total, point_id, guest_key, payment_provider)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24
         WHERE ${numbered(allowed.map((a) => a.sql).join(" AND "), 25)}`,
      )
      .bind(
        number,
        owner.userId,
        cartId,
        input.idempotencyKey,
        c.lang,
        input.name,
        input.phone,
        input.email ?? null,
        input.cityId,
        input.deliveryTypeId,
        address,
        input.comment,
        provider ? "online" : input.paymentMethod,
        summary.nominal,
        summary.discount,
        summary.couponsAmount,
        promoCode,
        summary.clubCardDiscount,
        summary.bonusDiscountAmount,
        summary.deliveryCost,
        summary.total,
        point?.id ?? null,
        owner.userId === null ? owner.guestKey : null,
        provider,
        ...allowed.flatMap((a) => a.binds),
      ),
    // Delivery's receipt line as placed: its title in the order's language, its codes and VAT.
    db
      .prepare(
        `UPDATE orders SET (delivery_title, delivery_ikpu, delivery_package_code, delivery_vat_percent) =
           (SELECT CASE ?2 WHEN 'ru' THEN title_ru WHEN 'uk' THEN title_uk ELSE title_uz END, ikpu, package_code, vat_percent FROM delivery_types WHERE id = ?3)
         WHERE number = ?1`,
      )
      .bind(number, c.lang, input.deliveryTypeId),
    ...lines.map((l, position) =>
      db
        .prepare(
          `INSERT INTO order_lines (order_id, sku_id, position, product_id, name, brand, color, size, quantity, first_price, sale_price, ikpu, package_code, vat_percent)
           SELECT ${orderId}, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ikpu, package_code, vat_percent FROM products WHERE id = ?4`,
        )
        .bind(number, l.skuId, position, l.productId, l.name, l.brand, l.color, l.size, l.quantity, l.firstPrice, l.salePrice),
    ),
    // Fails the batch (CHECK stock >= 0) when another order took the stock meanwhile.
    ...lines.map((l) => takeStockStatement(db, l.skuId, l.quantity)),
    // A once-per-account code is redeemed (its UNIQUE index fails the batch when it already was).
    ...(promoCode && owner.userId !== null
      ? [
          db
            .prepare("INSERT INTO promo_redemptions (promo_id, user_id) SELECT id, ? FROM promo_codes WHERE code = ? AND once_per_account = 1")
            .bind(owner.userId, promoCode),
        ]
      : []),
    // Fails the batch (CHECK bonus_balance >= 0) when the balance was spent meanwhile.
    ...(summary.bonusDiscountAmount > 0 && owner.userId !== null ? [spendBonusesStatement(db, owner.userId, summary.bonusDiscountAmount)] : []),
    ...clearOrderedStatements(
      db,
      cartId,
      lines.map((l) => l.skuId),
    ),
    ...(known.also ?? []),
    // The confirmations, with the order: the SMS within its per-phone limit (past it the order stands, with its page and e-mail).
    sms.statement,
    ...messages.map((m) => (m.channel === "sms" ? enqueueStatement(db, m, smsWithin.sql, ...smsWithin.binds) : enqueueStatement(db, m))),
    ...orderByKeyStatements(db, cartSql(cartId), input.idempotencyKey),
    ...(known.readBack ?? []),
  ];
  let written: D1Result[];
  try {
    written = await db.batch(statements);
  } catch (e) {
    const message = String((e as Error)?.message ?? e);
    // A parallel placement with the same key won: its order is this one.
    const same = await orderByKey(db, cartId, input.idempotencyKey);
    if (same) return { ok: true, order: same, created: false };
    if (/NOT NULL constraint failed: order_lines\.order_id/i.test(message))
      return {
        ok: false,
        status: 429,
        code: "too_many_orders",
        error: "orders:errors.tooManyOrders",
        retryAfter: Math.max(mine.retryAfter, here.retryAfter, 1),
      };
    if (/CHECK constraint failed/i.test(message)) {
      const gone = await shortLines(db, lines);
      if (gone.length) return { ok: false, status: 409, code: "out_of_stock", lines: gone };
      return refuse(409, "bonuses_changed", "orders:errors.bonusesChanged", "bonuses");
    }
    if (/promo_redemptions/.test(message)) return refuse(409, "promo_used", "cart:errors.promo.used", "promoCode");
    throw e;
  }
  const readBack = written.splice(written.length - (known.readBack?.length ?? 0));
  const order = orderOf(written.slice(written.length - 3))!;
  const queued = written.slice(written.length - 3 - messages.length, written.length - 3);
  await Promise.all(
    messages.map((m, i) => {
      const id = firstRow(queued[i]!, (r: { id: number }) => r.id);
      return id === null ? undefined : dispatch(c.env, id, m.channel);
    }),
  );
  return { ok: true, order, created: true, readBack };
}

/** The confirmation by SMS, and by e-mail when one is given. */
function confirmations(c: PlaceContext, input: PlaceOrderInput, number: string, total: number): OutboxMessage[] {
  const vars = { number, total: formatUzs(total, c.lang) };
  return [
    { channel: "sms", recipient: input.phone, body: c.t("orders:sms.placed", vars) },
    ...(input.email
      ? [{ channel: "email" as const, recipient: input.email, subject: c.t("orders:email.placedSubject", vars), body: c.t("orders:email.placedBody", vars) }]
      : []),
  ];
}
