import type { Counters } from "~/session.server";
import type { MenuItem } from "~/root";
import { useI18n } from "~/i18n/use-i18n";
import { CounterLink } from "./counter-link";
import { Icon } from "./icons";
import { LanguageSwitcher } from "./language-switcher";
import { useLinkNavigation } from "./link-navigation";


export function Header({ menu, counters, signedIn }: { menu: MenuItem[]; counters: Counters; signedIn: boolean }) {
  const { t, href } = useI18n();
  const account = href(signedIn ? "/account" : "/login");
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
            <CounterLink to={href("/cart")} icon="cart" label={t("layout.cart")} count={counters.cart} testId="cart-counter" />
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
        <CounterLink to={href("/cart")} icon="cart" label={t("layout.cart")} count={counters.cart} testId="cart-counter-mobile" />
        <a href={account}>
          <Icon name="user" />
          <span>{t("layout.account")}</span>
        </a>
      </nav>
    </>
  );
}
