import { createContext, createElement, use, useMemo } from "react";
import { useMatches } from "react-router";
import { formatDate, formatUzs } from "./format";
import { FALLBACK_LANG, type Lang } from "./languages";
import { createT, type LanguageData, type Namespaces, type TFunction } from "./translate";
import { localizePath } from "./url";

export type I18n = {
  lang: Lang;
  defaultLang: Lang;
  t: TFunction;
  /** A site path (unprefixed, "/store/men") in the page language. */
  href: (path: string) => string;
  price: (amount: number) => string;
  /** A moment (Unix seconds) as its day in Tashkent, in words: "7-dekabr, 2026". */
  date: (seconds: number) => string;
};

/** Loader data that carries texts: the root sends "common", each route the namespaces it uses. */
type WithTexts = { i18n?: Namespaces };

/** An I18n over some namespaces: components get theirs from I18nProvider, server code (markup written as strings) makes one. */
export function createI18n(lang: Lang, defaultLang: Lang, messages: Namespaces): I18n {
  return {
    lang,
    defaultLang,
    t: createT(lang, messages),
    href: (path: string) => localizePath(path, lang, defaultLang),
    price: (amount: number) => formatUzs(amount, lang),
    date: (seconds: number) => formatDate(seconds, lang),
  };
}

const I18nContext = createContext<I18n>(createI18n(FALLBACK_LANG, FALLBACK_LANG, {}));

/**
 * Made once per render in the root layout from the matched routes' texts, so
 * a page carries only the namespaces it shows (not every text of the shop).
 */
export function I18nProvider({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  const root = matches[0]?.loaderData as LanguageData | undefined;
  const lang = root?.lang ?? FALLBACK_LANG;
  const defaultLang = root?.defaultLang ?? FALLBACK_LANG;
  const sources = matches.map((m) => (m.loaderData as WithTexts | undefined)?.i18n);
  // biome-ignore lint/correctness/useExhaustiveDependencies: The texts change only with the matched routes' data.
  const value = useMemo(() => createI18n(lang, defaultLang, Object.assign({}, ...sources.filter(Boolean))), [lang, defaultLang, ...sources]);
  return createElement(I18nContext, { value }, children);
}

/** Translations and language helpers for components. */
export function useI18n(): I18n {
  return use(I18nContext);
}
