import type { ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { Icon } from "~/ui/icons";
import { CounterLink } from "./counter-link";
import { useLinkNavigation } from "~/ui/link-navigation";
import { type Markup, useKeptMarkup } from "~/ui/markup";
import type { Counters } from "./data";
import { LanguageSwitcher } from "./language-switcher";
import { SearchBox } from "./search-box";

/** The catalogue menu's panel (server-written links): a click on a link navigates client-side and closes the menu. */
function MenuPanel({ menu }: { menu: Markup }) {
  const { t } = useI18n();
  const navigate = useLinkNavigation();
  const onClick = (event: React.MouseEvent<HTMLElement>) => {
    navigate(event);
    event.currentTarget.closest("details")?.removeAttribute("open");
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click comes from a link inside (keyboard activation clicks it too)
    <nav className="menu__panel" aria-label={t("layout.catalogue")} onClick={onClick} {...useKeptMarkup(menu)} />
  );
}

export type HeaderProps = {
  menu: Markup;
  counters: Counters;
  /** A change to the cart's count still in flight (optimistic), added to the counter. */
  pendingCart?: number;
  /** Favourites toggles in flight (optimistic), added to the counter. */
  pendingFavourites?: number;
  signedIn: boolean;
  /** Wraps the desktop header's cart link (the cart puts its mini-cart there). */
  cartAnchor?: (link: ReactNode) => ReactNode;
};

export function Header({ menu, counters, pendingCart = 0, pendingFavourites = 0, signedIn, cartAnchor = (link) => link }: HeaderProps) {
  const { t, href } = useI18n();
  const account = href(signedIn ? "/account" : "/login");
  const cartCount = Math.max(0, counters.cart + pendingCart);
  const favouritesCount = Math.max(0, counters.favourites + pendingFavourites);
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
            <MenuPanel menu={menu} />
          </details>
          <SearchBox />
          <nav className="site-header__actions" aria-label={t("layout.account")}>
            <CounterLink to={href("/favorite")} icon="heart" label={t("layout.favourites")} count={favouritesCount} testId="fav-counter" />
            {cartAnchor(<CounterLink to={href("/cart")} icon="cart" label={t("layout.cart")} count={cartCount} testId="cart-counter" />)}
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
        <CounterLink to={href("/favorite")} icon="heart" label={t("layout.favourites")} count={favouritesCount} testId="fav-counter-mobile" />
        <CounterLink to={href("/cart")} icon="cart" label={t("layout.cart")} count={cartCount} testId="cart-counter-mobile" />
        <Link to={account}>
          <Icon name="user" />
          <span>{t("layout.account")}</span>
        </Link>
      </nav>
    </>
  );
}
