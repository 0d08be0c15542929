import { createContext, lazy, Suspense, use, useState, useSyncExternalStore, type ComponentType } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { CartPopupData } from "~/cart/popup";
import type { RootData } from "~/root";

type CartUi = typeof import("~/cart/cart-ui");

/**
 * The cart's interactive pieces (popup, mini-cart) come with the cart route's
 * client module and load when first needed, imported by the URL the server's
 * build manifest names (root loader). An import() of a module path here would
 * pull Vite's preload helper (~0.7 KB) into every page. React Router keeps only
 * route exports in a route's client module, so the module registers the
 * pieces when it runs (app/routes/cart.tsx); on the server entry.server.tsx
 * provides them through CartUiContext, so a popup section renders at once.
 */
let registered: CartUi | null = null;
export const registerCartUi = (ui: CartUi) => void (registered = ui);
export const CartUiContext = createContext<CartUi | null>(null);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
const lazies: Partial<Record<keyof CartUi, ComponentType<any>>> = {};

/** A component of the cart UI: direct on the server, lazily loaded in the browser (render it under Suspense). */
export function useCartUi<K extends keyof CartUi>(name: K): CartUi[K] {
  const onServer = use(CartUiContext);
  const url = (useRouteLoaderData("root") as RootData | undefined)?.cartUi;
  if (onServer) return onServer[name];
  return (lazies[name] ??= lazy(async () => {
    if (!registered) await import(/* @vite-ignore */ url!);
    return { default: registered![name] };
  })) as CartUi[K];
}

// One store for the overlay popup and the quantity of adds in flight (optimistic counters).
let state = { popup: null as CartPopupData | null, pending: 0 };
const listeners = new Set<() => void>();
const set = (next: Partial<typeof state>) => {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));
const snapshot = () => state;
export const useCartStore = () => useSyncExternalStore(subscribe, snapshot, snapshot);

/** Shows the cart popup as an overlay (JavaScript), replacing any open one: one popup at a time. */
export const showCartPopup = (popup: CartPopupData | null) => set({ popup });

/** Adds in flight: the header counts them until the server's counters arrive. */
export const addPending = (quantity: number) => set({ pending: state.pending + quantity });

/** Add errors shown next to the size picker, never as a popup (spec §8: none for is_out_of_stock). */
export const INLINE_ADD_ERRORS = ["size_required", "is_out_of_stock"];

/**
 * The cart popup's place in the layout: the overlay after an add with
 * JavaScript, or the page section of the flash after a redirect (no
 * JavaScript), which stays until the next page. (The popup itself decides
 * not to show errors on the cart page.)
 */
export function CartPopupHost({ flash }: { flash: CartPopupData | null }) {
  const live = useCartStore().popup;
  const CartPopup = useCartUi("CartPopup");
  const { pathname, search } = useLocation();
  const [flashPage] = useState(pathname + search);
  const popup = live ?? (flash && !INLINE_ADD_ERRORS.includes(flash.code ?? "") && flashPage === pathname + search ? flash : null);
  if (!popup) return null;
  return (
    <Suspense fallback={null}>
      <CartPopup key={popup.at} popup={popup} overlay={popup === live} onClose={() => showCartPopup(null)} />
    </Suspense>
  );
}
