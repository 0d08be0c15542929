import { useNavigate } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { useHydrated } from "~/ui/hydrated";
import { wholeAmount } from "~/forms/amount";
import { lazyNumberMask } from "~/forms/number-mask";
import { cleanListingSearch } from "./clean-search";
import type { Facet, Listing } from "./types";
import { escapeHtml } from "~/ui/html";
import type { CatalogueQuery } from "./schema";

export const FILTERS_FORM_ID = "filters";

/**
 * A facet's rows as HTML, byte for byte what React renders for
 * `<label className=…><input type="checkbox" name value defaultChecked />{swatch}{label}<span className="facet__count">{count}</span></label>`
 * (see ./html.ts; tests/unit/listing-html.test.ts holds it to React's output).
 */
export function facetRowsHtml(name: string, facets: Facet[], selected: string[]): string {
  let html = "";
  for (const f of facets) {
    html +=
      `<label class="${f.count === 0 ? "facet__item facet__item--empty" : "facet__item"}">` +
      `<input type="checkbox" name="${escapeHtml(name)}"${selected.includes(f.value) ? ' checked=""' : ""} value="${escapeHtml(f.value)}"/>` +
      (f.hex ? `<span class="swatch" style="background:${escapeHtml(f.hex.trim())}" aria-hidden="true"></span>` : "") +
      `${escapeHtml(f.label)}${f.count === null ? "" : `<span class="facet__count">${f.count}</span>`}</label>`;
  }
  return html;
}

type FacetName = "brand" | "size" | "color";
/** A facet's rows packed into one string: a row per line, its fields split by tabs. */
export type PackedFacets = Record<FacetName, string>;
/** A listing as the page gets it: the brand, size and color lists packed. */
export type ViewListing = Omit<Listing, "facets"> & { facets: Omit<Listing["facets"], FacetName> & { packed: PackedFacets } };

/** A tab or line break inside a field would split its row. */
const SEPARATOR = /[\t\n\r]/;
const SEPARATORS = /[\t\n\r]+/g;

/**
 * Labels are display text: a separator in one becomes a space. Values are what the form
 * submits and are never rewritten: a value with a separator (no slug or size has one) has
 * no row, and neither has a color whose hex has one.
 */
function packFacets(facets: Facet[]): string {
  return facets
    .filter((f) => !SEPARATOR.test(f.value))
    .map((f) => [f.value, f.label.replace(SEPARATORS, " "), f.count ?? "", f.hex && !SEPARATOR.test(f.hex) ? f.hex : ""].join("\t"))
    .join("\n");
}

export function unpackFacets(packed: string): Facet[] {
  if (!packed) return [];
  return packed.split("\n").map((row) => {
    const [value = "", label = "", counted = "", hex = ""] = row.split("\t");
    const count = counted === "" ? null : Number(counted);
    return hex ? { value, label, count, hex } : { value, label, count };
  });
}

/**
 * The loaders' step: the brand, size and color lists as three strings, so the
 * page's data carries three strings instead of ~80 objects (turbo-stream encodes
 * each object and its fields apart, every render) or their ~11 kB of markup
 * (escaped once more inside the hydration script). The form turns them into rows.
 */
export function withPackedFacets(listing: Listing): ViewListing {
  const { brand, size, color, ...facets } = listing.facets;
  return { ...listing, facets: { ...facets, packed: { brand: packFacets(brand), size: packFacets(size), color: packFacets(color) } } };
}

/** One row per value (a listing has ~80): the label's text sits bare in the flex row, no wrapper element. */
function FacetGroup({ name, title, packed, selected }: { name: FacetName; title: string; packed: string; selected: string[] }) {
  if (!packed) return null;
  const html = facetRowsHtml(name, unpackFacets(packed), selected);
  return (
    <fieldset className="facet">
      <legend>{title}</legend>
      <div
        className={name === "size" ? "facet__list facet__list--inline" : "facet__list"}
        // The form is re-mounted when the query changes (its key), so fresh rows carry the checked state.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </fieldset>
  );
}

/** The price range's money mask (imask, on first focus). */
const currencyMask = lazyNumberMask("currency");

/** With JavaScript: the form's listing at its clean URL (./clean-search.ts), in place. */
function useListingSubmit() {
  const navigate = useNavigate();
  return (form: HTMLFormElement) =>
    navigate(new URL(form.action).pathname + cleanListingSearch(new URLSearchParams(new FormData(form) as unknown as string[][])), {
      preventScrollReset: true,
    });
}

/**
 * Filters and sort as one GET form: the URL is the state, so it works without JavaScript
 * (Apply button; the loader redirects the submitted query to its clean form) and with it:
 * a box or the sort applies as it changes, a price when it is left or with Enter, to the
 * clean URL at once, and the Apply buttons, which would do nothing more, are hidden.
 */
