import type { Lang } from "~/i18n/languages";

// Stores (pickup) and post offices (post) in a city: the lists, one point, and a point as a batch's statement.

export type DeliveryPoint = {
  id: number;
  ref: string;
  cityId: number;
  deliveryTypeId: number;
  number: number | null;
  title: string;
  label: string;
  address: string;
  phone: string;
  schedule: string;
};

/**
 * A point as the delivery data API lists it: the spec's `mall_name` (a store's mall or
 * landmark, "" for none) and `additionalLabel` (the line a select shows under the name:
 * the mall and the address).
 */
export function pointJson(p: DeliveryPoint & { kind: string; region: string }) {
  const { kind, region, ...point } = p;
  // The spec's select option names too: `name` (the title), `type` (pickup or post), `region` (the
  // point's city: each is its region's main city) and `district` (the shop keeps none: null).
  return { ...point, mall_name: p.label, additionalLabel: additionalLabelOf(p), name: p.title, type: kind, region, district: null };
}

/** The line a list shows under a point's name: its mall (if any) and its address. */
export function additionalLabelOf(p: { label: string; address: string }): string {
  return [p.label, p.address].filter(Boolean).join(", ");
}

const POINT_COLUMNS = (lang: Lang) =>
  `id, ref, city_id AS cityId, delivery_type_id AS deliveryTypeId, number, title_${lang} AS title, label_${lang} AS label,
   COALESCE(NULLIF(address_${lang}, ''), address_uz) AS address, phone, schedule_${lang} AS schedule`;

/**
 * A city's points for a delivery type (stores for pickup, post offices for
 * post): numbered ones by their number (№ 2 before № 12), then by title.
 */
export async function pointsOf(db: D1Database, lang: Lang, cityId: number, typeId: number): Promise<(DeliveryPoint & { kind: string; region: string })[]> {
  const rows = await db
    .prepare(
      `SELECT ${POINT_COLUMNS(lang)}, (SELECT type FROM delivery_types t WHERE t.id = delivery_type_id) AS kind,
         (SELECT name_${lang} FROM cities c WHERE c.id = city_id) AS region
       FROM delivery_points WHERE city_id = ? AND delivery_type_id = ? ORDER BY number IS NULL, number, title_${lang}, id`,
    )
    .bind(cityId, typeId)
    .all<DeliveryPoint & { kind: string; region: string }>();
  return rows.results;
}

/**
 * Every point in the city a cart has chosen, of every type, in `pointsOf`'s order (none before a
 * city is chosen): keyed by the cart, it is read beside the cart's view instead of after it.
 */
export async function cartCityPoints(db: D1Database, lang: Lang, cart: { sql: string; binds: unknown[] }): Promise<DeliveryPoint[]> {
  const rows = await db
    .prepare(
      `SELECT ${POINT_COLUMNS(lang)} FROM delivery_points WHERE city_id = (SELECT city_id FROM carts WHERE id = ${cart.sql})
       ORDER BY number IS NULL, number, title_${lang}, id`,
    )
    .bind(...cart.binds)
    .all<DeliveryPoint>();
  return rows.results;
}

/** One point, if it serves this city and delivery type. */
export async function pointOf(db: D1Database, lang: Lang, id: number, cityId: number, typeId: number): Promise<DeliveryPoint | null> {
  return pointStatement(db, lang, id, cityId, typeId).first<DeliveryPoint>();
}

/**
 * The point `pointId` (an SQL expression) names, if it serves the city and delivery type the cart
 * (an SQL expression with its binds, `cartSql`) has chosen: for a batch (its row a `DeliveryPoint`).
 */
export function cartPointStatement(db: D1Database, lang: Lang, cart: { sql: string; binds: unknown[] }, pointId: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${POINT_COLUMNS(lang)} FROM delivery_points
       WHERE id = ${pointId} AND city_id = (SELECT city_id FROM carts WHERE id = ${cart.sql})
         AND delivery_type_id = (SELECT delivery_type_id FROM carts WHERE id = ${cart.sql})`,
    )
    .bind(...cart.binds);
}

/** `pointOf` as a statement for a caller's batch (its one row is a `DeliveryPoint`). */
export function pointStatement(db: D1Database, lang: Lang, id: number, cityId: number, typeId: number): D1PreparedStatement {
  return db.prepare(`SELECT ${POINT_COLUMNS(lang)} FROM delivery_points WHERE id = ? AND city_id = ? AND delivery_type_id = ?`).bind(id, cityId, typeId);
}
