import type { Lang } from "~/i18n/languages";
import { cartOptionsQuery, citiesQuery, optionsOf, type City, type CostRow } from "~/delivery/index.server";
import type { DeliveryOption } from "~/delivery/index";
import { firstRow, flag, mapRows } from "~/server/db.server";
import { type OwnerRef, ownerSql } from "~/server/session.server";
import { BONUS_SHARE_PERCENT, summarize, type Promo, type Summary } from "./summary";

/**
 * Reading a cart: its lines with what the cart page shows of each product,
 * and the summary (promo, bonuses, delivery, totals) in one D1 batch.
 */

/** Whose cart: a signed-in shopper's (by account) or a guest's (by the key their session keeps). */
export type CartOwner = { userId: number | null; guestKey: string | null };

export type CartLine = {
  skuId: number;
  productId: number;
  slug: string;
  name: string;
  brand: string;
  color: string;
  category: string;
  size: string;
  stock: number;
  quantity: number;
  firstPrice: number;
  salePrice: number;
  inClub: boolean;
  vendorId: number;
  /** Whether the product has its receipt codes (MXIK/IKPU, package): without them it cannot be paid online. */
  receiptReady: boolean;
  image: string | null;
  /** The product's sizes (the line's size selector; sold-out ones disabled). */
  sizes: { id: number; size: string; stock: number }[];
};

export type CartView = {
  cartId: number | null;
  lines: CartLine[];
  summary: Summary;
  /** The delivery choice and what the chosen city offers. */
  cityId: number | null;
  deliveryTypeId: number | null;
  cities: City[];
  deliveryOptions: DeliveryOption[];
};

/**
 * The owner's cart's id as an SQL expression (NULL: none), its owner bound as ?1 and ?2
 * (`ownerSql`): an account's cart, else a guest key's.
 */
export function ownerCartSql(owner: OwnerRef): { sql: string; binds: [number | string | null, string | null] } {
  const o = ownerSql(owner);
  return {
    sql: `(SELECT id FROM carts WHERE user_id = ${o.userId} UNION ALL SELECT id FROM carts WHERE guest_key = ${o.guestKey} AND user_id IS NULL LIMIT 1)`,
    binds: o.binds,
  };
}

/**
 * The owner's cart id, or null when the shopper has none yet. Keyed by a session's id, it goes
 * to D1 with the session's own read.
 */
export async function findCartId(db: D1Database, owner: OwnerRef): Promise<number | null> {
  if (!("sessionId" in owner) && owner.userId === null && owner.guestKey === null) return null;
  const cart = ownerCartSql(owner);
  const row = await db
    .prepare(`SELECT ${cart.sql} AS id`)
    .bind(...cart.binds)
    .first<{ id: number | null }>();
  return row?.id ?? null;
}

const EMPTY_SUMMARY = summarize({
  lines: [],
  promo: null,
  promoCode: null,
  signedIn: false,
  now: 0,
  card: { hasCard: false, available: 0 },
  clubPercent: 0,
  bonusesRequested: 0,
  delivery: null,
});

type StateRow = {
  cartId: number;
  promoCode: string | null;
  bonuses: number;
  cityId: number | null;
  deliveryTypeId: number | null;
  clubCard: string | null;
  bonusBalance: number | null;
  signedIn: number;
  kind: "percent" | "amount" | null;
  value: number | null;
  minOrder: number | null;
  expiresAt: number | null;
  oncePerAccount: number | null;
  active: number | null;
  redeemed: number | null;
};

type LineRow = Omit<CartLine, "inClub" | "receiptReady" | "sizes"> & { inClub: number; receiptReady: number };
type SizeRow = { id: number; productId: number; size: string; stock: number };
type PromoRow = {
  code: string;
  kind: "percent" | "amount";
  value: number;
  minOrder: number;
  expiresAt: number | null;
  oncePerAccount: number;
  active: number;
  redeemed: number;
};

const promoFromRow = (r: PromoRow): Promo => ({ ...r, oncePerAccount: flag(r.oncePerAccount), active: flag(r.active), redeemed: flag(r.redeemed) });

/** The cart as the cart page, the popup, the checkout and the JSON API show it. */
/** What reading a cart needs of the Worker's environment: its D1 and the club card's discount rate. */
export type CartEnv = Pick<Env, "DB" | "CLUB_DISCOUNT_PERCENT">;

/**
 * The club card's rules as configured, for the cart's totals and the pages that explain them:
 * card holders' discount on club products (CLUB_DISCOUNT_PERCENT) and the share of the goods
 * bonuses may pay (1 bonus = 1 UZS).
 */
export function clubRules(env: Pick<Env, "CLUB_DISCOUNT_PERCENT">): { discountPercent: number; bonusSharePercent: number } {
  return { discountPercent: Number(env.CLUB_DISCOUNT_PERCENT) || 0, bonusSharePercent: BONUS_SHARE_PERCENT };
}

