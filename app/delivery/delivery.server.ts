import type { Lang } from "~/i18n/languages";
import { flag, mapRows } from "~/server/db.server";
import { costFor, type DeliveryOption } from "./options";

/**
 * Delivery data (cities, delivery types, the cost matrix). The cart asks for
 * the options of a city; the checkout will ask for warehouses and streets.
 */

export type City = { id: number; ref: string; title: string };

const CITY_NAME: Record<Lang, string> = { uz: "name_uz", ru: "name_ru", uk: "name_uk" };
const TYPE_TITLE: Record<Lang, string> = { uz: "title_uz", ru: "title_ru", uk: "title_uk" };
const INFO: Record<Lang, string> = { uz: "info_uz", ru: "info_ru", uk: "info_uk" };
const ESTIMATED: Record<Lang, string> = { uz: "estimated_delivery_time_uz", ru: "estimated_delivery_time_ru", uk: "estimated_delivery_time_uk" };

export function citiesQuery(db: D1Database, lang: Lang): D1PreparedStatement {
  return db.prepare(`SELECT id, ref, ${CITY_NAME[lang]} AS title FROM cities ORDER BY position, id`);
}

type CostRow = Omit<DeliveryOption, "needPayment" | "info" | "receiptReady"> & { needPayment: number; cityMapId: string; info: string; receiptReady: number };

