/**
 * Paths whose every answer is one shopper's (their account, cart, checkout,
 * favourites, the sign-in pages, the newsletter's, the gift hints' JSON call, the operator console (/ops), the JSON API but the catalogue's data: products
 * and size tables), with or without a session; a language prefix and React Router's `.data`
 * suffix included.
 */
const PERSONAL_PATH =
  /^\/(?:(?:uz|ru|uk)\/)?(?:account|cart|checkout|favourites|favorite|login|signup|logout|auth|api(?!\/catalog\/|\/size-table(?:[/.]|$)|\/search\/autocomplete(?:[/.]|$))|bpm|dev|order|v2|reaction|product-review|product\/[^/]+\/review|subscribe|gift-hints)(?:[/.]|$)|^\/ops(?:[/.]|$)/;

export function isPersonalPath(pathname: string): boolean {
  return PERSONAL_PATH.test(pathname);
}

/**
 * Whether an answer must stay out of shared caches: a personal path, or any
 * answer to a request with a session (a session exists only once it names a
 * shopper or a cart, and the header then shows their counts), or one that
 * starts a session. Resources the same for everyone say `public` themselves
 * (images, sitemaps, robots.txt) and keep it, outside personal paths.
 */
export function isPrivateAnswer(request: Request, response: Response): boolean {
  if (isPersonalPath(new URL(request.url).pathname)) return true;
  const session = request.headers.get("Cookie")?.includes("__session=") || response.headers.has("Set-Cookie");
  return Boolean(session) && !/\bpublic\b/.test(response.headers.get("Cache-Control") ?? "");
}

/** The one Cache-Control of a private answer. */
export const PRIVATE_NO_STORE = "private, no-store";
