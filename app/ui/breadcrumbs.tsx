import { useI18n } from "~/i18n/use-i18n";
import { useLinkNavigation } from "./link-navigation";

export type Crumb = { name: string; path: string };

/** Home › … › current (the last crumb is the current page, not a link). */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t, href } = useI18n();
  const navigateOnClick = useLinkNavigation();
  const all = [{ name: t("layout.home"), path: "/" }, ...items];
  return (
    <nav className="crumbs" aria-label={t("layout.breadcrumbs")} onClick={navigateOnClick}>
      <ol>
        {all.map((c, i) => (
          <li key={c.path}>
            {i === all.length - 1 ? <span aria-current="page">{c.name}</span> : <a href={href(c.path)}>{c.name}</a>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
