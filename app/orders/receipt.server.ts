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
        `SELECT CASE o.lang WHEN 'ru' THEN t.title_ru WHEN 'uk' THEN t.title_uk ELSE t.title_uz END AS title, o.delivery_cost AS price, 1 AS count,
           t.ikpu AS code, t.package_code AS packageCode, t.vat_percent AS vatPercent, o.total
         FROM orders o JOIN delivery_types t ON t.id = o.delivery_type_id WHERE o.id = ?`,
      )
      .bind(orderId),
  ];
}

/** The receipt from `receiptStatements`' answers; null when a line has no product code (it cannot be paid online). */
export function receiptOf(results: D1Result[]): ReceiptLine[] | null {
  const goods = (results[0]?.results ?? []) as LineRow[];
  const delivery = results[1]?.results[0] as (LineRow & { total: number }) | undefined;
  if (!delivery || !goods.length) return null;
  const charged = [...goods, ...(delivery.price > 0 ? [delivery] : [])];
  if (charged.some((l) => !l.code || !l.packageCode)) return null;
  const sum = (l: LineRow) => l.price * l.count;
  const goodsSum = goods.reduce((s, l) => s + sum(l), 0);
  // What the order takes off beyond the lines' prices, spread in proportion to each line (largest remainder).
  const off = Math.min(Math.max(goodsSum + (delivery.price > 0 ? delivery.price : 0) - delivery.total, 0), goodsSum);
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
