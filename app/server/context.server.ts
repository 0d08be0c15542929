import { createContext, type RouterContextProvider } from "react-router";
import { defaultLangOf, type Lang } from "~/i18n/languages";

import { isLite } from "./lite.server";

/** What the Worker entry hands every loader and action. */
export type AppContext = {
  /** The request as the router serves it (its body may have been read). */
  request: Request;
  env: Env;
  ctx: ExecutionContext;
  /** CSP nonce of this response, for React Router's inline scripts. */
  nonce: string;
  /** The configured default language (DEFAULT_LANG), the one without a URL prefix. */
  defaultLang: Lang;
  /**
   * The shop's origin for links that leave the page (e-mails, canonical, hreflang,
   * sitemaps): PUBLIC_ORIGIN, never the request's Host. Only local development
   * (DEV_OUTBOX) falls back to the request's origin; unconfigured elsewhere it is
   * "" (pages link root-relative, e-mails with links are not sent).
   */
  origin: string;
  /**
   * The Worker itself, as a client reaches it (entry checks included). Only
   * the local payment stand-in uses it, to make Click's server-to-server calls.
   */
  dispatch: (request: Request) => Promise<Response>;
  /** Lite mode: the page is sent without any script (app/server/lite.server.ts). */
  lite: boolean;
  /** The request may render a document (not one of React Router's data requests, which end in ".data"). */
  document: boolean;
};

export const appContext = createContext<AppContext>();

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}

export function makeAppContext(request: Request, env: Env, ctx: ExecutionContext, nonce: string, dispatch: AppContext["dispatch"]): AppContext {
  return {
    request,
    env,
    ctx,
    nonce,
    dispatch,
    defaultLang: defaultLangOf(env),
    origin: shopOrigin(env, request),
    lite: isLite(request),
    document: !new URL(request.url).pathname.endsWith(".data"),
  };
}

/** See AppContext.origin. */
export function shopOrigin(env: Pick<Env, "PUBLIC_ORIGIN" | "DEV_OUTBOX">, request: Request): string {
  if (env.PUBLIC_ORIGIN) return env.PUBLIC_ORIGIN.replace(/\/+$/, "");
  return __STAND_INS__ && env.DEV_OUTBOX === "1" ? new URL(request.url).origin : "";
}
