/**
 * Search-text folding shared by the seed (products.search_text) and the app's
 * search (the user's query). Pure string code: runs in Node and in workerd.
 *
 * Uzbek Latin is typed with many apostrophe look-alikes (oʻ, o‘, o’, o`, o'),
 * so every variant folds to the plain ASCII apostrophe U+0027.
 */

/**
 * Apostrophe variants folded to `'`: U+0027 ', U+0060 `, U+00B4 ´, U+02B9 ʹ,
 * U+02BB ʻ, U+02BC ʼ, U+2018 ‘, U+2019 ’, U+2032 ′.
 */
const APOSTROPHES = /[\u0027\u0060\u00B4\u02B9\u02BB\u02BC\u2018\u2019\u2032]/g;

/** One string: NFC, lower-cased, apostrophes folded to `'`, whitespace collapsed, trimmed. */
export function foldSearch(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(APOSTROPHES, "'").replace(/\s+/g, " ").trim();
}

/** Folds each part (see foldSearch) and joins the non-empty ones with single spaces. */
export function searchText(parts: readonly string[]): string {
  return parts
    .map(foldSearch)
    .filter((p) => p !== "")
    .join(" ");
}
