const LETTER_SIZES = ["XS", "S", "M", "L", "XL", "XXL", "3XL"];

/** Letter sizes in their scale order, then numeric sizes ascending, then the rest (`sizeOf` reads an item's size). */
export function sortSizes<T>(items: T[], sizeOf: (item: T) => string): T[] {
  const rank = (v: string) => {
    const letter = LETTER_SIZES.indexOf(v);
    if (letter >= 0) return letter;
    const n = Number(v);
    return Number.isFinite(n) ? 100 + n : 10_000;
  };
  // Ranked once per size, not per comparison; localeCompare (slow) only breaks ties.
  return items
    .map((item) => {
      const size = sizeOf(item);
      return { item, size, r: rank(size) };
    })
    .sort((a, b) => a.r - b.r || (a.size === b.size ? 0 : a.size.localeCompare(b.size)))
    .map((x) => x.item);
}
