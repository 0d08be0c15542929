export const LANGS = ["uz", "ru", "uk"] as const;
export type Lang = (typeof LANGS)[number];

/** BCP 47 tags for <html lang> and hreflang: our Uzbek is Latin-script. */
export const HTML_LANG: Record<Lang, string> = { uz: "uz-Latn", ru: "ru", uk: "uk" };

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

export function toLang(value: unknown, fallback: Lang = "uz"): Lang {
  return isLang(value) ? value : fallback;
}
