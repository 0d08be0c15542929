import { createContext, lazy, Suspense, use, useState, type ComponentType } from "react";
import { useLocation } from "react-router";
import { useCartLayout } from "./layout";
import { INLINE_ADD_ERRORS, showCartPopup, useCartStore } from "./store";

type CartUi = typeof import("./cart-ui");

/**
 * The cart's interactive pieces (popup, mini-cart) come with the cart route's
 * client module and load when first needed, imported by the URL the server's
 * build manifest names (the cart's layout data). An import() of a module path here
 * would pull Vite's preload helper (~0.7 KB) into every page. The route exports
 * them as its `handle` (React Router keeps route exports in the client module);
 * on the server entry.server.tsx provides them through CartUiContext, so a
 * popup section renders at once.
 */
export const CartUiContext = createContext<CartUi | null>(null);
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound for any component
const lazies: Partial<Record<keyof CartUi, ComponentType<any>>> = {};

/** A component of the cart UI: direct on the server, lazily loaded in the browser (render it under Suspense). */
export function useCartUi<K extends keyof CartUi>(name: K): CartUi[K] {
  const onServer = use(CartUiContext);
  const url = useCartLayout().uiModule;
  if (onServer) return onServer[name];
  return (lazies[name] ??= lazy(async () => {
    const route = (await import(/* @vite-ignore */ url!)) as { handle: { cartUi: CartUi } };
    return { default: route.handle.cartUi[name] };
  })) as CartUi[K];
}

/**
 * The cart popup in the layout's popup slot: the overlay after an add with
 * JavaScript, or the page section of the flash after a redirect (no
 * JavaScript), which stays until the next page. (The popup itself decides
 * not to show errors on the cart page.)
 */
export function CartPopupHost() {
  const live = useCartStore().popup;
  const flash = useCartLayout().popup;
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

/** Around the desktop header's cart link: the first hover loads the mini-cart, which then opens and closes itself. */
export function MiniCartAnchor({ children }: { children: React.ReactNode }) {
  const [hovered, setHovered] = useState(false);
  const MiniCart = useCartUi("MiniCart");
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only preloads; the link inside is the control
    <div className="mini-cart-anchor" onMouseEnter={() => setHovered(true)}>
      {children}
      {hovered ? (
        <Suspense fallback={null}>
          <MiniCart />
        </Suspense>
      ) : null}
    </div>
  );
}
