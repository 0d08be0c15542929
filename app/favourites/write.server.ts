import type { Session } from "react-router";
import type { Limited } from "~/server/rate-limit.server";
import { ensureGuestKey, type FlashData, type SessionData } from "~/server/session.server";
import { addFavourite, type FavouritesOwner, favouriteTarget, removeFavourite, setFavouriteSize } from "./favourites.server";

/** Who writes: an account, or a guest whose session (made on demand, within a per-address allowance) keeps the key of the list. */
export type FavouriteWriter = { userId: number | null; guestSession: () => Promise<Session<SessionData, FlashData> | Limited> };

export type FavouriteWrite =
  | { ok: true; changed: boolean }
  | { ok: false; status: 400 | 404; field: "productId" | "skuId" | "brandId"; error: string }
  | { ok: false; status: 429; field: "productId" | "brandId"; error: string; retryAfter: number };

/**
 * Adds, removes, or sets the size of a favourite. Each names the state it
 * wants, so a repeated request changes nothing; an add is one batch keyed by
 * (owner, product), so 20 parallel adds leave one row and different ones all stay.
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
  let owner: FavouritesOwner;
  if (w.userId !== null) owner = { userId: w.userId };
  else {
    const session = await w.guestSession();
    if ("limited" in session) return { ok: false, status: 429, field: "productId", error: "common:cartPopup.rate_limited", retryAfter: session.retryAfter };
    owner = { guestKey: ensureGuestKey(session) };
  }
  if (intent === "add") return { ok: true, changed: await addFavourite(db, owner, productId, skuId) };
  if (intent === "remove") return { ok: true, changed: await removeFavourite(db, owner, productId) };
  if (!(await setFavouriteSize(db, owner, productId, skuId!))) return { ok: false, status: 404, field: "productId", error: "favourites:errors.notFavourite" };
  return { ok: true, changed: true };
}
