import { isbot } from "isbot";
import { preload } from "react-dom";
import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { getApp } from "./server/context.server";
import { STREAMED_DATA_TIMEOUT_MS } from "./server/streaming.server";
import { cardLinkInnerHtml } from "./catalogue/html";
import { CartPopup, CartUiContext, MiniCart } from "~/cart/index";
import { NonceContext } from "./ui/nonce";
import { ServerMarkupContext, type ServerMarkup } from "./ui/server-markup";
import type { ProductCard } from "./catalogue/catalogue.server";
import type { I18n } from "./i18n/use-i18n";

/**
 * React Router rejects the hydration data's promises still pending after this; the loaders'
 * own streamed promises give up earlier (app/streaming.server.ts), so the server's HTML and
 * the browser's data agree on what failed.
 */
export const streamTimeout = STREAMED_DATA_TIMEOUT_MS + 1_000;

/** The layout's and grids' repeated markup as strings (see ServerMarkup). */
const serverMarkup: ServerMarkup = {
  cardLink(product: ProductCard, i18n: I18n, eager: boolean) {
    // React preloads an eager <img> it renders itself; inside a string it cannot see it.
    if (eager) preload(product.image.url, { as: "image", fetchPriority: "high" });
    return cardLinkInnerHtml(product, i18n, eager);
  },
};

/** The cart UI the layout renders (popup section, mini-cart): on the server at once, in the browser loaded on first use. */
const cartUi = { CartPopup, MiniCart };

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = getApp(loadContext);
  // Crawlers get the whole document at once, streamed parts included.
  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceContext value={nonce}>
      <CartUiContext value={cartUi}>
        <ServerMarkupContext value={serverMarkup}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ServerMarkupContext>
      </CartUiContext>
    </NonceContext>,
    {
      nonce,
      // Otherwise React may still "outline" a finished Suspense boundary past ~12.8 kB
      // of HTML (hidden at the end, moved into place by a script): crawlers get it in place.
      ...(waitForAll ? { progressiveChunkSize: Number.POSITIVE_INFINITY } : {}),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell are reported by React Router itself.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  if (waitForAll) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
