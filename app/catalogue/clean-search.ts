import { wholeAmount } from "~/forms/amount";

/**
 * A listing's query as one URL per set of filters: only what is set, in a fixed
 * order, repeated values sorted, the defaults (sort "new", page 1) left out; parameters a
 * listing does not know follow as they came (campaign tags). Equal filters give equal URLs,
 * for caches and crawlers alike. The browser's form builds it (./filters-form.tsx); the
 * loaders send any other spelling there with a redirect (no JavaScript). No zod here: this
 * runs in the listing pages' browser code.
 */
const ORDER = ["q", "exact", "dept", "brand", "size", "color", "price_min", "price_max", "sale", "club", "sort", "page"] as const;
const REPEATED = new Set<string>(["brand", "size", "color"]);
const DEFAULTS: Record<string, string> = { sort: "new", page: "1" };
/** Amounts: the price fields' masked text ("100 000,00") as whole UZS. */
const AMOUNTS = new Set<string>(["price_min", "price_max"]);

export function cleanListingSearch(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const name of ORDER) {
    if (REPEATED.has(name)) {
      for (const value of [...new Set(params.getAll(name).filter(Boolean))].sort()) out.append(name, value);
    } else {
      // The first value is the one the listing reads.
      const given = params.get(name);
      const value = given && AMOUNTS.has(name) ? wholeAmount(given) : given;
      if (value && value !== DEFAULTS[name]) out.set(name, value);
    }
  }
  for (const [name, value] of params) if (!(ORDER as readonly string[]).includes(name)) out.append(name, value);
  const search = out.toString();
  return search ? `?${search}` : "";
}
