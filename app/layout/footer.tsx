import { Link, useLocation } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { type Markup, useMarkup } from "~/ui/markup";

/**
 * `lite`: this page is a lite one (its switch then leads back to the full version).
 * `extra`: server-written parts the root composes (the link to the news, the shop's social links,
 * the newsletter's form): markup, so they add nothing to the page's scripts or hydration data.
 */
export function Footer({ lite, extra }: { lite: boolean; extra?: Markup }) {
  const { t, href } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__row">
        <div>
          <p className="site-footer__title">{t("footer.callCentre")}</p>
          <p>
            <a href="tel:+998712000000">+998 71 200 00 00</a>
          </p>
          {/* Opening hours: weekdays 9.00–21.00, weekend 9.00–19.00. */}
          <p>{t("footer.hoursWeekdays", { from: "9:00", to: "21:00" })}</p>
          <p>{t("footer.hoursWeekend", { from: "9:00", to: "19:00" })}</p>
        </div>
        <nav aria-label={t("layout.catalogue")}>
          <Link to={href("/store")}>{t("layout.catalogue")}</Link>
          <Link to={href("/store?sale=1")}>{t("layout.sale")}</Link>
        </nav>
        {extra === undefined ? null : <FooterExtra extra={extra} />}
        <p className="site-footer__copy">
          © {t("shopName")}
          {/* This page with `lite` set (the Worker remembers it and drops the parameter, so the query never has it), as a
          document load, not a client navigation: the next page comes without scripts, or with them again. */}{" "}
          <a
            href={`/${pathname.replace(/^\/+/, "")}${search ? `${search}&` : "?"}lite=${lite ? 0 : 1}`}
            className="site-footer__lite"
            data-testid="lite-switch"
            rel="nofollow"
          >
            {t(lite ? "footer.fullVersion" : "footer.liteVersion")}
          </a>
        </p>
      </div>
    </footer>
  );
}

function FooterExtra({ extra }: { extra: Markup }) {
  return <div className="site-footer__extra" dangerouslySetInnerHTML={{ __html: useMarkup(extra) }} />;
}
