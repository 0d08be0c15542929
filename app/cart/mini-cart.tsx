import { useEffect, useRef, useState } from "react";
import { useI18n } from "~/i18n/use-i18n";
import { closeAnimated } from "~/ui/dialog";
import type { lineJson } from "./api.server";
import { MINI_CART_CLOSE_MS } from "./popup";

type Line = ReturnType<typeof lineJson>;
type MiniCartData = { lines: Line[]; quantity: number; total: number };

/**
 * The header's mini-cart (desktop hover): open while the pointer is over the
 * header's cart, closed 1000 ms after it leaves (fading out, app.css); the cart's JSON read is
 * loaded each time it opens.
 */
export default function MiniCart() {
  const { t, href, price, lang } = useI18n();
  const [cart, setCart] = useState<MiniCartData | null>(null);
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const anchor = ref.current?.parentElement;
    if (!anchor) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Each closing's number: the pointer back during the fade-out keeps it open.
    let closings = 0;
    const enter = () => {
      clearTimeout(timer);
      closings++;
      ref.current?.classList.remove("popup-closing");
      setOpen(true);
    };
    const leave = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const closing = ++closings;
        closeAnimated(ref.current, () => {
          if (closing !== closings) return;
          ref.current?.classList.remove("popup-closing");
          setOpen(false);
        });
      }, MINI_CART_CLOSE_MS);
    };
    // A click on the cart link (or a link in it) goes somewhere: the hover's preview closes and
    // stays closed until the pointer comes back (it covered the cart page's summary).
    const clicked = (e: MouseEvent) => {
      if (!(e.target as Element | null)?.closest("a")) return;
      clearTimeout(timer);
      setOpen(false);
    };
    anchor.addEventListener("mouseenter", enter);
    anchor.addEventListener("mouseleave", leave);
    anchor.addEventListener("click", clicked);
    // The pointer may have left while this code was loading.
    if (!anchor.matches(":hover")) leave();
    return () => {
      clearTimeout(timer);
      anchor.removeEventListener("mouseenter", enter);
      anchor.removeEventListener("mouseleave", leave);
      anchor.removeEventListener("click", clicked);
    };
  }, []);
  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    fetch(`/api/cart?lang=${lang}`, { signal: abort.signal })
      .then(async (res) =>
        setCart({
          lines: (await res.json()) as Line[],
          quantity: Number(res.headers.get("X-Cart-Total-Quantity")),
          total: Number(res.headers.get("X-Cart-Total-Cost")),
        }),
      )
      .catch(() => {});
    return () => abort.abort();
  }, [lang, open]);
  return (
    <div className="mini-cart" data-testid="mini-cart" data-popup-from="top" ref={ref} hidden={!open}>
      {!cart ? (
        <p aria-busy="true">…</p>
      ) : cart.lines.length === 0 ? (
        <p>{t("cartPopup.empty")}</p>
      ) : (
        <>
          <ul className="mini-cart__lines">
            {cart.lines.slice(0, 5).map(({ id, quantity, position: { product: p } }) => (
              <li key={id}>
                <a href={new URL(p._links.self.href).pathname}>{p.name}</a>
                <span>
                  {p.size} × {quantity}
                </span>
                {p.salePrice > 0 ? <span>{price(p.salePrice * quantity)}</span> : null}
              </li>
            ))}
          </ul>
          <p className="mini-cart__total">
            {t("cartPopup.total", { count: cart.quantity })}: <strong>{price(cart.total)}</strong>
          </p>
          <p className="cart-popup__actions">
            <a className="button" href={href("/checkout")}>
              {t("cartPopup.toCheckout")}
            </a>
            <a className="button button--ghost" href={href("/cart")}>
              {t("cartPopup.toCart")}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
