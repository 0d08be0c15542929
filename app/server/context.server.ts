import { createContext, type RouterContextProvider } from "react-router";
import { toLang, type Lang } from "~/i18n/languages";

/** What the Worker entry hands every loader and action. */
export type AppContext = {
  env: Env;
  ctx: ExecutionContext;
  /** CSP nonce of this response, for React Router's inline scripts. */
  nonce: string;
  /** The configured default language (DEFAULT_LANG), the one without a URL prefix. */
  defaultLang: Lang;
  /** Absolute origin for canonical, hreflang and sitemap URLs. */
  origin: string;
};

export const appContext = createContext<AppContext>();

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}

export function makeAppContext(request: Request, env: Env, ctx: ExecutionContext, nonce: string): AppContext {
  return {
    env,
    ctx,
    nonce,
    defaultLang: toLang(env.DEFAULT_LANG, "uz"),
    origin: env.PUBLIC_ORIGIN || new URL(request.url).origin,
  };
}
