import type { Session } from "react-router";
import type { Limited } from "~/server/rate-limit.server";
import type { FlashData, SessionData } from "~/server/session.server";
import { addGuestFavourite, favouriteTarget, removeAccountFavourite, removeGuestFavourite, setAccountFavouriteSize } from "./favourites.server";

/** Who writes: an account, or a guest whose session (made on demand, within a per-address allowance) keeps the list. */
export type FavouriteWriter = { userId: number | null; guestSession: () => Promise<Session<SessionData, FlashData> | Limited> };

export type FavouriteWrite =
  | { ok: true; changed: boolean }
  | { ok: false; status: 400 | 404; field: "productId" | "skuId" | "brandId"; error: string }
  | { ok: false; status: 429; field: "productId" | "brandId"; error: string; retryAfter: number };

/**
 * Adds, removes, or sets the size of a favourite. Each names the state it
 * wants, so a repeated request changes nothing; an account's add is one
 * batch keyed by (user, product), so 20 parallel adds leave one row.
 * `changed`: whether anything was new (an add that created, a remove that removed).
 */
export async function writeFavourite(
  db: D1Database,
  w: FavouriteWriter,
  intent: "add" | "remove" | "size",
  productId: number,
  skuId: number | null,
): Promise<FavouriteWrite> {
  if (intent !== "remove" || skuId !== null) {
    const target = await favouriteTarget(db, productId, skuId);
    if (target === "no_product") return { ok: false, status: 404, field: "productId", error: "favourites:errors.unknownProduct" };
    if (target === "no_size") return { ok: false, status: 400, field: "skuId", error: "favourites:errors.unknownSize" };
  }
  if (intent === "size" && skuId === null) return { ok: false, status: 400, field: "skuId", error: "favourites:errors.unknownSize" };
  if (w.userId !== null) {
    const userId = w.userId;
    if (intent === "add") {
      const [inserted] = await db.batch([
        db
          .prepare("INSERT INTO favourites (user_id, product_id, sku_id) VALUES (?, ?, ?) ON CONFLICT (user_id, product_id) DO NOTHING")
          .bind(userId, productId, skuId),
        db.prepare("UPDATE favourites SET sku_id = ?3 WHERE user_id = ?1 AND product_id = ?2 AND ?3 IS NOT NULL").bind(userId, productId, skuId),
      ]);
      return { ok: true, changed: inserted!.meta.changes > 0 };
    }
    if (intent === "remove") return { ok: true, changed: await removeAccountFavourite(db, userId, productId) };
    if (!(await setAccountFavouriteSize(db, userId, productId, skuId!)))
      return { ok: false, status: 404, field: "productId", error: "favourites:errors.notFavourite" };
    return { ok: true, changed: true };
  }
  const session = await w.guestSession();
  if ("limited" in session) return { ok: false, status: 429, field: "productId", error: "common:cartPopup.rate_limited", retryAfter: session.retryAfter };
  const had = (session.get("favourites") ?? []).includes(productId);
  if (intent === "add") {
    addGuestFavourite(session, productId, skuId);
    return { ok: true, changed: !had };
  }
  if (intent === "remove") {
    removeGuestFavourite(session, productId);
    return { ok: true, changed: had };
  }
  if (!had) return { ok: false, status: 404, field: "productId", error: "favourites:errors.notFavourite" };
  addGuestFavourite(session, productId, skuId);
  return { ok: true, changed: true };
}
