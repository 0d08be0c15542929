import { isPrivateAnswer, PRIVATE_NO_STORE } from "./private-cache.server";
/** Per-response nonce for the CSP: 16 random bytes, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site.
 * Sec-Fetch-Site is authoritative where sent; otherwise Origin must match.
 * Requests carrying neither (curl, server-to-server) have no ambient
 * browser credentials to abuse and pass.
 */
export function isCrossSiteMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("Origin");
  if (origin) return origin !== new URL(request.url).origin;
  return false;
}

/**
 * A GET that changes state (the spec's favourite removal by GET) sent by a browser from another
 * site: a link or an image elsewhere must not change a shopper's list. Read as the writes are.
 */
export function isCrossSiteRead(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("Origin");
  return origin ? origin !== new URL(request.url).origin : false;
}

/** `formOrigins`: where a form of the shop may be sent besides itself (the payment provider's page the place-order form is redirected to). */
export function contentSecurityPolicy(nonce: string, formOrigins: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' https://challenges.cloudflare.com`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://challenges.cloudflare.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formOrigins].join(" "),
    "object-src 'none'",
  ].join("; ");
}

/** Headers every response carries; HTML responses also get the CSP. */
export function applySecurityHeaders(response: Response, request: Request, nonce: string, formOrigins: string[] = []): Response {
  const headers = new Headers(response.headers);
  const type = headers.get("Content-Type") ?? "";
  if (type.includes("text/html")) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, formOrigins));
  else headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; style-src 'unsafe-inline'");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  // One rule for every route, so a new personal page cannot forget it.
  if (isPrivateAnswer(request, response)) headers.set("Cache-Control", PRIVATE_NO_STORE);
  // The operator console is for nobody's index, whatever its answer (a redirect, an error page).
  if (/^\/ops(?:[/.]|$)/.test(new URL(request.url).pathname)) headers.set("X-Robots-Tag", "noindex, nofollow");
  if (new URL(request.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
