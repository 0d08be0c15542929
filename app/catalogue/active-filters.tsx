import { Link, useLocation } from "react-router";
import { formatNumber } from "~/i18n/format";
import { useI18n } from "~/i18n/use-i18n";
import { cleanListingSearch } from "./clean-search";
import { type ViewListing, unpackFacets } from "./filters-form";
import type { CatalogueQuery } from "./schema";

const LISTS = ["brand", "size", "color"] as const;

/**
 * The filters in force as chips above the grid, each a link to the same
 * listing without it (page 1): on a phone the filters' panel is closed, and these say what
 * narrows the list and undo it in one tap, with or without JavaScript. They come from the
 * parsed query (what the listing really applied), named as the filters name them.
 */
export function ActiveFilters({
  query,
  department = null,
  base,
  facets,
  action,
}: {
  query: CatalogueQuery;
  department?: { slug: string; name: string } | null;
  /** The listing's own query string where it is not the URL's (a search whose words named filters). */
  base?: string;
  facets: ViewListing["facets"];
  action: string;
}) {
  const { t } = useI18n();
  const location = useLocation();
  const search = base ?? location.search;
  const chips: { label: string; name: string; value: string }[] = [];
  if (department) chips.push({ name: "dept", value: department.slug, label: department.name });
  for (const name of LISTS) {
    const rows = query[name].length ? unpackFacets(facets.packed[name]) : [];
    for (const value of query[name]) chips.push({ name, value, label: rows.find((r) => r.value === value)?.label ?? value });
  }
  if (query.price_min !== undefined)
    chips.push({ name: "price_min", value: String(query.price_min), label: t("catalogue:priceMin", { amount: formatNumber(query.price_min) }) });
  if (query.price_max !== undefined)
    chips.push({ name: "price_max", value: String(query.price_max), label: t("catalogue:priceMax", { amount: formatNumber(query.price_max) }) });
  if (query.sale) chips.push({ name: "sale", value: "1", label: t("catalogue:saleOnly") });
  if (query.club) chips.push({ name: "club", value: "1", label: t("catalogue:clubOnly") });
  if (!chips.length) return null;
  // Every spelling of the parameter goes (a price's first value is the one applied); lists lose that value only.
  const without = ({ name, value }: { name: string; value: string }) =>
    action +
    cleanListingSearch(
      new URLSearchParams(
        [...new URLSearchParams(search)].filter(
          ([k, v]) => k !== "page" && !(k === name && ((LISTS as readonly string[]).includes(name) ? v === value : true)),
        ),
      ),
    );
  return (
    <ul className="chips" aria-label={t("catalogue:activeFilters")} data-testid="active-filters">
      {chips.map((chip) => (
        <li key={`${chip.name}=${chip.value}`}>
          <Link className="chip" to={without(chip)} aria-label={t("catalogue:removeFilter", { name: chip.label })} preventScrollReset>
            {chip.label} <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
