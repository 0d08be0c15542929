/**
 * Search-text folding shared by the seed (products.search_text) and the app's
 * search (the shopper's query): one implementation, app/search/fold.ts,
 * so both sides fold Uzbek apostrophe variants the same way.
 */
import { foldForSearch } from "../../app/search/fold.ts";

export const foldSearch = foldForSearch;

/** Folds each part and joins the non-empty ones with single spaces. */
export function searchText(parts: readonly string[]): string {
  return parts
    .map(foldForSearch)
    .filter((p) => p !== "")
    .join(" ");
}
