import { useEffect, useRef, useState } from "react";
import { useI18n } from "~/i18n/use-i18n";
import { closeAnimated } from "~/ui/dialog";
import { REQUEST_TIMEOUT_MS, type RequestFailure, requestFailedText } from "~/ui/request";
import type { lineJson } from "./api.server";
import { MINI_CART_CLOSE_MS } from "./popup";

type Line = ReturnType<typeof lineJson>;
type MiniCartData = { lines: Line[]; quantity: number; total: number };

/**
 * The header's mini-cart (desktop hover): open while the pointer is over the
 * header's cart, closed 1000 ms after it leaves (fading out, app.css); the cart's JSON read is
 * loaded each time it opens, and a read that gets no answer says why (above the last read's lines, if any).
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
  // Why the cart could not be shown (no network, no answer in time, a refusal), or null.
  const [failed, setFailed] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: t is new with every revalidation; its texts change only with lang, and a new t must not read the cart again
  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    // A timer of our own, not AbortSignal.any (too new for the phones the shop serves).
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, REQUEST_TIMEOUT_MS);
    setFailed(null);
    fetch(`/api/cart?lang=${lang}`, { signal: abort.signal })
      .then(async (res) => {
        const body = (await res.json().catch(() => null)) as Line[] | { message?: string } | null;
        // Refused: the shop's reason; an answer that is not the shop's (a proxy's page) is said as no connection to it.
        if (!res.ok || !Array.isArray(body)) return setFailed(body && "message" in body && body.message ? body.message : requestFailedText(t, "network"));
        setCart({ lines: body, quantity: Number(res.headers.get("X-Cart-Total-Quantity")), total: Number(res.headers.get("X-Cart-Total-Cost")) });
      })
      .catch(() => {
        // Closed (or the language changed) before the answer: the page's own cancel, silent.
        if (abort.signal.aborted && !timedOut) return;
        setFailed(requestFailedText(t, (timedOut ? "timeout" : "network") satisfies RequestFailure));
      })
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [lang, open]);
  return (
    <div className="mini-cart" data-testid="mini-cart" data-popup-from="top" ref={ref} hidden={!open}>
      {failed ? (
        <p className="mini-cart__failed" role="alert" data-testid="mini-cart-failed">
          {failed}
        </p>
      ) : null}
      {!cart ? (
        failed ? null : (
          <p aria-busy="true">…</p>
        )
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
