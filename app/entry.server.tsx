import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { getApp } from "./server/context.server";
import { deferScripts } from "./server/deferred-scripts.server";
import { noteError } from "./server/request-log.server";
import { STREAMED_DATA_TIMEOUT_MS } from "./server/streaming.server";
import { CartPopup, CartUiContext, MiniCart } from "~/cart/index";
import { MarkHeartsContext, markHearts } from "~/catalogue/index";
import appCss from "./app.css?inline";
import { ResponseContext } from "./ui/nonce";

/**
 * React Router rejects the hydration data's promises still pending after this; the loaders'
 * own streamed promises give up earlier (app/server/streaming.server.ts), so the server's HTML and
 * the browser's data agree on what failed.
 */
export const streamTimeout = STREAMED_DATA_TIMEOUT_MS + 1_000;

/**
 * An error a loader or action threw (answered with the error page): its class and stack go
 * into the request's log line, once, instead of a line of their own. A request cancelled by
 * its client is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (!noteError(error)) console.error(error);
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
  const { nonce, lite } = getApp(loadContext);
  // Crawlers and lite pages get the whole document at once, streamed parts in place.
  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || lite;
  if (lite) {
    // No hydration data either: the page never hydrates.
    void routerContext.serverHandoffStream?.cancel();
    routerContext.serverHandoffStream = undefined;
  }
  let shellRendered = false;
  const body = await renderToReadableStream(
    <ResponseContext value={{ nonce, lite, css: appCss }}>
      <CartUiContext value={cartUi}>
        <MarkHeartsContext value={markHearts}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </MarkHeartsContext>
      </CartUiContext>
    </ResponseContext>,
    {
      nonce,
      // Otherwise React may still "outline" a finished Suspense boundary past ~12.8 kB
      // of HTML (hidden at the end, moved into place by a script): crawlers get it in place.
      ...(waitForAll ? { progressiveChunkSize: Number.POSITIVE_INFINITY } : {}),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell are reported by React Router itself.
        if (shellRendered && !noteError(error)) console.error(error);
      },
    },
  );
  shellRendered = true;

  if (waitForAll) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The same URL is a lite page for a browser that asks to save data.
  responseHeaders.append("Vary", "Save-Data");
  // The page's scripts start after its first paint (app/server/deferred-scripts.server.ts); the
  // dev server's scripts (its hot reload among them) load as React Router writes them.
  const html = lite || !import.meta.env.PROD ? body : deferScripts(body);
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
