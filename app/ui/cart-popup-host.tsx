import { createContext, lazy, Suspense, use, useState, useSyncExternalStore, type ComponentType } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { CartPopupData } from "~/cart/popup";
import { useI18n } from "~/i18n/use-i18n";
import type { RootData } from "~/root";

type CartUi = typeof import("~/cart/cart-ui");

/**
 * The cart's interactive pieces (popup, mini-cart) live in the cart route's
 * client module and load when first needed. Its URL comes from the server's
 * build manifest (root loader): an import by URL, unlike an import() Vite can
 * see, needs no preload helper in the layout's JS. (Any import() of a module
 * path here would pull Vite's helper into every page.)
 */
async function loadCartUi(url: string | undefined): Promise<CartUi> {
  // React Router keeps only route exports in a route's client module, so the
  // module hands its pieces over when it runs (registerCartUi).
  if (!registered) await import(/* @vite-ignore */ url!);
  if (!registered) throw new Error("the cart route module did not register the cart UI");
  return registered;
}

let registered: CartUi | null = null;
/** Called by the cart route's module when it loads (app/routes/cart.tsx). */
export function registerCartUi(ui: CartUi) {
  registered = ui;
}

/** On the server the module is at hand: entry.server.tsx provides it (a popup section renders at once). */
export const CartUiContext = createContext<CartUi | null>(null);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
const lazyCache = new Map<string, ComponentType<any>>();
/** A component of the cart UI module as a React.lazy component (made once per name). */
function lazyCartUi<K extends "CartPopup" | "MiniCart">(name: K, url: string | undefined): CartUi[K] {
  let component = lazyCache.get(name);
  if (!component) lazyCache.set(name, (component = lazy(() => loadCartUi(url).then((m) => ({ default: m[name] })))));
  return component as CartUi[K];
}

/** A component of the cart UI: direct on the server, lazily loaded in the browser (render it under Suspense). */
export function useCartUi<K extends "CartPopup" | "MiniCart">(name: K): CartUi[K] {
  const onServer = use(CartUiContext);
  const url = (useRouteLoaderData("root") as RootData | undefined)?.cartUi ?? undefined;
  return onServer ? onServer[name] : lazyCartUi(name, url);
}

// One store for the overlay popup and the quantity of adds in flight (optimistic counters).
let state: { popup: CartPopupData | null; pending: number } = { popup: null, pending: 0 };
const listeners = new Set<() => void>();
function set(next: Partial<typeof state>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
export function useCartStore() {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** Shows the cart popup as an overlay (JavaScript), replacing any open one: one popup at a time. */
export function showCartPopup(popup: CartPopupData | null) {
  set({ popup });
}

/** Adds in flight: the header counts them until the server's counters arrive. */
export function addPending(quantity: number) {
  set({ pending: Math.max(0, state.pending + quantity) });
}

/** Add errors shown next to the size picker, never as a popup (spec §8: none for is_out_of_stock). */
export const INLINE_ADD_ERRORS = ["size_required", "is_out_of_stock"];

/**
 * The cart popup's place in the layout: the overlay after an add with
 * JavaScript, or the page section of the flash after a redirect (no
 * JavaScript), which stays until the next page.
 */
export function CartPopupHost({ flash }: { flash: CartPopupData | null }) {
  const live = useCartStore().popup;
  const CartPopup = useCartUi("CartPopup");
  const { pathname, search } = useLocation();
  const onCart = pathname === useI18n().href("/cart");
  const [flashPage] = useState(pathname + search);
  // No error popup on the cart page (spec §8), but the checkout limit's.
  const visible = (p: CartPopupData | null) => p && !INLINE_ADD_ERRORS.includes(p.code ?? "") && (p.status || !onCart || p.code === "max_products_checkout_count");
  const popup = visible(live) ? live : visible(flash) && flashPage === pathname + search ? flash : null;
  if (!popup) return null;
  return (
    <Suspense fallback={null}>
      <CartPopup key={popup.at} popup={popup} overlay={popup === live} onClose={() => showCartPopup(null)} />
    </Suspense>
  );
}
