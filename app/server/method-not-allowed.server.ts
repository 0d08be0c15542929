import { escapeHtml, escapeUrl } from "~/ui/html";
import { HTML_LANG, type Lang } from "~/i18n/languages";
import { texts } from "~/i18n/resources.server";
import { createT } from "~/i18n/translate";
import { localizePath } from "~/i18n/url";

/**
 * The answer to a method a page does not take (a form posted to a page without
 * one, a hand-made PUT or OPTIONS). The entry answers it before React Router,
 * so there is no layout data; this page is small, static and in the page's
 * language, with a way back to the page.
 */
/** The page's own path and query; never "//host/…", which a browser would follow off-site. */
function samePage(url: URL): string {
  return url.pathname.replace(/^\/+/, "/") + url.search;
}

const PAGES = {
  405: { title: "server:early.methodNotAllowedTitle", text: "server:early.methodNotAllowedText" },
  413: { title: "server:early.tooLargeTitle", text: "server:early.tooLargeText" },
} as const;

export function methodNotAllowedPage(url: URL, lang: Lang, defaultLang: Lang, allow = "GET, HEAD"): Response {
  return earlyPage(405, url, lang, defaultLang, { Allow: allow });
}

/** The same small page for a body over the limit. */
export function tooLargePage(url: URL, lang: Lang, defaultLang: Lang): Response {
  return earlyPage(413, url, lang, defaultLang, {});
}

function earlyPage(status: keyof typeof PAGES, url: URL, lang: Lang, defaultLang: Lang, headers: Record<string, string>): Response {
  const t = createT(lang, texts(lang, ["common", "server"]));
  const title = escapeHtml(t(PAGES[status].title));
  const html = `<!DOCTYPE html><html lang="${HTML_LANG[lang]}"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>${title}</title><meta name="robots" content="noindex"/>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem;color:#1f1f1f}a{color:inherit}</style></head>
<body><main><p>${status}</p><h1>${title}</h1><p>${escapeHtml(t(PAGES[status].text))}</p>
<p><a href="${escapeUrl(samePage(url))}">${escapeHtml(t("server:early.openPage"))}</a> · <a href="${escapeUrl(localizePath("/", lang, defaultLang))}">${escapeHtml(t("errors.home"))}</a></p></main></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...headers } });
}
