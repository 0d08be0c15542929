import type { Lang } from "./languages";

/** Whole number with a plain space as the thousands separator: 459000 → "459 000". */
export function formatNumber(value: number): string {
  const sign = value < 0 ? "-" : "";
  const digits = String(Math.trunc(Math.abs(value)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

const CURRENCY: Record<Lang, string> = { uz: "so'm", ru: "сум", uk: "сум" };

/** Money is integer UZS everywhere; this is the only place it becomes text. */
export function formatUzs(amount: number, lang: Lang): string {
  return `${formatNumber(amount)} ${CURRENCY[lang]}`;
}
