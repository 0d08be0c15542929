import { useLocation } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { useLinkNavigation } from "~/ui/link-navigation";

/** The current URL with `page` set (page 1 drops the parameter: one URL per page). */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Pages around the current one, with the first and last always shown. */
export function pageWindow(page: number, pageCount: number, radius = 2): (number | "gap")[] {
  const out: (number | "gap")[] = [];
  for (let p = 1; p <= pageCount; p++) {
    if (p === 1 || p === pageCount || Math.abs(p - page) <= radius) out.push(p);
    else if (out[out.length - 1] !== "gap") out.push("gap");
  }
  return out;
}

export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const navigateOnClick = useLinkNavigation();
  if (pageCount <= 1) return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click comes from a link inside (keyboard activation clicks it too)
    <nav className="pagination" aria-label={t("catalogue:pagination")} onClick={navigateOnClick}>
      {page > 1 ? (
        <a href={pageHref(pathname, search, page - 1)} rel="prev" data-testid="page-prev">
          ← {t("catalogue:prev")}
        </a>
      ) : null}
      {pageWindow(page, pageCount).map((p, i) =>
        p === "gap" ? (
          <span key={`gap${i}`} className="pagination__gap">
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page" className="pagination__current">
            {p}
          </span>
        ) : (
          <a key={p} href={pageHref(pathname, search, p)}>
            {p}
          </a>
        ),
      )}
      {page < pageCount ? (
        <a href={pageHref(pathname, search, page + 1)} rel="next" data-testid="page-next">
          {t("catalogue:next")} →
        </a>
      ) : null}
    </nav>
  );
}
