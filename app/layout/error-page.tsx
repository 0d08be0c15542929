import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n";

/** `firstPage`: for a listing's page past its end, the link to its first page. */
export function ErrorPage({ status, firstPage }: { status: number; firstPage?: string }) {
  const { t, href } = useI18n();
  // 503: the database did not answer (the Worker's own 503 page, met by a client navigation).
  const kind = status === 404 ? "notFound" : status === 503 ? "unavailable" : status >= 500 ? "server" : "badRequest";
  return (
    <section className="error-page" data-status={status}>
      <p className="error-page__code">{status}</p>
      <h1>{t(`errors.${kind}Title`)}</h1>
      <p>{t(`errors.${kind}Text`)}</p>
      <p>
        {firstPage ? (
          <Link to={firstPage} className="button" data-testid="first-page">
            {t("errors.firstPage")}
          </Link>
        ) : null}{" "}
        <Link to={href("/")} className="button">
          {t("errors.home")}
        </Link>{" "}
        <Link to={href("/store")} className="button button--ghost">
          {t("layout.catalogue")}
        </Link>
      </p>
    </section>
  );
}
