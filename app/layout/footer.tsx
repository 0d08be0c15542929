import { Link, useLocation } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { useLite } from "./lite";

/** This page's URL with `lite` set: the Worker remembers the choice and drops the parameter (app/server/lite.server.ts). */
function withLite(pathname: string, search: string, on: boolean): string {
  const params = new URLSearchParams(search);
  params.set("lite", on ? "1" : "0");
  return `${pathname}?${params}`;
}

export function Footer() {
  const { t, href } = useI18n();
  const { pathname, search } = useLocation();
  const lite = useLite();
  return (
    <footer className="site-footer">
      <div className="container site-footer__row">
        <div>
          <p className="site-footer__title">{t("footer.callCentre")}</p>
          <p>
            <a href="tel:+998712000000">+998 71 200 00 00</a>
          </p>
          {/* Spec §9: "work 9.00–21.00, week 9.00–19.00", read as weekdays and weekend. */}
          <p>{t("footer.hoursWeekdays", { from: "9:00", to: "21:00" })}</p>
          <p>{t("footer.hoursWeekend", { from: "9:00", to: "19:00" })}</p>
        </div>
        <nav aria-label={t("layout.catalogue")}>
          <Link to={href("/store")}>{t("layout.catalogue")}</Link>
          <Link to={href("/store?sale=1")}>{t("layout.sale")}</Link>
        </nav>
        <p className="site-footer__copy">
          © {t("shopName")}
          {/* A document load (not a client navigation): the next page comes without scripts, or with them again. */}{" "}
          <a href={withLite(pathname, search, !lite)} className="site-footer__lite" data-testid="lite-switch" rel="nofollow">
            {t(lite ? "footer.fullVersion" : "footer.liteVersion")}
          </a>
        </p>
      </div>
    </footer>
  );
}
