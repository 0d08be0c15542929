import { ensureGuestKey } from "~/server/session.server";
import { type FavouritesOwner, favouritesOwner } from "./list.server";
import type { FavouriteWrite, FavouriteWriter } from "./write.server";

/** Most brands a guest follows; past it the oldest go. */
export const GUEST_BRANDS_MAX = 100;

/** The owner's followed brands: table, owner column and value. */
function brandRows(owner: FavouritesOwner): { table: "favourite_brands" | "guest_favourite_brands"; column: "user_id" | "guest_key"; key: number | string } {
  return "userId" in owner
    ? { table: "favourite_brands", column: "user_id", key: owner.userId }
    : { table: "guest_favourite_brands", column: "guest_key", key: owner.guestKey ?? "" };
}

export type FollowedBrand = { id: number; slug: string; name: string; products: number };

/** A brand by its catalogue slug. */
export function brandBySlug(db: D1Database, slug: string): Promise<{ id: number; slug: string; name: string } | null> {
  return db.prepare("SELECT id, slug, name FROM brands WHERE slug = ?").bind(slug).first();
}

/**
 * Follows or stops following a brand: the state it names, so a repeated post
 * changes nothing; one statement (a guest's follow: one batch with the cap) keyed by (owner, brand).
 */
export async function followBrand(db: D1Database, w: FavouriteWriter, brandId: number, follow: boolean): Promise<FavouriteWrite> {
  const exists = await db.prepare("SELECT 1 AS ok FROM brands WHERE id = ?").bind(brandId).first();
  if (!exists) return { ok: false, status: 404, field: "brandId", error: "favourites:errors.unknownBrand" };
  if (w.userId !== null) {
    const r = follow
      ? await db.prepare("INSERT INTO favourite_brands (user_id, brand_id) VALUES (?, ?) ON CONFLICT DO NOTHING").bind(w.userId, brandId).run()
      : await db.prepare("DELETE FROM favourite_brands WHERE user_id = ? AND brand_id = ?").bind(w.userId, brandId).run();
    return { ok: true, changed: r.meta.changes > 0 };
  }
  const session = await w.guestSession();
  if ("limited" in session) return { ok: false, status: 429, field: "brandId", error: "common:cartPopup.rate_limited", retryAfter: session.retryAfter };
  const key = ensureGuestKey(session);
  if (!follow) {
    const r = await db.prepare("DELETE FROM guest_favourite_brands WHERE guest_key = ? AND brand_id = ?").bind(key, brandId).run();
    return { ok: true, changed: r.meta.changes > 0 };
  }
  const [inserted] = await db.batch([
    db.prepare("INSERT INTO guest_favourite_brands (guest_key, brand_id, added_ms) VALUES (?, ?, ?) ON CONFLICT DO NOTHING").bind(key, brandId, Date.now()),
    db
      .prepare(
        `DELETE FROM guest_favourite_brands WHERE guest_key = ?1 AND brand_id NOT IN
           (SELECT brand_id FROM guest_favourite_brands WHERE guest_key = ?1 ORDER BY added_ms DESC, brand_id DESC LIMIT ?2)`,
      )
      .bind(key, GUEST_BRANDS_MAX),
  ]);
  return { ok: true, changed: inserted!.meta.changes > 0 };
}

/** Whether the shopper follows a brand (no session, no read). */
export async function followsBrand(db: D1Database, owner: FavouritesOwner | null, brandId: number): Promise<boolean> {
  if (!owner) return false;
  const { table, column, key } = brandRows(owner);
  return Boolean(await db.prepare(`SELECT 1 AS ok FROM ${table} WHERE ${column} = ? AND brand_id = ?`).bind(key, brandId).first());
}

/** The brands tab: followed brands, newest first, with how many products each has in the catalogue. */
export async function followedBrands(db: D1Database, owner: FavouritesOwner): Promise<FollowedBrand[]> {
  const { table, column, key } = brandRows(owner);
  const rank = table === "favourite_brands" ? "created_at" : "added_ms";
  const { results } = await db
    .prepare(
      `WITH f AS (SELECT brand_id, ${rank} AS rank FROM ${table} WHERE ${column} = ?1)
       SELECT b.id, b.slug, b.name, (SELECT COUNT(*) FROM products p WHERE p.brand_id = b.id) AS products
       FROM f JOIN brands b ON b.id = f.brand_id ORDER BY f.rank DESC, b.id DESC`,
    )
    .bind(key)
    .all<FollowedBrand>();
  return results;
}

/** At sign-in: the brands a guest followed join the account's, in their order (the guest's rows go in the same batch). */
export function guestBrandsMerge(db: D1Database, userId: number, guestKey: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT OR IGNORE INTO favourite_brands (user_id, brand_id, created_at)
         SELECT ?1, brand_id, unixepoch() + 1 - ROW_NUMBER() OVER (ORDER BY added_ms DESC, brand_id DESC)
         FROM guest_favourite_brands WHERE guest_key = ?2`,
      )
      .bind(userId, guestKey),
    db.prepare("DELETE FROM guest_favourite_brands WHERE guest_key = ?").bind(guestKey),
  ];
}

export type BrandFollow = { id: number; following: boolean; label: string };

/**
 * The heart of a brand's catalogue page (one brand chosen), its label translated here
 * so the catalogue need not ship the favourites texts. No session, no read.
 */
export async function brandFollowOf(
  db: D1Database,
  t: (key: string, vars?: Record<string, string>) => string,
  shopper: { owner: { userId: number | null }; session: Parameters<typeof favouritesOwner>[1] },
  slug: string,
): Promise<BrandFollow | null> {
  const brand = await brandBySlug(db, slug);
  if (!brand) return null;
  const following = await followsBrand(db, shopper.session ? favouritesOwner(shopper.owner.userId, shopper.session) : null, brand.id);
  return { id: brand.id, following, label: t(following ? "favourites:brands.unfollow" : "favourites:brands.follow", { brand: brand.name }) };
}