export async function getCartView(env: CartEnv, lang: Lang, cart: number | OwnerRef | null, now = Math.floor(Date.now() / 1000)): Promise<CartView> {
  if (cart === null) return emptyView();
  return cartViewOf(env, await env.DB.batch(cartViewStatements(env.DB, lang, cart)), now);
}

/**
 * The cart's id as an SQL expression bound as ?1 and ?2 (a statement numbers its own from ?3):
 * the id itself, or the owner's cart found by `ownerSql`, so a page's view goes with the
 * session's own read instead of after the cart's id.
 */
export function cartSql(cart: number | OwnerRef): { sql: string; binds: unknown[] } {
  return typeof cart === "number" ? { sql: "COALESCE(?1, ?2)", binds: [cart, null] } : ownerCartSql(cart);
}

const emptyView = (): CartView => ({ cartId: null, lines: [], summary: EMPTY_SUMMARY, cityId: null, deliveryTypeId: null, cities: [], deliveryOptions: [] });

/** The cart view's statements, for a batch of the caller's (a write's read-back goes in the write's own batch). */
export function cartViewStatements(db: D1Database, lang: Lang, cartId: number | OwnerRef): D1PreparedStatement[] {
  const cart = cartSql(cartId);
  return [
    db
      .prepare(
        `SELECT l.sku_id AS skuId, l.quantity, s.size, s.stock, p.id AS productId, p.slug, t.name, b.name AS brand,
           c.name_${lang} AS color, cat.name_${lang} AS category, p.first_price AS firstPrice, p.sale_price AS salePrice,
           p.in_club AS inClub, p.vendor_id AS vendorId, (p.ikpu IS NOT NULL AND p.package_code IS NOT NULL) AS receiptReady,
           (SELECT url FROM images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image
         FROM cart_lines l JOIN skus s ON s.id = l.sku_id JOIN products p ON p.id = s.product_id
         JOIN brands b ON b.id = p.brand_id JOIN colors c ON c.id = p.color_id JOIN categories cat ON cat.id = p.category_id
         JOIN product_translations t ON t.product_id = p.id AND t.lang = ?3
         WHERE l.cart_id = ${cart.sql} ORDER BY l.added_at, l.sku_id`,
      )
      .bind(...cart.binds, lang),
    db
      .prepare(
        `SELECT id, product_id AS productId, size, stock FROM skus
         WHERE product_id IN (SELECT s.product_id FROM cart_lines l JOIN skus s ON s.id = l.sku_id WHERE l.cart_id = ${cart.sql})
         ORDER BY product_id, position`,
      )
      .bind(...cart.binds),
    db
      .prepare(
        `SELECT c.id AS cartId, c.promo_code AS promoCode, c.bonuses, c.city_id AS cityId, c.delivery_type_id AS deliveryTypeId,
           u.club_card AS clubCard, u.bonus_balance AS bonusBalance, c.user_id IS NOT NULL AS signedIn,
           p.kind, p.value, p.min_order AS minOrder, p.expires_at AS expiresAt, p.once_per_account AS oncePerAccount, p.active,
           EXISTS (SELECT 1 FROM promo_redemptions r WHERE r.promo_id = p.id AND r.user_id = c.user_id) AS redeemed
         FROM carts c LEFT JOIN users u ON u.id = c.user_id LEFT JOIN promo_codes p ON p.code = c.promo_code
         WHERE c.id = ${cart.sql}`,
      )
      .bind(...cart.binds),
    citiesQuery(db, lang),
    cartOptionsQuery(db, lang, cart),
  ];
}

/**
 * The cart view from the answers to `cartViewStatements`, in their order. `delivery`: priced with
 * this city and type instead of the cart's own (an order placed with them), given the city's
 * options (`optionsOf`).
 */
export function cartViewOf(
  env: CartEnv,
  results: D1Result[],
  now = Math.floor(Date.now() / 1000),
  delivery?: { cityId: number; deliveryTypeId: number; options: DeliveryOption[] },
): CartView {
  const [lineRows, sizeRows, stateRows, cityRows, costRows] = results as [D1Result, D1Result, D1Result, D1Result, D1Result];
  const sizesOf = new Map<number, CartLine["sizes"]>();
  for (const s of mapRows(sizeRows, (r: SizeRow) => r)) {
    sizesOf.set(s.productId, [...(sizesOf.get(s.productId) ?? []), { id: s.id, size: s.size, stock: s.stock }]);
  }
  const lines = mapRows(
    lineRows,
    (l: LineRow): CartLine => ({ ...l, inClub: flag(l.inClub), receiptReady: flag(l.receiptReady), sizes: sizesOf.get(l.productId) ?? [] }),
  );
  const state = firstRow(stateRows, (r: StateRow) => r);
  if (!state) return emptyView();
  const cities = mapRows(cityRows, (r: City) => r);
  const cityId = delivery ? delivery.cityId : state.cityId;
  const deliveryOptions = delivery
    ? delivery.options
    : state.cityId
      ? optionsOf(
          mapRows(costRows, (r: CostRow) => r),
          state.cityId,
        )
      : [];
  const chosen = deliveryOptions.find((o) => o.id === (delivery ? delivery.deliveryTypeId : state.deliveryTypeId)) ?? null;
  // The cart's code joined to its promo (outer join: the promo columns are NULL when the code is unknown).
  const promo =
    state.kind && state.promoCode
      ? promoFromRow({
          code: state.promoCode,
          kind: state.kind,
          value: state.value!,
          minOrder: state.minOrder!,
          expiresAt: state.expiresAt,
          oncePerAccount: state.oncePerAccount!,
          active: state.active!,
          redeemed: state.redeemed!,
        })
      : null;
  const summary = summarize({
    lines,
    promo,
    promoCode: state.promoCode,
    signedIn: flag(state.signedIn),
    now,
    card: { hasCard: Boolean(state.clubCard), available: state.bonusBalance ?? 0 },
    clubPercent: clubRules(env).discountPercent,
    bonusesRequested: state.bonuses,
    delivery: chosen,
  });
  return { cartId: state.cartId, lines, summary, cityId, deliveryTypeId: chosen ? chosen.id : null, cities, deliveryOptions };
}

