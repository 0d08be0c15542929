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

/** Uzbekistan keeps UTC+5 all year: the shop's days are the days in Tashkent. */
const TASHKENT_OFFSET_SECONDS = 5 * 3600;

/**
 * The calendar day in Tashkent of a moment (Unix seconds), as numbers and as
 * an ISO date ("2026-11-26", for `<time datetime>`). Written out with the
 * page's own month names, not the browser's date data: browsers without
 * Uzbek data write "2026 M11 26", and the server's text must hydrate as it is.
 */
export function tashkentDay(seconds: number): { year: number; month: number; day: number; iso: string } {
  const d = new Date((seconds + TASHKENT_OFFSET_SECONDS) * 1000);
  const [year, month, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  return { year, month, day, iso: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}` };
}

/** The time of day in Tashkent of a moment (Unix seconds), "21:35": a deadline a shopper reads. */
export function tashkentTime(seconds: number): string {
  return new Date((seconds + TASHKENT_OFFSET_SECONDS) * 1000).toISOString().slice(11, 16);
}
