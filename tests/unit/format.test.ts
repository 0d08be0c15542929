import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatDate, formatNumber, formatTime, formatUzs, monthName, tashkentDay } from "~/i18n/format";
import { ROOT } from "./app-sources";

/** Noon in Tashkent on a day of 2026 (month 1–12), in Unix seconds. */
const noon = (month: number, day = 15) => Date.UTC(2026, month - 1, day, 7) / 1000;
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

describe("formatDate", () => {
  it("writes every month in Uzbek (Latin), day first with a hyphen", () => {
    expect(MONTHS.map((m) => formatDate(noon(m), "uz"))).toEqual([
      "15-yanvar, 2026",
      "15-fevral, 2026",
      "15-mart, 2026",
      "15-aprel, 2026",
      "15-may, 2026",
      "15-iyun, 2026",
      "15-iyul, 2026",
      "15-avgust, 2026",
      "15-sentabr, 2026",
      "15-oktabr, 2026",
      "15-noyabr, 2026",
      "15-dekabr, 2026",
    ]);
  });

  it("writes every month in Russian, in the genitive", () => {
    expect(MONTHS.map((m) => formatDate(noon(m), "ru"))).toEqual([
      "15 января 2026",
      "15 февраля 2026",
      "15 марта 2026",
      "15 апреля 2026",
      "15 мая 2026",
      "15 июня 2026",
      "15 июля 2026",
      "15 августа 2026",
      "15 сентября 2026",
      "15 октября 2026",
      "15 ноября 2026",
      "15 декабря 2026",
    ]);
  });

  it("writes every month in Ukrainian, in the genitive", () => {
    expect(MONTHS.map((m) => formatDate(noon(m), "uk"))).toEqual([
      "15 січня 2026",
      "15 лютого 2026",
      "15 березня 2026",
      "15 квітня 2026",
      "15 травня 2026",
      "15 червня 2026",
      "15 липня 2026",
      "15 серпня 2026",
      "15 вересня 2026",
      "15 жовтня 2026",
      "15 листопада 2026",
      "15 грудня 2026",
    ]);
  });

  it("counts the day in Tashkent (UTC+5 all year): 19:00 UTC is already the next day", () => {
    const lastSecond = Date.UTC(2026, 11, 31, 18, 59, 59) / 1000;
    expect(formatDate(lastSecond, "uz")).toBe("31-dekabr, 2026");
    expect(formatDate(lastSecond + 1, "uz")).toBe("1-yanvar, 2027");
    expect(formatDate(lastSecond + 1, "ru")).toBe("1 января 2027");
    expect(tashkentDay(lastSecond + 1)).toEqual({ year: 2027, month: 1, day: 1, iso: "2027-01-01" });
    expect(tashkentDay(noon(3, 2)).iso).toBe("2026-03-02");
    // No daylight saving: summer and winter keep the same offset.
    expect(formatTime(Date.UTC(2026, 6, 1, 0, 0) / 1000)).toBe("05:00");
    expect(formatTime(Date.UTC(2026, 0, 1, 0, 0) / 1000)).toBe("05:00");
  });
});

describe("monthName", () => {
  it("names every month standing alone", () => {
    expect(MONTHS.map((m) => monthName(m, "uz")).join(" ")).toBe("yanvar fevral mart aprel may iyun iyul avgust sentabr oktabr noyabr dekabr");
    expect(MONTHS.map((m) => monthName(m, "ru")).join(" ")).toBe("январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь");
    expect(MONTHS.map((m) => monthName(m, "uk")).join(" ")).toBe(
      "січень лютий березень квітень травень червень липень серпень вересень жовтень листопад грудень",
    );
  });
});

describe("formatTime", () => {
  it("writes Tashkent's time of day as HH:MM, 24-hour, with leading zeros", () => {
    expect(formatTime(Date.UTC(2026, 11, 7, 19, 0) / 1000)).toBe("00:00");
    expect(formatTime(Date.UTC(2026, 11, 7, 4, 5, 59) / 1000)).toBe("09:05");
    expect(formatTime(Date.UTC(2026, 11, 7, 16, 35) / 1000)).toBe("21:35");
    expect(formatTime(Date.UTC(2026, 11, 7, 18, 59) / 1000)).toBe("23:59");
  });
});

describe("formatNumber and formatUzs", () => {
  it("group thousands with a space, the same in every language", () => {
    expect([0, 7, 999, 1000, 10_000, 459_000, 1_000_000, 12_345_678].map(formatNumber)).toEqual([
      "0",
      "7",
      "999",
      "1 000",
      "10 000",
      "459 000",
      "1 000 000",
      "12 345 678",
    ]);
    expect(formatNumber(-1500)).toBe("-1 500");
    expect(formatUzs(1_250_000, "uz")).toBe("1 250 000 so'm");
    expect(formatUzs(1_250_000, "ru")).toBe("1 250 000 сум");
    expect(formatUzs(1_250_000, "uk")).toBe("1 250 000 сум");
  });
});

describe("the app's text of dates and numbers", () => {
  it("comes from app/i18n/format.ts, never from the runtime's locale data (Intl, toLocale…String)", () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name)) {
          const code = readFileSync(full, "utf8")
            .replace(/\/\*[\s\S]*?\*\//g, "")
            .replace(/^\s*\/\/.*$/gm, "");
          if (/\bIntl\.|\.toLocale(Date|Time)?String\(/.test(code)) found.push(full.slice(ROOT.length));
        }
      }
    };
    walk(join(ROOT, "app"));
    walk(join(ROOT, "workers"));
    expect(found).toEqual([]);
  });
});
