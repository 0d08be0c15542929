import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { Lang } from "~/i18n/languages";
import { texts } from "~/i18n/resources.server";
import { createI18n, I18nProvider, useI18n, type I18n } from "~/i18n/use-i18n";

/**
 * React's server rendering of `content` as a page renders it: inside a static router (so
 * `<Link>` works) and the I18nProvider fed by a root loader with the given namespaces.
 * Also returns an I18n equal to the one the content sees, for the hand-written markup.
 * `wrap` puts providers around the router (the server-only writers of entry.server).
 */
export async function renderPage(
  lang: Lang,
  namespaces: string[],
  content: (i18n: I18n) => React.ReactNode,
  { defaultLang = "uz" as Lang, wrap = (router: React.ReactNode) => router } = {},
): Promise<{ i18n: I18n; html: string }> {
  const messages = texts(lang, namespaces);
  const i18n = createI18n(lang, defaultLang, messages);
  function Content() {
    return content(useI18n());
  }
  const routes = [{ id: "root", path: "/", loader: () => ({ lang, defaultLang, i18n: messages }), Component: () => h(I18nProvider, null, h(Content)) }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://shop.test/"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = h(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false });
  return { i18n, html: renderToString(wrap(router)) };
}
