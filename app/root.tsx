import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { getApp } from "./server/context.server";
import { checkoutMaxItems } from "./cart/checkout-limit";
import { cartUiModuleUrl } from "./cart/ui-module.server";
import { getCategories, type Category } from "./catalogue/catalogue.server";
import { HTML_LANG, isLang } from "./i18n/languages";
import { i18nextMiddleware } from "./i18n/middleware.server";
import { resolvePrefix } from "./i18n/url";
import { texts } from "./i18n/resources.server";
import { I18nProvider, useI18n } from "./i18n/use-i18n";
import { headerCounters } from "./cart/counters.server";
import { readSession, takeFlash } from "./server/session.server";
import { ErrorPage } from "./layout/error-page";
import { CartPopupHost } from "./cart/popup-host";
import { Footer } from "./layout/footer";
import { Header } from "./layout/header";
import { useNonce } from "./ui/nonce";

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware];

export const links: Route.LinksFunction = () => [
  // The Worker tests' build has no CSS URL (an empty href would only log React's warning).
  ...(stylesheet ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export type MenuItem = { path: string; name: string; children: { path: string; name: string }[] };

function menuOf(categories: Category[]): MenuItem[] {
  return categories
    .filter((c) => c.depth === 0)
    .map((top) => ({
      path: top.path,
      name: top.name,
      children: categories.filter((c) => c.parentId === top.id).map((c) => ({ path: c.path, name: c.name })),
    }));
}

/**
 * Never throws for a bad language or a database hiccup: the error pages render
 * inside this layout and need its language and texts. Route loaders answer
 * the 404 for an unknown language prefix.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = getApp(context);
  // Unmatched URLs (the "*" route) have no :lang param: read the prefix of the path itself.
  const prefix = resolvePrefix(new URL(request.url).pathname, app.defaultLang);
  const lang = isLang(params.lang) ? params.lang : prefix.kind === "ok" ? prefix.lang : app.defaultLang;
  const [menu, session] = await Promise.all([
    getCategories(app.env.DB, lang).then(menuOf, (error) => {
      console.error("menu unavailable", error);
      return [] as MenuItem[];
    }),
    readSession(app.env, request).catch(() => null),
  ]);
  const [counters, cartPopup, cartUi] = await Promise.all([
    headerCounters(app.env.DB, session).catch(() => ({ cart: 0, favourites: 0 })),
    takeFlash(app.env, request, session).catch(() => null),
    cartUiModuleUrl(),
  ]);
  return {
    lang,
    defaultLang: app.defaultLang,
    origin: app.origin,
    // Layout, errors and forms' shared texts; routes add their own namespaces.
    i18n: texts(lang, ["common"]),
    menu,
    counters,
    /** The cart popup of the last add, shown once as a page section (no JavaScript). */
    cartPopup,
    checkoutMaxItems: checkoutMaxItems(app.env),
    /** Where the cart popup's and mini-cart's code loads from when first needed. */
    cartUi,
    signedIn: Boolean(session?.get("userId")),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The layout data changes with the language or after a mutation, not on every navigation. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  // A revalidation asked for on the same page (after an add through the cart's JSON call).
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  // The URL's prefix, not params.lang: the "*" (not found) route has no :lang param.
  const prefix = (url: URL) => url.pathname.split("/")[1]?.toLowerCase() ?? "";
  const langOf = (url: URL) => (isLang(prefix(url)) ? prefix(url) : "");
  return langOf(currentUrl) !== langOf(nextUrl);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const nonce = useNonce();
  const lang = root?.lang ?? "uz";
  return (
    <html lang={HTML_LANG[lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider>
          {root ? <Header menu={root.menu} counters={root.counters} signedIn={root.signedIn} /> : null}
          <main id="main" className="container">
            {root ? <CartPopupHost flash={root.cartPopup} /> : null}
            {children}
          </main>
          {root ? <Footer /> : null}
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { t } = useI18n();
  const kind = status === 404 ? "notFound" : status >= 500 ? "server" : "badRequest";
  return (
    <>
      <title>{t(`errors.${kind}Title`)}</title>
      <meta name="robots" content="noindex" />
      <ErrorPage status={status} />
    </>
  );
}
