import { type FavouritesOwner, favouritesOwner } from "./list.server";
import type { FavouriteWrite, FavouriteWriter } from "./write.server";

/** Most brands a guest session follows. */
export const GUEST_BRANDS_MAX = 100;

export type FollowedBrand = { id: number; slug: string; name: string; products: number };

/** A brand by its catalogue slug. */
export function brandBySlug(db: D1Database, slug: string): Promise<{ id: number; slug: string; name: string } | null> {
  return db.prepare("SELECT id, slug, name FROM brands WHERE slug = ?").bind(slug).first();
}

/**
 * Follows or stops following a brand: the state it names, so a repeated post
 * changes nothing; an account's is one statement keyed by (user, brand).
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
  const ids = session.get("favouriteBrands") ?? [];
  const had = ids.includes(brandId);
  const rest = ids.filter((id) => id !== brandId);
  session.set("favouriteBrands", follow ? [...rest, brandId].slice(-GUEST_BRANDS_MAX) : rest);
  return { ok: true, changed: had !== follow };
}

/** Whether the shopper follows a brand (no session, no read). */
export async function followsBrand(db: D1Database, owner: FavouritesOwner | null, brandId: number): Promise<boolean> {
  if (!owner) return false;
  if ("guest" in owner) return owner.guest.brands.includes(brandId);
  return Boolean(await db.prepare("SELECT 1 AS ok FROM favourite_brands WHERE user_id = ? AND brand_id = ?").bind(owner.userId, brandId).first());
}

/** The brands tab: followed brands, newest first, with how many products each has in the catalogue. */
export async function followedBrands(db: D1Database, owner: FavouritesOwner): Promise<FollowedBrand[]> {
  // One statement: the source (a guest's list or the account's rows) joined to the brands.
  const { results } = await db
    .prepare(
      `WITH f AS (${"guest" in owner ? "SELECT CAST(value AS INTEGER) AS brand_id, key AS rank FROM json_each(?1)" : "SELECT brand_id, created_at AS rank FROM favourite_brands WHERE user_id = ?1"})
       SELECT b.id, b.slug, b.name, (SELECT COUNT(*) FROM products p WHERE p.brand_id = b.id) AS products
       FROM f JOIN brands b ON b.id = f.brand_id ORDER BY f.rank DESC, b.id DESC`,
    )
    .bind("guest" in owner ? JSON.stringify(owner.guest.brands) : owner.userId)
    .all<FollowedBrand>();
  return results;
}

/** At login: the brands a guest followed join the account's. */
export async function mergeGuestBrands(db: D1Database, userId: number, brandIds: number[]): Promise<void> {
  const ids = brandIds.filter((id) => Number.isSafeInteger(id) && id > 0).slice(-GUEST_BRANDS_MAX);
  if (ids.length === 0) return;
  await db
    .prepare("INSERT OR IGNORE INTO favourite_brands (user_id, brand_id) SELECT ?1, b.id FROM brands b WHERE b.id IN (SELECT value FROM json_each(?2))")
    .bind(userId, JSON.stringify(ids))
    .run();
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
