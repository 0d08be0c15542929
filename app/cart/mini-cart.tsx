import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import type { CartView } from "./cart.server";

/** The header's mini-cart (desktop hover): the cart page's data, loaded when first opened. */
export default function MiniCart() {
  const { t, href, price } = useI18n();
  const fetcher = useFetcher<{ view: CartView }>({ key: "mini-cart" });
  const cartPath = href("/cart");
  useEffect(() => {
    if (fetcher.state === "idle") fetcher.load(cartPath);
    // Load once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cartPath]);
  const view = fetcher.data?.view;
  return (
    <div className="mini-cart" data-testid="mini-cart">
      {!view ? (
        <p aria-busy="true">…</p>
      ) : view.lines.length === 0 ? (
        <p>{t("cartPopup.empty")}</p>
      ) : (
        <>
          <ul className="mini-cart__lines">
            {view.lines.slice(0, 5).map((l) => (
              <li key={l.skuId}>
                <a href={href(`/product/${l.slug}`)}>{l.name}</a>
                <span>
                  {l.size} × {l.quantity}
                </span>
                {l.salePrice > 0 ? <span>{price(l.salePrice * l.quantity)}</span> : null}
              </li>
            ))}
          </ul>
          <p className="mini-cart__total">
            {t("cartPopup.total", { count: view.summary.quantity })}: <strong>{price(view.summary.total)}</strong>
          </p>
          <p className="cart-popup__actions">
            <a className="button" href={href("/checkout")}>
              {t("cartPopup.toCheckout")}
            </a>
            <a className="button button--ghost" href={cartPath}>
              {t("cartPopup.toCart")}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
