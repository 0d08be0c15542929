import { Suspense, use, useState } from "react";
import { Link, useNavigation } from "react-router";
import type { Counters } from "~/cart/index.server";
import type { MenuItem } from "~/root";
import { useI18n } from "~/i18n/use-i18n";
import { useCartStore, useCartUi } from "~/cart/index";
import { CounterLink } from "./counter-link";
import { Icon } from "~/ui/icons";
import { LanguageSwitcher } from "./language-switcher";
import { ServerMarkupContext } from "~/ui/server-markup";

/**
 * The quantity change in flight (optimistic counters): adds from product
 * pages, and the cart page's − / + / remove. The revalidated counters replace
 * the guess when the server answers.
 */
function usePendingCartDelta(): number {
  const pending = useCartStore().pending;
  const { formData, formAction } = useNavigation();
  const d = formAction?.endsWith("/cart") ? formData : undefined;
  const intent = d?.get("intent");
  const quantity = Number(d?.get("quantity")) || 1;
  return pending + (intent === "increment" ? 1 : intent === "decrement" ? -1 : intent === "delete" || intent === "move-to-favourites" ? -quantity : 0);
}

/** A click in the menu's panel closes it (the page changes under it). */
function closeMenu(event: React.MouseEvent<HTMLElement>) {
  event.currentTarget.closest("details")?.removeAttribute("open");
}


/** The catalogue menu's groups: top categories with their children, then the sale (the server writes the same as a string, see app/ui/server-markup.ts). */
export function MenuGroups({ menu }: { menu: MenuItem[] }) {
  const { t, href } = useI18n();
  return (
    <>
      {menu.map((top) => (
        <div key={top.path} className="menu__group">
          <Link to={href(`/store/${top.path}`)} className="menu__top">
            {top.name}
          </Link>
          <ul>
            {top.children.map((c) => (
              <li key={c.path}>
                <Link to={href(`/store/${c.path}`)}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className="menu__group">
        <Link to={href("/store?sale=1")} className="menu__top">
          {t("layout.sale")}
        </Link>
      </div>
    </>
  );
}

/** The desktop header's cart: the first hover loads the mini-cart, which then opens and closes itself (spec §4). */
function HeaderCart({ to, label, count }: { to: string; label: string; count: number }) {
  const [hovered, setHovered] = useState(false);
  const MiniCart = useCartUi("MiniCart");
  return (
    <div className="mini-cart-anchor" onMouseEnter={() => setHovered(true)}>
      <CounterLink to={to} icon="cart" label={label} count={count} testId="cart-counter" />
      {hovered ? (
        <Suspense fallback={null}>
          <MiniCart />
        </Suspense>
      ) : null}
    </div>
  );
}

export function Header({ menu, counters, signedIn }: { menu: MenuItem[]; counters: Counters; signedIn: boolean }) {
  const i18n = useI18n();
  const { t, href } = i18n;
  const menuHtml = use(ServerMarkupContext)?.menu;
  const account = href(signedIn ? "/account" : "/login");
  const cartCount = Math.max(0, counters.cart + usePendingCartDelta());
  return (
    <>
      <a className="skip" href="#main">
        {t("layout.skip")}
      </a>
      <header className="site-header">
        <div className="container site-header__row">
          <Link to={href("/")} className="logo">
            {t("shopName")}
          </Link>
          <details className="menu">
            <summary>{t("layout.catalogue")}</summary>
            <nav
              className="menu__panel"
              aria-label={t("layout.catalogue")}
              onClick={closeMenu}
              {...(menuHtml ? { dangerouslySetInnerHTML: { __html: menuHtml(menu, i18n) } } : { children: <MenuGroups menu={menu} /> })}
            />
          </details>
          <form method="get" action={href("/search")} role="search" className="search">
            <input type="search" name="q" aria-label={t("layout.searchLabel")} placeholder={t("layout.searchPlaceholder")} maxLength={100} required />
            <button type="submit" aria-label={t("layout.searchSubmit")}>
              <Icon name="search" />
            </button>
          </form>
          <nav className="site-header__actions" aria-label={t("layout.account")}>
            <CounterLink to={href("/favorite")} icon="heart" label={t("layout.favourites")} count={counters.favourites} testId="fav-counter" />
            <HeaderCart to={href("/cart")} label={t("layout.cart")} count={cartCount} />
            <Link to={account} className="counter" data-testid="account-link">
              <Icon name="user" />
              <span className="counter__label">{t("layout.account")}</span>
            </Link>
          </nav>
          <LanguageSwitcher />
        </div>
      </header>
      <nav className="mobile-bar" aria-label={t("layout.mobileBar")}>
        <Link to={href("/")}>
          <Icon name="home" />
          <span>{t("layout.home")}</span>
        </Link>
        <Link to={href("/store")}>
          <Icon name="grid" />
          <span>{t("layout.catalogue")}</span>
        </Link>
        <CounterLink to={href("/favorite")} icon="heart" label={t("layout.favourites")} count={counters.favourites} testId="fav-counter-mobile" />
        <CounterLink to={href("/cart")} icon="cart" label={t("layout.cart")} count={cartCount} testId="cart-counter-mobile" />
        <Link to={account}>
          <Icon name="user" />
          <span>{t("layout.account")}</span>
        </Link>
      </nav>
    </>
  );
}