export function FiltersForm({
  query,
  department = null,
  facets,
  action,
  open,
  onToggle,
}: {
  query: CatalogueQuery;
  department?: { slug: string } | null;
  facets: ViewListing["facets"];
  action: string;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const { t } = useI18n();
  const go = useListingSubmit();
  const hydrated = useHydrated();
  return (
    <form
      method="get"
      action={action}
      id={FILTERS_FORM_ID}
      className="filters"
      // Reset with the URL, so the back button shows the boxes as they were.
      key={JSON.stringify(query)}
      onSubmit={(e) => {
        e.preventDefault();
        go(e.currentTarget);
      }}
      // "input", not React's onChange: the facet rows are static markup (no React input of
      // their own), and React synthesizes onChange only for inputs it rendered. A checkbox
      // fires "input" as it toggles, with "change".
      onInput={(e) => {
        if (!(e.target as unknown as HTMLInputElement).dataset.amount) go(e.currentTarget);
      }}
      onBlur={(e) => {
        const input = e.target as unknown as HTMLInputElement;
        // Masked ("100 000") or not, only another amount goes.
        if (input.dataset.amount && wholeAmount(input.value) !== wholeAmount(input.defaultValue)) go(e.currentTarget);
      }}
    >
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      {query.q && query.exact ? <input type="hidden" name="exact" value="1" /> : null}
      {department ? <input type="hidden" name="dept" value={department.slug} /> : null}
      <details className="filters__panel" open={open} onToggle={(e) => onToggle(e.currentTarget.open)}>
        <summary>{t("catalogue:filters")}</summary>
        <fieldset className="facet">
          <legend>{t("catalogue:offers")}</legend>
          <label className="facet__item">
            <input type="checkbox" name="sale" value="1" defaultChecked={query.sale === "1"} />
            <span>{t("catalogue:saleOnly")}</span>
            {facets.sale === null ? null : <span className="facet__count">{facets.sale}</span>}
          </label>
          <label className="facet__item">
            <input type="checkbox" name="club" value="1" defaultChecked={query.club === "1"} />
            <span>{t("catalogue:clubOnly")}</span>
            {facets.club === null ? null : <span className="facet__count">{facets.club}</span>}
          </label>
        </fieldset>
        <FacetGroup name="brand" title={t("catalogue:brand")} packed={facets.packed.brand} selected={query.brand} />
        <FacetGroup name="size" title={t("catalogue:size")} packed={facets.packed.size} selected={query.size} />
        <FacetGroup name="color" title={t("catalogue:color")} packed={facets.packed.color} selected={query.color} />
        <fieldset className="facet">
          <legend>{t("catalogue:price")}</legend>
          <div className="facet__range">
            <label>
              <span>{t("catalogue:priceFrom")}</span>
              <input
                // A number field without JavaScript; with it text, for the money mask.
                type={hydrated ? "text" : "number"}
                name="price_min"
                data-amount="currency"
                ref={currencyMask}
                min={hydrated ? undefined : 0}
                step={hydrated ? undefined : 1000}
                inputMode={hydrated ? "decimal" : "numeric"}
                placeholder={facets.price ? String(facets.price.min) : ""}
                defaultValue={query.price_min}
              />
            </label>
            <label>
              <span>{t("catalogue:priceTo")}</span>
              <input
                // A number field without JavaScript; with it text, for the money mask.
                type={hydrated ? "text" : "number"}
                name="price_max"
                data-amount="currency"
                ref={currencyMask}
                min={hydrated ? undefined : 0}
                step={hydrated ? undefined : 1000}
                inputMode={hydrated ? "decimal" : "numeric"}
                placeholder={facets.price ? String(facets.price.max) : ""}
                defaultValue={query.price_max}
              />
            </label>
          </div>
        </fieldset>
        <div className="filters__actions">
          <button type="submit" className="button" hidden={hydrated}>
            {t("catalogue:apply")}
          </button>
          <a href={action} className="button button--ghost">
            {t("catalogue:reset")}
          </a>
        </div>
      </details>
    </form>
  );
}

/** The sort select sits above the grid but belongs to the filters form. */
export function SortSelect({ sort }: { sort: string }) {
  const { t } = useI18n();
  const go = useListingSubmit();
  const hydrated = useHydrated();
  return (
    <div className="sort">
      <label htmlFor="sort">{t("catalogue:sort")}</label>
      <select
        id="sort"
        name="sort"
        form={FILTERS_FORM_ID}
        defaultValue={sort}
        key={sort}
        data-testid="sort"
        onChange={(e) => e.currentTarget.form && go(e.currentTarget.form)}
      >
        <option value="new">{t("catalogue:sortNew")}</option>
        <option value="price_asc">{t("catalogue:sortPriceAsc")}</option>
        <option value="price_desc">{t("catalogue:sortPriceDesc")}</option>
        <option value="popular">{t("catalogue:sortPopular")}</option>
      </select>
      <button type="submit" form={FILTERS_FORM_ID} className="button button--small" data-testid="sort-apply" hidden={hydrated}>
        {t("catalogue:apply")}
      </button>
    </div>
  );
}
