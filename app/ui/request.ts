/**
 * How long a call from the page may take before the shopper is told it timed out: long enough
 * for a slow mobile network, short enough that nobody waits on a call that will not end.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Why a call got no answer, each with its own text (`requestFailed.*` of the common texts). */
export type RequestFailure = "network" | "aborted" | "timeout";

/**
 * A call from the page that names its failures instead of throwing: no network (`error`), the
 * browser aborted it (`abort`: the page's loading stopped), or no answer within
 * `REQUEST_TIMEOUT_MS`. XMLHttpRequest, not fetch: fetch reports the first two alike.
 */
export function request(url: string, init: { method?: string; body?: URLSearchParams } = {}): Promise<Response | { failed: RequestFailure }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let timedOut = false;
    // A timer of the page's (not the request's own `timeout`), so it follows the page's clock.
    const timer = setTimeout(() => {
      timedOut = true;
      xhr.abort();
    }, REQUEST_TIMEOUT_MS);
    xhr.onloadend = () => clearTimeout(timer);
    // The callers read the status and the body only (an empty body is none: a 204 may carry none).
    xhr.onload = () => {
      try {
        resolve(new Response(xhr.responseText || null, { status: xhr.status }));
      } catch {
        // A status a Response cannot carry (a proxy's odd answer): no answer the page can read.
        resolve({ failed: "network" });
      }
    };
    xhr.onerror = () => resolve({ failed: "network" });
    xhr.onabort = () => resolve({ failed: timedOut ? "timeout" : "aborted" });
    xhr.open(init.method ?? "GET", url);
    xhr.send(init.body ?? null);
  });
}

/** The shopper's text for a failure, in the page's language (`t` of the layout's texts: common). */
export const requestFailedText = (t: (key: string, values?: Record<string, string | number>) => string, failure: RequestFailure): string =>
  t(`requestFailed.${failure}`, { seconds: REQUEST_TIMEOUT_MS / 1000 });
