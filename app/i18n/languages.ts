export const LANGS = ["uz", "ru", "uk"] as const;
export type Lang = (typeof LANGS)[number];

/** BCP 47 tags for <html lang> and hreflang: our Uzbek is Latin-script. */
export const HTML_LANG: Record<Lang, string> = { uz: "uz-Latn", ru: "ru", uk: "uk" };

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

/** Where no configuration can be read (the browser before the layout's data): the first of LANGS. */
export const FALLBACK_LANG: Lang = LANGS[0];

/**
 * The shop's default language (the one without a URL prefix): DEFAULT_LANG, read here and
 * nowhere else; FALLBACK_LANG where it is unset or unknown.
 */
export function defaultLangOf(env: { DEFAULT_LANG?: string }): Lang {
  return isLang(env.DEFAULT_LANG) ? env.DEFAULT_LANG : FALLBACK_LANG;
}
