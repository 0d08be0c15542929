import { createContext, type RouterContextProvider } from "react-router";
import type { Lang } from "./languages";
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

/** The request's language, set by the request's door (`requestMiddleware`, app/server/request.server.ts). */
export const langContext = createContext<Lang>();

/** The shop's default language (the one without a URL prefix), set on every request's context by the Worker's entry. */
export const defaultLangContext = createContext<Lang>();

/** The request's translator (another language's: `serverT`). */
export function getI18n(context: Readonly<RouterContextProvider>): { t: TFunction } {
  return { t: serverT(context.get(langContext)) };
}

/**
 * `path` (unprefixed, starting with "/") as a URL path in the request's language:
 * the page's (its `:lang` segment, else the default language), or `lang` where
 * the request names another (a JSON call's `?lang=`).
 */
export function localized(context: Readonly<RouterContextProvider>, path: string, lang: Lang = context.get(langContext)): string {
  return localizePath(path, lang, context.get(defaultLangContext));
}
