import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n";

export type Crumb = { name: string; path: string };

/** Home › … › current (the last crumb is the current page, not a link). */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t, href } = useI18n();
  const all = [{ name: t("layout.home"), path: "/" }, ...items];
  return (
    <nav className="crumbs" aria-label={t("layout.breadcrumbs")}>
      <ol>
        {all.map((c, i) => (
          <li key={c.path}>{i === all.length - 1 ? <span aria-current="page">{c.name}</span> : <Link to={href(c.path)}>{c.name}</Link>}</li>
        ))}
      </ol>
    </nav>
  );
}
