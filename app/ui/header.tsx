import { Suspense, useRef, useState } from "react";
import { useNavigation } from "react-router";
import type { Counters } from "~/session.server";
import type { MenuItem } from "~/root";
import { useI18n } from "~/i18n/use-i18n";
import { useCartStore, useCartUi } from "./cart-popup-host";
import { CounterLink } from "./counter-link";
import { Icon } from "./icons";
import { LanguageSwitcher } from "./language-switcher";
import { useLinkNavigation } from "./link-navigation";

/** Spec §4: the hover mini-cart closes 1000 ms after the pointer leaves. */
const MINI_CART_CLOSE_MS = 1000;

/**
 * The quantity change in flight (optimistic counters): adds from product
 * pages, and the cart page's − / + / remove. The revalidated counters replace
 * the guess when the server answers.
 */
function usePendingCartDelta(): number {
  const pending = useCartStore().pending;
  const d = useNavigation().formData;
  const intent = d?.get("intent");
  const quantity = Number(d?.get("quantity")) || 1;
  return pending + (intent === "increment" ? 1 : intent === "decrement" ? -1 : intent === "delete" || intent === "move-to-favourites" ? -quantity : 0);
}

/** The desktop header's cart: a mini-cart on hover that closes 1000 ms after the pointer leaves (spec §4). */
function HeaderCart({ to, label, count }: { to: string; label: string; count: number }) {
  const [open, setOpen] = useState(false);
  // The mini-cart's code and data load on the first hover.
  const MiniCart = useCartUi("MiniCart");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hover = (on: boolean) => {
    clearTimeout(timer.current);
    if (on) setOpen(true);
    else timer.current = setTimeout(setOpen, MINI_CART_CLOSE_MS, false);
  };
  return (
    <div className="mini-cart-anchor" onMouseEnter={() => hover(true)} onMouseLeave={() => hover(false)}>
      <CounterLink to={to} icon="cart" label={label} count={count} testId="cart-counter" />
      {open ? (
        <Suspense fallback={null}>
          <MiniCart />
        </Suspense>
      ) : null}
    </div>
  );
}


export function Header({ menu, counters, signedIn }: { menu: MenuItem[]; counters: Counters; signedIn: boolean }) {
  const { t, href } = useI18n();
  const account = href(signedIn ? "/account" : "/login");
  const cartCount = Math.max(0, counters.cart + usePendingCartDelta());
  // Client-side navigation for the header's links (the language switcher keeps document loads).
  const navigateOnClick = useLinkNavigation();
  const onMenuClick = (event: React.MouseEvent<HTMLElement>) => {
    event.currentTarget.closest("details")?.removeAttribute("open");
    navigateOnClick(event);
  };
  return (
    <>
      <a className="skip" href="#main">
        {t("layout.skip")}
      </a>
      <header className="site-header">
        <div className="container site-header__row">
          <a className="logo" href={href("/")} onClick={navigateOnClick}>
            {t("shopName")}
          </a>
          <details className="menu">
            <summary>{t("layout.catalogue")}</summary>
            <nav className="menu__panel" aria-label={t("layout.catalogue")} onClick={onMenuClick}>
              {menu.map((top) => (
                <div key={top.path} className="menu__group">
                  <a className="menu__top" href={href(`/store/${top.path}`)}>
                    {top.name}
                  </a>
                  <ul>
                    {top.children.map((c) => (
                      <li key={c.path}>
                        <a href={href(`/store/${c.path}`)}>{c.name}</a>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
              <div className="menu__group">
                <a className="menu__top" href={href("/store?sale=1")}>
                  {t("layout.sale")}
                </a>
              </div>
            </nav>
          </details>
          <form method="get" action={href("/search")} role="search" className="search">
            <input type="search" name="q" aria-label={t("layout.searchLabel")} placeholder={t("layout.searchPlaceholder")} maxLength={100} required />
            <button type="submit" aria-label={t("layout.searchSubmit")}>
              <Icon name="search" />
            </button>
          </form>
          <nav className="site-header__actions" aria-label={t("layout.account")} onClick={navigateOnClick}>
            <CounterLink to={href("/favorite")} icon="heart" label={t("layout.favourites")} count={counters.favourites} testId="fav-counter" />
            <HeaderCart to={href("/cart")} label={t("layout.cart")} count={cartCount} />
            <a className="counter" href={account} data-testid="account-link">
              <Icon name="user" />
              <span className="counter__label">{t("layout.account")}</span>
            </a>
          </nav>
          <LanguageSwitcher />
        </div>
      </header>
      <nav className="mobile-bar" aria-label={t("layout.mobileBar")} onClick={navigateOnClick}>
        <a href={href("/")}>
          <Icon name="home" />
          <span>{t("layout.home")}</span>
        </a>
        <a href={href("/store")}>
          <Icon name="grid" />
          <span>{t("layout.catalogue")}</span>
        </a>
        <CounterLink to={href("/favorite")} icon="heart" label={t("layout.favourites")} count={counters.favourites} testId="fav-counter-mobile" />
        <CounterLink to={href("/cart")} icon="cart" label={t("layout.cart")} count={cartCount} testId="cart-counter-mobile" />
        <a href={account}>
          <Icon name="user" />
          <span>{t("layout.account")}</span>
        </a>
      </nav>
    </>
  );
}
