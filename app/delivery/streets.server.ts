import type { Lang } from "~/i18n/languages";

// A city's streets for courier addresses, and a street's post code by house number.

export type Street = { id: number; ref: string; title: string };

/** A street of the city by its name in any of the languages (a typed or picked name), if the data knows it. */
export async function streetIdOf(db: D1Database, cityId: number, title: string): Promise<number | null> {
  const row = await db
    .prepare("SELECT id FROM streets WHERE city_id = ?1 AND ?2 IN (title_uz, title_ru, title_uk) LIMIT 1")
    .bind(cityId, title.trim())
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** A city's streets, by title in the language. */
export async function streetsOf(db: D1Database, lang: Lang, cityId: number): Promise<Street[]> {
  return (await db.prepare(`SELECT id, ref, title_${lang} AS title FROM streets WHERE city_id = ? ORDER BY title_${lang}, id`).bind(cityId).all<Street>())
    .results;
}

/** `streetsOf` the city a cart has chosen (none before one is): read beside the cart's view. */
export async function cartCityStreets(db: D1Database, lang: Lang, cart: { sql: string; binds: unknown[] }): Promise<Street[]> {
  return (
    await db
      .prepare(
        `SELECT id, ref, title_${lang} AS title FROM streets WHERE city_id = (SELECT city_id FROM carts WHERE id = ${cart.sql}) ORDER BY title_${lang}, id`,
      )
      .bind(...cart.binds)
      .all<Street>()
  ).results;
}

/** A street's post code for a house number ("12", "12A", "12/3" count as 12); null when no range covers it. */
export async function postCodeOf(db: D1Database, streetId: number, house: string): Promise<string | null> {
  const n = Number.parseInt(house, 10);
  if (!Number.isInteger(n) || n < 1) return null;
  const row = await db
    .prepare("SELECT post_code AS code FROM post_codes WHERE street_id = ? AND ? BETWEEN house_from AND house_to")
    .bind(streetId, n)
    .first<{ code: string }>();
  return row?.code ?? null;
}
