import { createInstance } from "i18next";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatNumber, formatUzs } from "~/i18n/format";
import { LANGS, type Lang } from "~/i18n/languages";
import { pluralCategory } from "~/i18n/plural";
import { createT, type Messages, type Namespaces } from "~/i18n/translate";
import { alternatePaths, localizePath, resolvePrefix, unprefixedPath } from "~/i18n/url";

describe("formatUzs", () => {
  it("writes whole sums with a space every three digits and the currency per language", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1000)).toBe("1 000");
    expect(formatNumber(459000)).toBe("459 000");
    expect(formatNumber(12_345_678)).toBe("12 345 678");
    expect(formatNumber(-1500)).toBe("-1 500");
    expect(formatUzs(459000, "uz")).toBe("459 000 so'm");
    expect(formatUzs(459000, "ru")).toBe("459 000 сум");
    expect(formatUzs(2_500_000, "uk")).toBe("2 500 000 сум");
  });
});

describe("pluralCategory", () => {
  // Singular when the number ends in 1 but not 11; second form when it
  // ends in 2–4 but not 12–14; otherwise third.
  const cases: [number, string][] = [
    [0, "many"],
    [1, "one"],
    [2, "few"],
    [4, "few"],
    [5, "many"],
    [11, "many"],
    [12, "many"],
    [14, "many"],
    [21, "one"],
    [22, "few"],
    [25, "many"],
    [101, "one"],
    [111, "many"],
    [112, "many"],
    [122, "few"],
    [1001, "one"],
  ];
  for (const lang of ["ru", "uk"] as const) {
    it(`follows the spec's rule in ${lang}`, () => {
      for (const [n, expected] of cases) expect(pluralCategory(lang, n), `${lang} ${n}`).toBe(expected);
    });
  }
  it("has one form in Uzbek (nouns do not change after numerals)", () => {
    for (const n of [0, 1, 2, 5, 21]) expect(pluralCategory("uz", n)).toBe("other");
  });
});

describe("language prefixes", () => {
  it("reads the prefix with uz as the default", () => {
    expect(resolvePrefix("/", "uz")).toEqual({ kind: "ok", lang: "uz", rest: "/" });
    expect(resolvePrefix("/store/men", "uz")).toEqual({ kind: "ok", lang: "uz", rest: "/store/men" });
    expect(resolvePrefix("/ru", "uz")).toEqual({ kind: "ok", lang: "ru", rest: "/" });
    expect(resolvePrefix("/uk/product/x", "uz")).toEqual({ kind: "ok", lang: "uk", rest: "/product/x" });
  });
  it("redirects the default language's prefix, the ua alias and upper case", () => {
    expect(resolvePrefix("/uz/store", "uz")).toEqual({ kind: "redirect", location: "/store" });
    expect(resolvePrefix("/uz", "uz")).toEqual({ kind: "redirect", location: "/" });
    expect(resolvePrefix("/ua/store", "uz")).toEqual({ kind: "redirect", location: "/uk/store" });
    expect(resolvePrefix("/RU/store", "uz")).toEqual({ kind: "redirect", location: "/ru/store" });
  });
  it("calls other two-letter prefixes unknown", () => {
    expect(resolvePrefix("/de/store", "uz")).toEqual({ kind: "unknown-prefix" });
    expect(resolvePrefix("/store", "uz").kind).toBe("ok");
  });
  it("follows DEFAULT_LANG when it is ru", () => {
    expect(resolvePrefix("/ru/store", "ru")).toEqual({ kind: "redirect", location: "/store" });
    expect(resolvePrefix("/uz/store", "ru")).toEqual({ kind: "ok", lang: "uz", rest: "/store" });
    expect(resolvePrefix("/ua", "uk")).toEqual({ kind: "redirect", location: "/" });
    expect(localizePath("/store", "uz", "ru")).toBe("/uz/store");
  });
  it("builds localized paths and alternates", () => {
    expect(localizePath("/", "uz", "uz")).toBe("/");
    expect(localizePath("/", "ru", "uz")).toBe("/ru");
    expect(localizePath("store", "uk", "uz")).toBe("/uk/store");
    expect(unprefixedPath("/ru/product/a", "uz")).toBe("/product/a");
    expect(alternatePaths("/store", "uz")).toEqual({ uz: "/store", ru: "/ru/store", uk: "/uk/store" });
  });
});

function loadLocales(): Record<Lang, Namespaces> {
  const out = {} as Record<Lang, Namespaces>;
  for (const lang of LANGS) {
    out[lang] = {};
    for (const file of readdirSync(`locales/${lang}`)) {
      out[lang][file.replace(/\.json$/, "")] = JSON.parse(readFileSync(`locales/${lang}/${file}`, "utf8")) as Messages;
    }
  }
  return out;
}

function keysOf(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([k, v]) => (typeof v === "string" ? [prefix + k] : keysOf(v, `${prefix}${k}.`)));
}

describe("translations", () => {
  const resources = loadLocales();

  it("have the same keys in every language", () => {
    const sets = LANGS.map((l) => Object.entries(resources[l]).flatMap(([ns, m]) => keysOf(m).map((k) => `${ns}:${k.replace(/_(one|few|many|other)$/, "")}`)));
    for (const s of sets) expect(new Set(s)).toEqual(new Set(sets[0]));
  });

  it("give the same text through createT (pages) as through i18next (loaders)", async () => {
    for (const lang of LANGS) {
      const i18n = createInstance({ resources, supportedLngs: [...LANGS], defaultNS: "common", fallbackLng: false, interpolation: { escapeValue: false } });
      await i18n.init({ lng: lang });
      const t = createT(lang, resources[lang]);
      for (const [ns, messages] of Object.entries(resources[lang])) {
        const keys = new Set(keysOf(messages).map((k) => k.replace(/_(one|few|many|other)$/, "")));
        for (const key of keys) {
          const full = ns === "common" ? key : `${ns}:${key}`;
          for (const count of [0, 1, 2, 5, 11, 21, 22, 1000]) {
            const vars = { count, name: "X", q: "Y", brand: "B", from: "9:00", to: "21:00" };
            expect(t(full, vars), `${lang} ${full} ${count}`).toBe(i18n.t(full, vars));
          }
        }
      }
    }
  });

  it("pluralise product counts by the spec's rule", () => {
    const ru = createT("ru", resources.ru);
    expect(ru("catalogue:count", { count: 1 })).toBe("1 товар");
    expect(ru("catalogue:count", { count: 3 })).toBe("3 товара");
    expect(ru("catalogue:count", { count: 11 })).toBe("11 товаров");
    expect(ru("catalogue:count", { count: 21 })).toBe("21 товар");
    const uk = createT("uk", resources.uk);
    expect(uk("catalogue:count", { count: 2 })).toBe("2 товари");
    expect(uk("catalogue:count", { count: 25 })).toBe("25 товарів");
    expect(createT("uz", resources.uz)("catalogue:count", { count: 5 })).toBe("5 ta mahsulot");
  });

  it("return the key for a missing text instead of failing", () => {
    expect(createT("uz", resources.uz)("nope.missing")).toBe("nope.missing");
  });
});
