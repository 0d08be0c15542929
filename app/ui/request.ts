/**
 * How long a call from the page may take before the shopper is told it timed out: long enough
 * for a slow mobile network, short enough that nobody waits on a call that will not end.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Why a call got no answer, each with its own text (`common:requestFailed.*`). */
export type RequestFailure = "network" | "aborted" | "timeout";

/**
 * A call from the page that names its failures instead of throwing: no network (`error`), the
 * browser aborted it (`abort`: the page's loading stopped), or no answer within
 * `REQUEST_TIMEOUT_MS`. XMLHttpRequest, not fetch: fetch reports the first two
 * alike. A call the page cancels itself (`init.signal`) rejects: a newer call replaced it,
 * nothing to say.
 */
export function request(
  url: string,
  init: { method?: string; body?: URLSearchParams | string; signal?: AbortSignal } = {},
): Promise<Response | { failed: RequestFailure }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let ended: "cancelled" | "timeout" | null = null;
    const end = (why: "cancelled" | "timeout") => {
      ended = why;
      xhr.abort();
    };
    // A timer of the page's (not the request's own `timeout`), so it follows the page's clock.
    const timer = setTimeout(() => end("timeout"), REQUEST_TIMEOUT_MS);
    xhr.onloadend = () => clearTimeout(timer);
    xhr.open(init.method ?? "GET", url);
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(":");
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const empty = xhr.status === 204 || xhr.status === 304;
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = () => resolve({ failed: "network" });
    xhr.onabort = () => (ended === "cancelled" ? reject(new DOMException("cancelled", "AbortError")) : resolve({ failed: ended ?? "aborted" }));
    init.signal?.addEventListener("abort", () => end("cancelled"), { once: true });
    xhr.send(init.body ?? null);
  });
}

/** The shopper's text for a failure, in the page's language. */
export const requestFailedText = (t: (key: string, values?: Record<string, string | number>) => string, failure: RequestFailure): string =>
  t(`common:requestFailed.${failure}`, { seconds: REQUEST_TIMEOUT_MS / 1000 });
