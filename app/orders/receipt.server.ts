/**
 * An order's receipt as Uzbekistan's fiscal rules want it from an online seller: each line
 * with its product code (MXIK/IKPU), package code and VAT rate, delivery as a line of its
 * own, and the order's own discounts (promo, club card, bonuses) spread over the goods, so
 * that the lines add up to what the shopper pays. Both providers receive it (Payme in
 * CheckPerformTransaction's `detail`, Click in its fiscal data call).
 */
export type ReceiptLine = {
  title: string;
  /** Integer UZS per unit. */
  price: number;
  count: number;
  /** Integer UZS off the whole line. */
  discount: number;
  code: string;
  packageCode: string;
  vatPercent: number;
};

type LineRow = { title: string; price: number; count: number; code: string | null; packageCode: string | null; vatPercent: number | null };

/** The statements that read an order's receipt (by order id), for a caller's batch; `receiptOf` reads their answers. */
export function receiptStatements(db: D1Database, orderId: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `SELECT name || ' (' || size || ')' AS title, sale_price AS price, quantity AS count, ikpu AS code, package_code AS packageCode, vat_percent AS vatPercent
         FROM order_lines WHERE order_id = ? ORDER BY position`,
      )
      .bind(orderId),
    db
      .prepare(
        `SELECT COALESCE(delivery_title, '') AS title, delivery_cost AS price, 1 AS count, delivery_ikpu AS code, delivery_package_code AS packageCode,
           delivery_vat_percent AS vatPercent, total
         FROM orders WHERE id = ?`,
      )
      .bind(orderId),
  ];
}

/**
 * What an order takes off beyond its lines' prices (promo, club card, bonuses), when it can be
 * spread over the goods exactly: not below zero, nor beyond the goods. Null: it cannot, and the
 * order cannot go on an online receipt.
 */
export function spreadableDiscount(goodsSum: number, deliveryCost: number, total: number): number | null {
  const off = goodsSum + Math.max(deliveryCost, 0) - total;
  return off >= 0 && off <= goodsSum ? off : null;
}

type ReceiptView = {
  lines: { receiptReady: boolean; salePrice: number; quantity: number }[];
  summary: { deliveryCost: number; total: number };
  deliveryTypeId: number | null;
  deliveryOptions: { id: number; receiptReady: boolean }[];
};

/**
 * Why a cart cannot go on an online receipt (a text key), or null when it can: every line needs
 * its codes, its delivery too when delivery costs anything, and its discounts must spread over the
 * goods exactly (never clamped: the receipt would not add up to what is paid).
 */
export function receiptRefusal(view: ReceiptView): string | null {
  const delivery = view.deliveryOptions.find((o) => o.id === view.deliveryTypeId);
  if (!view.lines.every((l) => l.receiptReady) || (view.summary.deliveryCost > 0 && !delivery?.receiptReady)) return "orders:errors.notPayableOnline";
  const goods = view.lines.reduce((s, l) => s + l.salePrice * l.quantity, 0);
  return spreadableDiscount(goods, view.summary.deliveryCost, view.summary.total) === null ? "orders:errors.discountNotOnline" : null;
}

/** Whether a cart can go on an online receipt (`receiptRefusal` says why not). */
export const receiptReady = (view: ReceiptView): boolean => receiptRefusal(view) === null;

/** The receipt from `receiptStatements`' answers (as frozen at placement); null when a line has no product code or the discount cannot be spread. */
export function receiptOf(results: D1Result[]): ReceiptLine[] | null {
  const goods = (results[0]?.results ?? []) as LineRow[];
  const delivery = results[1]?.results[0] as (LineRow & { total: number }) | undefined;
  if (!delivery || !goods.length) return null;
  const charged = [...goods, ...(delivery.price > 0 ? [delivery] : [])];
  if (charged.some((l) => !l.code || !l.packageCode)) return null;
  const sum = (l: LineRow) => l.price * l.count;
  const goodsSum = goods.reduce((s, l) => s + sum(l), 0);
  // What the order takes off beyond the lines' prices, spread in proportion to each line (largest remainder).
  const off = spreadableDiscount(goodsSum, delivery.price, delivery.total);
  if (off === null) return null;
  const shares = goods.map((l) => (goodsSum ? (off * sum(l)) / goodsSum : 0));
  const discounts = shares.map(Math.floor);
  let left = off - discounts.reduce((s, d) => s + d, 0);
  for (const i of shares
    .map((s, i) => [s - Math.floor(s), i] as const)
    .sort((a, b) => b[0] - a[0])
    .map(([, i]) => i)) {
    if (left <= 0) break;
    discounts[i]! += 1;
    left -= 1;
  }
  return charged.map((l, i) => ({
    title: l.title.slice(0, 128),
    price: l.price,
    count: l.count,
    discount: discounts[i] ?? 0,
    code: l.code!,
    packageCode: l.packageCode!,
    vatPercent: l.vatPercent ?? 12,
  }));
}

/** The VAT inside an amount that includes it, at a rate in percent (integer, rounded). */
export const vatIn = (amount: number, percent: number): number => Math.round((amount * percent) / (100 + percent));
