import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { CartPopupHost, MiniCartAnchor, useCartPendingDelta } from "~/cart/index";
import { cartCounter, cartLayout, findCartId, guestCartMerge, guestCartRemoval } from "~/cart/index.server";
import { guestDraftMerge } from "~/checkout/index.server";
import { guestOrdersClaim } from "~/orders/index.server";
import { guestSearchesMerge } from "~/search/index.server";
import { type GuestMerge, guestMergeContext } from "~/server/guest-merge.server";
import { sessionMiddleware } from "~/server/session.server";
import { cartLookupContext, getOwnerRef, requestMiddleware } from "~/server/request.server";
import { catalogueMenu } from "~/catalogue/index.server";
import { useFavouritesPending } from "~/favourites/index";
import { favouritesCounter, guestBrandsMerge, guestFavouritesMerge } from "~/favourites/index.server";
import { FALLBACK_LANG, HTML_LANG, isLang } from "~/i18n/languages";
import { I18nProvider, useI18n } from "~/i18n/use-i18n";
import { useLayoutData } from "~/layout/data";
import { ErrorPage, errorKind, errorTitle } from "~/layout/error-page";
import { Footer } from "~/layout/footer";
import { footerHtml } from "~/layout/footer.server";
import { Header } from "~/layout/header";
import { ReadOnlyBanner } from "~/layout/read-only-banner";
import { loadLayout } from "~/layout/layout.server";
import { newsletterFooterHtml } from "~/newsletter/index.server";
import { newsFooterHtml } from "~/news/index.server";
import { shopSocials, socialsHtml } from "~/layout/socials.server";
import { serverT } from "~/i18n/translator.server";
import { localizePath } from "~/i18n/url";
import { documentMarkup } from "~/server/markup.server";
import { getApp } from "~/server/context.server";
import { routeModuleUrl } from "~/server/route-module.server";
import { useInlineCss, useLite, useNonce } from "~/ui/nonce";

/**
 * What a guest owned joins the account at sign-in, in one batch: each owner's statements in the
 * order the batch needs them (the guest's cart goes last, after the draft that reads it).
 */
const guestMerge: GuestMerge = (db, userId, guestKey) => [
  ...guestCartMerge(db, userId, guestKey),
  ...guestDraftMerge(db, userId, guestKey),
  ...guestFavouritesMerge(db, userId, guestKey),
  ...guestBrandsMerge(db, userId, guestKey),
  ...guestSearchesMerge(db, userId, guestKey),
  ...guestOrdersClaim(db, userId, guestKey),
  guestCartRemoval(db, guestKey),
];

/** What app/server and app/auth do with a feature's rows, given them here (they import no feature). */
const featuresMiddleware: Route.MiddlewareFunction = ({ context }, next) => {
  context.set(guestMergeContext, guestMerge);
  context.set(cartLookupContext, findCartId);
  return next();
};

/**
 * The session is saved once, after the route answered (outermost: it sees what every route did);
 * then the request's door resolves the language (app/server/request.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, requestMiddleware, featuresMiddleware];

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * The layout's data (app/layout), with what features contribute to it: the catalogue
 * the menu, the cart and favourites the header's counters, the cart its popup slot, the
 * newsletter its footer form (server-written, beside the shop's social links).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const app = getApp(context);
  const db = app.env.DB;
  const { layout, flash } = await loadLayout(context, {
    menu: (lang) => catalogueMenu(db, lang),
    counters: { cart: cartCounter(db), favourites: favouritesCounter(db) },
    owner: getOwnerRef(context),
  });
  const t = serverT(layout.lang);
  const href = (path: string) => localizePath(path, layout.lang, layout.defaultLang);
  const footer =
    footerHtml(t, href) + newsFooterHtml(t, href("/news")) + socialsHtml(shopSocials(app.env.SHOP_SOCIALS), t) + newsletterFooterHtml(t, href("/subscribe"));
  return {
    ...layout,
    menu: documentMarkup(context, layout.menu as string),
    cart: await cartLayout(app.env, flash),
    footer: documentMarkup(context, footer),
    searchUi: await routeModuleUrl("api/search-autocomplete"),
  };
}

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
  const root = useLayoutData();
  const nonce = useNonce();
  // A lite page carries no script at all: it works as HTML (app/server/lite.server.ts).
  const lite = useLite();
  const css = useInlineCss();
  const pendingCart = useCartPendingDelta();
  const pendingFavourites = useFavouritesPending();
  const lang = root?.lang ?? FALLBACK_LANG;
  return (
    <html lang={HTML_LANG[lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
          The whole stylesheet inline (≈5.5 kB gzip): the first paint waits for no other request
         . A React style resource: the browser adopts the server's element by its
          key, its text stays out of the scripts. README, "Performance budgets", says why not a
          critical part and a deferred rest.
        */}
        <style href="app" precedence="app">
          {css}
        </style>
        <Meta />
        <Links />
        {lite ? null : (
          // Without JavaScript (and not in lite mode) a streamed part that finished after the page's
          // start waits, hidden, for a script that moves it into place: shown where it is instead.
          <noscript>
            <style dangerouslySetInnerHTML={{ __html: 'div[hidden][id^="S:"]{display:block!important}' }} />
          </noscript>
        )}
      </head>
      <body>
        <I18nProvider>
          {root ? (
            <Header
              menu={root.menu}
              counters={root.counters}
              pendingCart={pendingCart}
              pendingFavourites={pendingFavourites}
              signedIn={root.signedIn}
              cartAnchor={(link) => <MiniCartAnchor>{link}</MiniCartAnchor>}
            />
          ) : null}
          {root?.readOnly ? <ReadOnlyBanner /> : null}
          <main id="main" className="container">
            {root ? <CartPopupHost /> : null}
            {children}
          </main>
          {root ? <Footer lite={lite} parts={root.footer} /> : null}
        </I18nProvider>
        {lite ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
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
  const readOnly = useLayoutData()?.readOnly;
  const kind = status === 503 && readOnly ? "readOnly" : errorKind(status);
  return (
    <>
      <title>{t(errorTitle(kind))}</title>
      <meta name="robots" content="noindex" />
      {/* A listing's page past its end: its 404 names the first page (catalogue/listing.server.ts). */}
      <ErrorPage status={status} readOnly={readOnly} firstPage={isRouteErrorResponse(error) ? error.data?.firstPage : undefined} />
    </>
  );
}
