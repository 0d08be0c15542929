import { data, type RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { getApp } from "~/server/context.server";
import { isLang, LANGS, type Lang } from "./languages";
import { resources } from "./resources.server";

/**
 * remix-i18next makes an i18next instance per request, and each instance's plural
 * resolver built its own `Intl.PluralRules` (costly to construct) for the first
 * count it met. The rules depend only on the language: every instance of this
 * isolate shares one cache of them.
 */
const pluralRulesCache: Record<string, unknown> = {};
const sharedPluralRules = {
  type: "3rdParty" as const,
  init(instance: { services: { pluralResolver?: { pluralRulesCache?: Record<string, unknown> } } }) {
    const resolver = instance.services.pluralResolver;
    if (resolver) resolver.pluralRulesCache = pluralRulesCache;
  },
};

/**
 * The language is the URL's: the `:lang?` segment, else the configured default.
 * remix-i18next gives loaders and actions an i18next `t` for server-side text
 * (titles, descriptions, JSON-LD). Components use the same JSON through
 * `useI18n()` so the browser does not download i18next.
 */
export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGS],
    fallbackLanguage: "uz",
    order: ["custom"],
    async findLocale({ params, context }) {
      return isLang(params.lang) ? params.lang : getApp(context).defaultLang;
    },
  },
  i18next: {
    resources,
    supportedLngs: [...LANGS],
    defaultNS: "common",
    fallbackLng: false,
    interpolation: { escapeValue: false },
  },
  plugins: [sharedPluralRules],
});

/** The page language; an unknown `:lang` prefix is a 404 (the Worker already redirected /uz and /ua). */
export function requireLang(params: { lang?: string }, context: Readonly<RouterContextProvider>): Lang {
  if (params.lang === undefined) return getApp(context).defaultLang;
  if (isLang(params.lang) && params.lang !== getApp(context).defaultLang) return params.lang;
  throw data(null, { status: 404 });
}
