import { useSyncExternalStore } from "react";
import { type RequestFailure, request } from "~/ui/request";

// Toggles in flight, as a change to the favourites count: the header adds it to the
// server's counter until the revalidated counters arrive (as the cart's adds do).
let pending = 0;
const listeners = new Set<() => void>();
const bump = (delta: number) => {
  pending += delta;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const snapshot = () => pending;
const serverSnapshot = () => 0;

/** The change to the favourites count still in flight (optimistic counters). */
export const useFavouritesPending = (): number => useSyncExternalStore(subscribe, snapshot, serverSnapshot);

// One write at a time from this tab: a guest's list is part of the session, which is saved
// whole, so two posts in flight (hearts on two cards) would each save a list without the other's.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Asks the JSON API for the state the shopper wants (add or remove, never a blind
 * toggle, so a double post cannot undo itself), after the writes already queued, then
 * reloads the page's data (the counters, the hearts' states) through `revalidate`. The
 * header counts the change from the start; "refused" when the server refused, else why
 * no answer came.
 */
export async function sendFavourite(productId: number, want: boolean, revalidate: () => Promise<void>): Promise<true | "refused" | RequestFailure> {
  const delta = want ? 1 : -1;
  bump(delta);
  const write = queue.then(async () => {
    const res = want
      ? await request("/api/favorites", { method: "POST", body: new URLSearchParams({ item_id: String(productId) }) })
      : await request(`/api/favorites/${productId}`, { method: "DELETE" });
    if ("failed" in res) return res.failed;
    if (!res.ok) return "refused" as const;
    if (want) announceWishlist(productId);
    await revalidate();
    return true as const;
  });
  queue = write.catch(() => undefined);
  try {
    return await write;
  } catch {
    return "refused";
  } finally {
    bump(-delta);
  }
}

/**
 * The retargeting script of the list a product just joined, as the older client inserted
 * it: the shop's own (`/api/retargeting/wishlist/<id>`), which pushes the shopper's list to
 * `window.dataLayer` for a tag manager. Removed once run.
 */
function announceWishlist(productId: number) {
  const script = document.createElement("script");
  script.src = `/api/retargeting/wishlist/${productId}`;
  script.async = true;
  script.onload = script.onerror = () => script.remove();
  document.head.appendChild(script);
}
