import { Link, useLocation } from "react-router";
import { formatNumber } from "~/i18n/format";
import { useI18n } from "~/i18n/use-i18n";
import { cleanListingSearch } from "./clean-search";
import { type ViewListing, unpackFacets } from "./filters-form";

const LISTS = ["brand", "size", "color"] as const;

/**
 * The filters in force as chips above the grid (issue #15 §5), each a link to the same
 * listing without it (page 1): on a phone the filters' panel is closed, and these say what
 * narrows the list and undo it in one tap, with or without JavaScript.
 */
export function ActiveFilters({ facets, action }: { facets: ViewListing["facets"]; action: string }) {
  const { t } = useI18n();
  const params = new URLSearchParams(useLocation().search);
  const chips: { label: string; name: string; value: string }[] = [];
  for (const name of LISTS) {
    const rows = params.has(name) ? unpackFacets(facets.packed[name]) : [];
    for (const value of params.getAll(name)) chips.push({ name, value, label: rows.find((r) => r.value === value)?.label ?? value });
  }
  const min = params.get("price_min");
  const max = params.get("price_max");
  if (min) chips.push({ name: "price_min", value: min, label: t("catalogue:priceMin", { amount: formatNumber(Number(min)) }) });
  if (max) chips.push({ name: "price_max", value: max, label: t("catalogue:priceMax", { amount: formatNumber(Number(max)) }) });
  if (params.get("sale")) chips.push({ name: "sale", value: "1", label: t("catalogue:saleOnly") });
  if (params.get("club")) chips.push({ name: "club", value: "1", label: t("catalogue:clubOnly") });
  if (!chips.length) return null;
  const without = ({ name, value }: { name: string; value: string }) => {
    const rest = new URLSearchParams(params);
    rest.delete(name, value);
    rest.delete("page");
    return action + cleanListingSearch(rest);
  };
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
