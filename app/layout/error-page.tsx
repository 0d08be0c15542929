import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n";

export function ErrorPage({ status }: { status: number }) {
  const { t, href } = useI18n();
  const kind = status === 404 ? "notFound" : status >= 500 ? "server" : "badRequest";
  return (
    <section className="error-page" data-status={status}>
      <p className="error-page__code">{status}</p>
      <h1>{t(`errors.${kind}Title`)}</h1>
      <p>{t(`errors.${kind}Text`)}</p>
      <p>
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
