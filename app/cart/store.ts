import { useSyncExternalStore } from "react";
import { useNavigation } from "react-router";
import type { CartPopupData } from "./popup";

/**
 * The cart's client store: the overlay popup shown (one at a time) and the
 * quantity of adds in flight (optimistic counters). Its own module, in the
 * layout's chunk: the lazily loaded popup and the product page's add form
 * change it; the layout (the header's counter, the popup host) reads it.
 */
let state = { popup: null as CartPopupData | null, pending: 0 };
const listeners = new Set<() => void>();
const set = (next: Partial<typeof state>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const snapshot = () => state;
export const useCartStore = () => useSyncExternalStore(subscribe, snapshot, snapshot);

/** Add errors shown next to the size picker, never as a popup (none for is_out_of_stock either). */
export const INLINE_ADD_ERRORS = ["size_required", "is_out_of_stock"];

/** Shows the cart popup as an overlay (JavaScript), replacing any open one: one popup at a time. */
export const showCartPopup = (popup: CartPopupData | null) => set({ popup });

/** Adds in flight: the header counts them until the server's counters arrive. */
export const addPending = (quantity: number) => set({ pending: state.pending + quantity });

/**
 * The change to the cart's unit count in flight (optimistic counters): adds from
 * product pages, and the cart page's − / + / remove. The layout adds it to the
 * header's counter; the revalidated counters replace the guess when the server answers.
 */
export function useCartPendingDelta(): number {
  const pending = useCartStore().pending;
  const { formData, formAction } = useNavigation();
  const d = formAction?.endsWith("/cart") ? formData : undefined;
  const intent = d?.get("intent");
  const quantity = Number(d?.get("quantity")) || 1;
  return pending + (intent === "increment" ? 1 : intent === "decrement" ? -1 : intent === "delete" || intent === "move-to-favourites" ? -quantity : 0);
}
