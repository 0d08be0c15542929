/**
 * Lite mode: pages without any script, for the slowest connections. On when the
 * browser asks to save data (`Save-Data: on`) or the shopper chose it (the footer's link,
 * `?lite=1`, remembered in a cookie); `?lite=0` switches back (and outweighs Save-Data).
 */
const COOKIE = "lite";
const YEAR = 60 * 60 * 24 * 365;

export function isLite(request: Request): boolean {
  const chosen = /(?:^|;\s*)lite=([01])(?:;|$)/.exec(request.headers.get("Cookie") ?? "")?.[1];
  if (chosen) return chosen === "1";
  return (request.headers.get("Save-Data") ?? "").trim().toLowerCase() === "on";
}

/**
 * A page asked with `?lite=1` or `?lite=0`: the choice is remembered and the same URL
 * without the parameter follows (so links, caches and crawlers never see it).
 */
export function liteSwitch(request: Request, url: URL): Response | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  // Pages only: not files (robots.txt, images) nor React Router's data requests (*.data).
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return null;
  const want = url.searchParams.getAll("lite").findLast((v) => v === "0" || v === "1");
  if (!want) return null;
  const next = new URL(url);
  next.searchParams.delete("lite");
  // One leading slash: "//evil.example?lite=1" must not lead off the site.
  const path = `/${next.pathname.replace(/^[/\\]+/, "")}`;
  return new Response(null, {
    status: 303,
    headers: {
      Location: path + next.search,
      "Set-Cookie": `${COOKIE}=${want}; Path=/; Max-Age=${YEAR}; SameSite=Lax; HttpOnly${url.protocol === "https:" ? "; Secure" : ""}`,
      "Cache-Control": "no-store",
    },
  });
}
