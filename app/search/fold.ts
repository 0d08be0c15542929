/** Every way Uzbek Latin writes the oʻ/gʻ apostrophe (and the tutuq belgisi). */
const APOSTROPHES = /[\u0027\u0060\u00B4\u02B9\u02BB\u02BC\u2018\u2019\u2032]/g;

/**
 * Folds text for search: lower case, apostrophe variants removed, spaces
 * collapsed. Removing (rather than unifying) apostrophes lets "ozbek" find
 * "o'zbek" too, which is how many people type on a phone.
 */
export function foldForSearch(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(APOSTROPHES, "").replace(/\s+/g, " ").trim();
}

/** Search words of a query: folded, at most 6, each at least 2 characters. */
export function searchTokens(query: string): string[] {
  return [
    ...new Set(
      foldForSearch(query)
        .split(/[\s,.;:!?()"«»]+/)
        .filter((w) => w.length >= 2),
    ),
  ].slice(0, 6);
}