/** A type's notes as stored (a JSON array); anything else is no notes. */
function infoOf(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/**
 * A type can be completed in a city: the courier comes to any address; pickup
 * and post need a store or post office of that type there (else its step could
 * never be finished). `city` is an SQL expression for the city's id.
 */
const completable = (city: string) =>
  `(t.type = 'courier' OR EXISTS (SELECT 1 FROM delivery_points p WHERE p.city_id = CAST(${city} AS INTEGER) AND p.delivery_type_id = t.id))`;

function optionsSql(lang: Lang, city: string): string {
  return `SELECT t.id, t.uuid, t.type, t.${TYPE_TITLE[lang]} AS title, t.${INFO[lang]} AS info, t.need_payment AS needPayment, c.city_map_id AS cityMapId,
            (t.ikpu IS NOT NULL AND t.package_code IS NOT NULL) AS receiptReady, c.delivery_price AS price, c.minimum_amount_of_free_shipping AS freeFrom, c.${ESTIMATED[lang]} AS estimated
     FROM delivery_types t JOIN delivery_costs c ON c.delivery_type_id = t.id
     WHERE t.status = 1 AND c.city_map_id IN (CAST(CAST(${city} AS INTEGER) AS TEXT), 'another_city') AND ${city} IS NOT NULL AND ${completable(city)}
     ORDER BY t.position, t.id`;
}

/** The matrix rows that can apply to a city (its own and the fallback), enabled types that can be completed there only. */
export function optionsQuery(db: D1Database, lang: Lang, cityId: number): D1PreparedStatement {
  return db.prepare(optionsSql(lang, "?1")).bind(cityId);
}

/** The same for the city a cart has chosen (no rows while it has none): `cart`, an SQL expression for the cart's id, with its binds. */
export function cartOptionsQuery(db: D1Database, lang: Lang, cart: { sql: string; binds: unknown[] }): D1PreparedStatement {
  return db.prepare(optionsSql(lang, `(SELECT city_id FROM carts WHERE id = ${cart.sql})`)).bind(...cart.binds);
}

/** The delivery types offered in a city with their cost: the city's own row, else another_city. */
export function optionsOf(rows: CostRow[], cityId: number): DeliveryOption[] {
  const byType = new Map<number, CostRow[]>();
  for (const r of rows) byType.set(r.id, [...(byType.get(r.id) ?? []), r]);
  const out: DeliveryOption[] = [];
  for (const group of byType.values()) {
    const row = costFor(group, cityId);
    if (!row) continue;
    const { cityMapId: _, needPayment, info, receiptReady, ...rest } = row;
    out.push({ ...rest, needPayment: flag(needPayment), info: infoOf(info), receiptReady: flag(receiptReady) });
  }
  return out;
}

export async function deliveryOptions(db: D1Database, lang: Lang, cityId: number): Promise<DeliveryOption[]> {
  return optionsOf((await optionsQuery(db, lang, cityId).all<CostRow>()).results, cityId);
}

export async function cityExists(db: D1Database, cityId: number): Promise<boolean> {
  return Boolean(await db.prepare("SELECT 1 FROM cities WHERE id = ?").bind(cityId).first());
}

/** Whether a delivery type exists and is enabled (disabled ones stay in the data, out of every list and price). */
export async function deliveryTypeEnabled(db: D1Database, typeId: number): Promise<boolean> {
  return Boolean(await db.prepare("SELECT 1 FROM delivery_types WHERE id = ? AND status = 1").bind(typeId).first());
}

export type { CostRow };

export type DeliveryTypeRow = {
  id: number;
  uuid: string;
  type: string;
  title: string;
  info: string[];
  needPayment: boolean;
  active: boolean;
  /** The spec's name for `active`: 1 enabled, 0 (falsy) disabled. */
  status: 0 | 1;
  /** The type's icon name (truck, store, post). */
  icon: string;
  price: number;
  freeFrom: number;
  estimated: string;
};

/**
 * The delivery types of a city for the delivery data API: the offered ones with
 * their cost (the city's row, else another_city); with `showInactive`, the
 * disabled ones too, marked inactive. As everywhere, only types that can be
 * completed in the city.
 */
export async function typesOfCity(db: D1Database, lang: Lang, cityId: number, showInactive: boolean): Promise<DeliveryTypeRow[]> {
  const rows = await db
    .prepare(
      `SELECT t.id, t.uuid, t.type, t.icon, t.${TYPE_TITLE[lang]} AS title, t.${INFO[lang]} AS info, t.need_payment AS needPayment, t.status AS status, c.city_map_id AS cityMapId,
         c.delivery_price AS price, c.minimum_amount_of_free_shipping AS freeFrom, c.${ESTIMATED[lang]} AS estimated
       FROM delivery_types t JOIN delivery_costs c ON c.delivery_type_id = t.id
       WHERE (t.status = 1 OR ?2) AND c.city_map_id IN (CAST(CAST(?1 AS INTEGER) AS TEXT), 'another_city') AND ${completable("?1")}
       ORDER BY t.position, t.id`,
    )
    .bind(cityId, showInactive ? 1 : 0)
    .all<CostRow & { status: number; icon: string }>();
  const byType = new Map<number, (CostRow & { status: number; icon: string })[]>();
  for (const r of rows.results) byType.set(r.id, [...(byType.get(r.id) ?? []), r]);
  const out: DeliveryTypeRow[] = [];
  for (const group of byType.values()) {
    const row = costFor(group, cityId);
    if (!row) continue;
    out.push({
      id: row.id,
      uuid: row.uuid,
      type: row.type,
      title: row.title,
      info: infoOf(row.info),
      needPayment: flag(row.needPayment),
      active: flag(row.status),
      status: flag(row.status) ? 1 : 0,
      icon: row.icon,
      price: row.price,
      freeFrom: row.freeFrom,
      estimated: row.estimated,
    });
  }
  return out;
}

/** The enabled delivery types, named (their costs depend on the city): the cart's choice before a city is chosen. */
export async function enabledDeliveryTypes(db: D1Database, lang: Lang): Promise<{ id: number; uuid: string; title: string }[]> {
  const sql = `SELECT id, uuid, ${TYPE_TITLE[lang]} AS title FROM delivery_types WHERE status = 1 ORDER BY position, id`;
  return (await db.prepare(sql).all<{ id: number; uuid: string; title: string }>()).results;
}

/** All cities in a language, in their order. */
export async function allCities(db: D1Database, lang: Lang): Promise<City[]> {
  return (await citiesQuery(db, lang).all<City>()).results;
}

/** A city by its id or its ref ("tashkent"), as the delivery data API names it. */
export async function cityIdOf(db: D1Database, idOrRef: string): Promise<number | null> {
  const row = await db.prepare("SELECT id FROM cities WHERE ref = ?1 OR id = CAST(?1 AS INTEGER) LIMIT 1").bind(idOrRef).first<{ id: number }>();
  return row?.id ?? null;
}

/** Where an order goes, as ids: its city, delivery type and (pickup, post) point. */
export type PlaceRef = { cityId: number; deliveryTypeId: number; pointId: number | null };

/** The same place named in a language; `point` is null for the courier, or when the point is gone from the data. */
export type PlaceNames = {
  city: string;
  type: string;
  point: { title: string; label: string; address: string; phone: string; schedule: string } | null;
};

/**
 * Names places (an order's city, type and point) in a language, in the order
 * asked, in one query: a page names an order in its own language, whatever the
 * language it was placed in. An id the data no longer has names nothing ("").
 */
export async function placeNames(db: D1Database, lang: Lang, refs: PlaceRef[]): Promise<PlaceNames[]> {
  if (refs.length === 0) return [];
  return placeNamesOf(await placeNamesStatement(db, lang, refs).all());
}

/** `placeNames` as a statement for a caller's batch: `placeNamesOf` reads its answer. */
export function placeNamesStatement(db: D1Database, lang: Lang, refs: PlaceRef[]): D1PreparedStatement {
  return db
    .prepare(
      `SELECT c.${CITY_NAME[lang]} AS city, t.${TYPE_TITLE[lang]} AS type, p.id AS pointId, p.title_${lang} AS title, p.label_${lang} AS label,
         COALESCE(NULLIF(p.address_${lang}, ''), p.address_uz) AS address, p.phone, p.schedule_${lang} AS schedule
       FROM json_each(?1) j
       LEFT JOIN cities c ON c.id = json_extract(j.value, '$[0]')
       LEFT JOIN delivery_types t ON t.id = json_extract(j.value, '$[1]')
       LEFT JOIN delivery_points p ON p.id = json_extract(j.value, '$[2]')
       ORDER BY j.key`,
    )
    .bind(JSON.stringify(refs.map((r) => [r.cityId, r.deliveryTypeId, r.pointId])));
}

export function placeNamesOf(result: D1Result): PlaceNames[] {
  type Row = {
    city: string | null;
    type: string | null;
    pointId: number | null;
    title: string;
    label: string;
    address: string;
    phone: string;
    schedule: string;
  };
  return mapRows(result, (r: Row) => ({
    city: r.city ?? "",
    type: r.type ?? "",
    point: r.pointId === null ? null : { title: r.title, label: r.label, address: r.address, phone: r.phone, schedule: r.schedule },
  }));
}

/** Whether a delivery type takes payment on delivery (card to the courier or at the post office). */
export async function takesPaymentOnDelivery(db: D1Database, typeId: number): Promise<boolean> {
  const row = await db.prepare("SELECT need_payment AS n FROM delivery_types WHERE id = ?").bind(typeId).first<{ n: number }>();
  return flag(row?.n ?? 0);
}

/** An enabled delivery type as the delivery info explains it: its name, icon and notes. */
export type DeliveryTypeInfo = { id: number; type: string; icon: string; title: string; info: string[] };

/** The enabled delivery types with their notes, in their order (the delivery info popup and page). */
export async function deliveryTypesInfo(db: D1Database, lang: Lang): Promise<DeliveryTypeInfo[]> {
  const sql = `SELECT id, type, icon, ${TYPE_TITLE[lang]} AS title, ${INFO[lang]} AS info FROM delivery_types WHERE status = 1 ORDER BY position, id`;
  const rows = await db.prepare(sql).all<Omit<DeliveryTypeInfo, "info"> & { info: string }>();
  return rows.results.map((r) => ({ ...r, info: infoOf(r.info) }));
}
