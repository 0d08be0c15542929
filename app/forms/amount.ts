/**
 * A typed or masked amount in whole UZS ("1 250 000", "1 250 000,50", "1250000.4" → "1250000");
 * text that is no number stays as it was (a filter then ignores it).
 */
export function wholeAmount(text: string): string {
  const plain = text.replace(/[\s\u00A0\u202F]/g, "").replace(",", ".");
  const n = Number(plain);
  return plain !== "" && Number.isFinite(n) ? String(Math.round(n)) : text;
}
