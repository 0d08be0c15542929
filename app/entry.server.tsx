import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { getApp } from "./context.server";
import * as cartUi from "./cart/cart-ui";
import { cardLinkInnerHtml } from "./catalogue/html";
import { CartUiContext } from "./ui/cart-popup-host";
import { NonceContext } from "./ui/nonce";
import { CardLinkHtmlContext } from "./ui/product-card";

/** How long streamed (deferred) data may take before its Suspense boundary gives up. */
export const streamTimeout = 5_000;

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
  // A render still open this long after React Router gave up on streamed data (its
  // streamTimeout only rejects what the hydration data carries, not what <Await> reads)
  // is aborted: pending boundaries fall back to the browser, and the stream ends.
  const renderTimeout = new AbortController();
  const timer = setTimeout(() => renderTimeout.abort(), streamTimeout + 1_000);
  const stopTimer = () => clearTimeout(timer);
  const body = await renderToReadableStream(
    <NonceContext value={nonce}>
      <CartUiContext value={cartUi}>
        <CardLinkHtmlContext value={cardLinkInnerHtml}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </CardLinkHtmlContext>
      </CartUiContext>
    </NonceContext>,
    {
      nonce,
      // Otherwise React may still "outline" a finished Suspense boundary past ~12.8 kB
      // of HTML (hidden at the end, moved into place by a script): crawlers get it in place.
      ...(waitForAll ? { progressiveChunkSize: Number.POSITIVE_INFINITY } : {}),
      signal: renderTimeout.signal,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell are reported by React Router itself.
        if (shellRendered) console.error(error);
      },
    },
  ).catch((error: unknown) => {
    stopTimer();
    throw error;
  });
  shellRendered = true;
  body.allReady.then(stopTimer, stopTimer);

  if (waitForAll) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
