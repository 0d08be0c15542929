import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { isLang, type Lang } from "./languages";
import { resources } from "./resources.server";
import { createT, type TFunction } from "./translate";
import { localizePath } from "./url";

/**
 * Loaders and actions translate with the pages' own translator (`createT`, held to
 * i18next's output for every text by a unit test), one per language per isolate:
 * an i18next instance made per request (remix-i18next) cost each render about
 * 0.4 ms of its 5 ms CPU budget, for the same strings.
 */
const translators = new Map<Lang, TFunction>();
export function serverT(lang: Lang): TFunction {
  let t = translators.get(lang);
  if (!t) translators.set(lang, (t = createT(lang, resources[lang])));
  return t;
}

const langContext = createContext<Lang>();

/** The shop's default language (the one without a URL prefix), set on every request's context by the Worker's entry. */
export const defaultLangContext = createContext<Lang>();

/** The language is the URL's: the `:lang?` segment, else the configured default. */
export const i18nMiddleware: MiddlewareFunction<Response> = ({ params, context }, next) => {
  context.set(langContext, isLang(params.lang) ? params.lang : context.get(defaultLangContext));
  return next();
};

/** The request's translator (another language's: `serverT`, as an API's `?lang=` asks). */
export function getI18n(context: Readonly<RouterContextProvider>): { t: TFunction } {
  return { t: serverT(context.get(langContext)) };
}

/** The page language; an unknown `:lang` prefix is a 404 (the Worker already redirected /uz and /ua). */
export function requireLang(params: { lang?: string }, context: Readonly<RouterContextProvider>): Lang {
  if (params.lang === undefined) return context.get(defaultLangContext);
  if (isLang(params.lang) && params.lang !== context.get(defaultLangContext)) return params.lang;
  throw data(null, { status: 404 });
}

/**
 * `path` (unprefixed, starting with "/") as a URL path in the request's language:
 * the page's (its `:lang` segment, else the default language), or `lang` where
 * the request names another (a JSON call's `?lang=`).
 */
export function localized(context: Readonly<RouterContextProvider>, path: string, lang: Lang = context.get(langContext)): string {
  return localizePath(path, lang, context.get(defaultLangContext));
}
