import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n";

/** `firstPage`: for a listing's page past its end, the link to its first page. */
export function ErrorPage({ status, firstPage, readOnly }: { status: number; firstPage?: string; readOnly?: boolean }) {
  const { t, href } = useI18n();
  // 503: the database did not answer, or the shop takes no writes (a form sent with JavaScript meets the Worker's refusal).
  const kind = status === 503 && readOnly ? "readOnly" : errorKind(status);
  return (
    <section className="error-page" data-status={status}>
      <p className="error-page__code">{status}</p>
      <h1>{t(errorTitle(kind))}</h1>
      <p>{t(kind === "readOnly" ? "maintenance:text" : `errors.${kind}Text`)}</p>
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

export function errorKind(status: number): "notFound" | "unavailable" | "server" | "badRequest" {
  return status === 404 ? "notFound" : status === 503 ? "unavailable" : status >= 500 ? "server" : "badRequest";
}

/** An error page's title: the read-only mode's comes with its texts (layout data while it is on). */
export function errorTitle(kind: ReturnType<typeof errorKind> | "readOnly"): string {
  return kind === "readOnly" ? "maintenance:title" : `errors.${kind}Title`;
}
