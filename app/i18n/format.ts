import type { Lang } from "./languages";

/**
 * The shop's numbers, money, dates and times as text, in uz, ru and uk, written from the
 * data below and never from the runtime's locale data: workerd's ICU has no Uzbek month
 * names (it writes "2026 M12 7"), browsers differ, and text the server writes must hydrate
 * as it is. The month names are data here, beside the currency's words, rather than texts
 * in locales/: they are language facts, not the shop's copy, and are needed where no
 * namespace travels (markup written as strings, SMS and e-mails, a date on any page).
 */

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

/** Uzbekistan keeps UTC+5 all year: the shop's days and times are Tashkent's. */
const TASHKENT_OFFSET_SECONDS = 5 * 3600;

const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * The calendar day in Tashkent of a moment (Unix seconds), as numbers and as
 * an ISO date ("2026-11-26", for `<time datetime>`).
 */
export function tashkentDay(seconds: number): { year: number; month: number; day: number; iso: string } {
  const d = new Date((seconds + TASHKENT_OFFSET_SECONDS) * 1000);
  const [year, month, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  return { year, month, day, iso: `${year}-${pad2(month)}-${pad2(day)}` };
}

/** Uzbek names a month the same in a date and alone. */
const UZ_MONTHS = ["yanvar", "fevral", "mart", "aprel", "may", "iyun", "iyul", "avgust", "sentabr", "oktabr", "noyabr", "dekabr"];

/** Month names, January first: as a date writes them (Russian and Ukrainian in the genitive) and standing alone. */
const MONTHS: Record<Lang, { inDate: readonly string[]; alone: readonly string[] }> = {
  uz: { inDate: UZ_MONTHS, alone: UZ_MONTHS },
  ru: {
    inDate: ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"],
    alone: ["январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь"],
  },
  uk: {
    inDate: ["січня", "лютого", "березня", "квітня", "травня", "червня", "липня", "серпня", "вересня", "жовтня", "листопада", "грудня"],
    alone: ["січень", "лютий", "березень", "квітень", "травень", "червень", "липень", "серпень", "вересень", "жовтень", "листопад", "грудень"],
  },
};

/** A month (1–12) named on its own, lower case: "dekabr", "декабрь", "грудень". */
export function monthName(month: number, lang: Lang): string {
  return MONTHS[lang].alone[month - 1]!;
}

/** The day in Tashkent of a moment (Unix seconds) in words: "7-dekabr, 2026", "7 декабря 2026", "7 грудня 2026". */
export function formatDate(seconds: number, lang: Lang): string {
  const { year, month, day } = tashkentDay(seconds);
  const name = MONTHS[lang].inDate[month - 1]!;
  return lang === "uz" ? `${day}-${name}, ${year}` : `${day} ${name} ${year}`;
}

/** The time of day in Tashkent of a moment (Unix seconds), 24-hour "HH:MM" in every language: "09:05", "21:35". */
export function formatTime(seconds: number): string {
  const d = new Date((seconds + TASHKENT_OFFSET_SECONDS) * 1000);
  return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
}
