import { PRIVATE_NO_STORE } from "./private-cache.server";

/** The edge lifetime of a shared answer when EDGE_CACHE_SECONDS is unset (docs/decisions/102-edge-cache.md). */
export const DEFAULT_EDGE_SECONDS = 60;

/** How long a shared cache may keep an anonymous page: EDGE_CACHE_SECONDS, else the default. */
export function edgeSeconds(env: { EDGE_CACHE_SECONDS?: string }): number {
  const n = Number.parseInt(env.EDGE_CACHE_SECONDS ?? "", 10);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_EDGE_SECONDS;
}

/**
 * What anonymous pages and catalogue data say to every cache: a browser asks again every time
 * and never shows a stale copy meanwhile (`stale-while-revalidate` there let a shopper who had
 * just signed in see their guest copy of the page: Chromium did not tell the copies apart by
 * `Vary: Cookie`); a shared cache keeps it `edge` seconds.
 */
export function sharedPolicy(edge: number): string {
  return `public, max-age=0, must-revalidate, s-maxage=${edge}`;
}

/**
 * What a CDN in front of the Worker may do besides (`CDN-Cache-Control`, read by CDNs and not by
 * browsers): serve the copy a little longer while it fetches a new one, and for a day when the
 * Worker fails.
 */
export function cdnPolicy(edge: number): string {
  return `public, max-age=${edge}, stale-while-revalidate=${edge}, stale-if-error=86400`;
}

/**
 * Gives every answer a Cache-Control, without changing one already set (the private rule of
 * private-cache.server.ts, or a route's own, such as images and sitemaps). Without one, a
 * shared cache picks its own lifetime (Cloudflare keeps a 200 for two hours).
 */
export function withCachePolicy(request: Request, response: Response, edge: number): Response {
  if (response.headers.has("Cache-Control")) return response;
  const headers = new Headers(response.headers);
  const safe = request.method === "GET" || request.method === "HEAD";
  if (safe && response.status === 200 && !headers.has("Set-Cookie")) {
    headers.set("Cache-Control", sharedPolicy(edge));
    headers.set("CDN-Cache-Control", cdnPolicy(edge));
    // A lite page (a cookie, or Save-Data) has the same URL as the full one.
    const vary = headers.get("Vary") ?? "";
    for (const name of ["Cookie", "Save-Data"]) if (!vary.toLowerCase().includes(name.toLowerCase())) headers.append("Vary", name);
  } else if (safe && (response.status === 301 || response.status === 308) && !headers.has("Set-Cookie")) {
    headers.set("Cache-Control", "public, max-age=3600");
  } else {
    // Errors, other redirects and every answer to a write: never kept anywhere.
    headers.set("Cache-Control", response.headers.has("Set-Cookie") ? PRIVATE_NO_STORE : "no-store");
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