export type SkuProduct = NonNullable<import("./popup").CartPopupData["product"]> & { skuId: number; stock: number };

/** The product of a sku, as the popup shows it; null for an unknown sku. */
export async function productOfSku(db: D1Database, lang: Lang, skuId: number): Promise<SkuProduct | null> {
  const [main, sizes] = await db.batch([
    db
      .prepare(
        `SELECT s.id AS skuId, s.size, s.stock, p.id, p.slug, t.name, b.name AS brand, c.name_${lang} AS color,
           p.first_price AS firstPrice, p.sale_price AS salePrice, p.in_club AS inClub,
           (SELECT url FROM images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image
         FROM skus s JOIN products p ON p.id = s.product_id JOIN brands b ON b.id = p.brand_id JOIN colors c ON c.id = p.color_id
         JOIN product_translations t ON t.product_id = p.id AND t.lang = ?2
         WHERE s.id = ?1`,
      )
      .bind(skuId, lang),
    db.prepare("SELECT size FROM skus WHERE product_id = (SELECT product_id FROM skus WHERE id = ?) AND stock > 0 ORDER BY position").bind(skuId),
  ]);
  const inStock = mapRows(sizes, (r: { size: string }) => r.size);
  return firstRow(main, (r: Omit<SkuProduct, "inClub" | "sizes"> & { inClub: number }): SkuProduct => ({ ...r, inClub: flag(r.inClub), sizes: inStock }));
}

/** Cart-level settings; every statement is scoped to the cart id the caller resolved for the shopper. */
export async function setPromoCode(db: D1Database, cartId: number, code: string | null): Promise<void> {
  await db.prepare("UPDATE carts SET promo_code = ?, updated_at = unixepoch() WHERE id = ?").bind(code, cartId).run();
}

export async function setBonuses(db: D1Database, cartId: number, amount: number): Promise<void> {
  await db.prepare("UPDATE carts SET bonuses = ?, updated_at = unixepoch() WHERE id = ?").bind(amount, cartId).run();
}

export async function setDelivery(db: D1Database, cartId: number, cityId: number, deliveryTypeId: number | null): Promise<void> {
  await setDeliveryStatement(db, cartId, cityId, deliveryTypeId).run();
}

/** `setDelivery` for a caller's batch (an order saves the delivery it was placed with). */
export function setDeliveryStatement(db: D1Database, cartId: number, cityId: number, deliveryTypeId: number | null): D1PreparedStatement {
  return db.prepare("UPDATE carts SET city_id = ?, delivery_type_id = ?, updated_at = unixepoch() WHERE id = ?").bind(cityId, deliveryTypeId, cartId);
}

export async function findPromo(db: D1Database, code: string, userId: number | null): Promise<Promo | null> {
  const row = await db
    .prepare(
      `SELECT code, kind, value, min_order AS minOrder, expires_at AS expiresAt, once_per_account AS oncePerAccount, active,
         EXISTS (SELECT 1 FROM promo_redemptions r WHERE r.promo_id = p.id AND r.user_id = ?2) AS redeemed
       FROM promo_codes p WHERE code = ?1`,
    )
    .bind(code, userId ?? 0)
    .first<PromoRow>();
  return row ? promoFromRow(row) : null;
}

/** One line of a cart (line actions need only this, not the whole view): its product and that product's skus. */
export async function findLine(db: D1Database, cartId: number | null, skuId: number): Promise<{ productId: number; skuIds: number[] } | null> {
  if (cartId === null) return null;
  const row = await db
    .prepare(
      `SELECT s.product_id AS productId, (SELECT json_group_array(x.id) FROM skus x WHERE x.product_id = s.product_id) AS skuIds
       FROM cart_lines l JOIN skus s ON s.id = l.sku_id WHERE l.cart_id = ? AND l.sku_id = ?`,
    )
    .bind(cartId, skuId)
    .first<{ productId: number; skuIds: string }>();
  return row ? { productId: row.productId, skuIds: JSON.parse(row.skuIds) as number[] } : null;
}
