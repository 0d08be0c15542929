import { BOOKMARK_COOKIE } from "./d1-session.server";
import { isbot } from "isbot";
import { edgeSeconds, withCachePolicy } from "./cache-policy.server";
import { wantsFragment } from "./fragment.server";
import { isLite } from "./lite.server";
import { isPersonalPath } from "./private-cache.server";
import { createNonce } from "./security.server";

/**
 * The Worker's own edge cache (Cache API, `caches.default`) in front of the render:
 * anonymous GET/HEAD of everything a route marks `public` (pages, catalogue data, sitemaps).
 * Why the Cache API, the key and the lifetime: docs/decisions/102-edge-cache.md.
 */

/**
 * Cookies that say nothing about who the shopper is (lite mode; the database bookmark a shopper
 * keeps after signing out); any other cookie bypasses the cache.
 */
const SHARED_COOKIES = new Set(["lite", BOOKMARK_COOKIE]);
/** Headers of the stored copy only, never sent to a browser. */
const STORED_AT = "X-Edge-Stored-At";
const STORED_NONCE = "X-Edge-Nonce";
const STORED_POLICY = "X-Edge-Cache-Control";
/** Where the render's nonce sits in the stored body (byte offsets): a hit writes its own there. */
const STORED_NONCE_AT = "X-Edge-Nonce-At";

/** The data centre's cache (the DOM's CacheStorage type, also in scope, lacks Workers' `default`). */
const edgeStore = () => (caches as unknown as { default: Cache }).default;

type Env = { EDGE_CACHE?: string; EDGE_CACHE_SECONDS?: string };

function anonymous(request: Request): boolean {
  if (request.headers.has("Authorization") || request.headers.has("Range")) return false;
  const cookie = request.headers.get("Cookie");
  if (!cookie) return true;
  return cookie.split(";").every((pair) => {
    const name = pair.split("=")[0]!.trim();
    return name === "" || SHARED_COOKIES.has(name);
  });
}

/** The deployed build's version: a deploy never serves the copies of the one before. */
async function buildVersion(): Promise<string> {
  const build = await import("virtual:react-router/server-build");
  return build.assets.version;
}

/**
 * The copy's key: the URL (the language is in its path) under the build's version and the
 * page's kind: lite or full, and crawler (streamed parts in place) or browser; a popup's
 * fragment (fragment.server.ts) apart from its page.
 */
export async function edgeKey(request: Request): Promise<Request> {
  const url = new URL(request.url);
  const page = wantsFragment(request) ? "fragment" : isLite(request) ? "lite" : "full";
  const kind = `${page}-${isbot(request.headers.get("User-Agent") ?? "") ? "bot" : "browser"}`;
  return new Request(`${url.origin}/__edge/${await buildVersion()}/${kind}${url.pathname}${url.search}`);
}

/**
 * Photos keep caches of their own: the originals are immutable files from R2, and the resizer's
 * stand-in (local runs) answers by the Accept header, which this cache's key leaves out.
 */
const OWN_CACHING = /^\/(?:photos|cdn-cgi)\//;

/** Whether a request may be answered from, or fill, the shared copy. */
export function cacheable(request: Request, env: Env): boolean {
  if (env.EDGE_CACHE === "off" || typeof caches === "undefined") return false;
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = new URL(request.url).pathname;
  return anonymous(request) && !isPersonalPath(path) && !OWN_CACHING.test(path);
}

/** An answer the cache may keep: a whole 200 for everyone, with nothing that starts a session. */
function storable(response: Response): boolean {
  const policy = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    response.body !== null &&
    !response.headers.has("Set-Cookie") &&
    /\bpublic\b/.test(policy) &&
    !/\b(private|no-store)\b/.test(policy)
  );
}

function marked(response: Response, status: "hit" | "miss" | "bypass"): Response {
  const headers = new Headers(response.headers);
  headers.set("X-Cache", status);
  headers.append("Server-Timing", `edge;desc="${status}"`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A stored copy served to one more shopper: its own nonce in the CSP and in the page's
 * scripts (the stored one was sent to someone else), the Cache-Control the render gave, and
 * its age.
 */
async function served(copy: Response, request: Request): Promise<Response> {
  const headers = new Headers(copy.headers);
  const storedAt = Number(headers.get(STORED_AT));
  const old = headers.get(STORED_NONCE);
  headers.set("Cache-Control", headers.get(STORED_POLICY) ?? "no-store");
  const offsets = (headers.get(STORED_NONCE_AT) ?? "").split(",").filter(Boolean).map(Number);
  for (const name of [STORED_AT, STORED_NONCE, STORED_POLICY, STORED_NONCE_AT]) headers.delete(name);
  headers.set("Age", String(Math.max(0, Math.floor((Date.now() - storedAt) / 1000))));
  headers.delete("Server-Timing");
  if (request.method === "HEAD") {
    await copy.body?.cancel();
    return marked(new Response(null, { status: copy.status, headers }), "hit");
  }
  const nonce = createNonce();
  const csp = headers.get("Content-Security-Policy");
  if (old && csp) headers.set("Content-Security-Policy", csp.replaceAll(`'nonce-${old}'`, `'nonce-${nonce}'`));
  if (offsets.length === 0) return marked(new Response(copy.body, { status: copy.status, headers }), "hit");
  // The new nonce has the old one's length (16 bytes in base64): written over it in place, the
  // page costs one copy of its bytes, not a search through its text.
  const body = new Uint8Array(await copy.arrayBuffer());
  const bytes = new TextEncoder().encode(nonce);
  for (const at of offsets) body.set(bytes, at);
  return marked(new Response(body, { status: copy.status, headers }), "hit");
}

/** Byte offsets of the nonce in a body (the nonce is ASCII; latin1 keeps one character per byte). */
function nonceOffsets(body: Uint8Array, nonce: string): number[] {
  const text = new TextDecoder("latin1").decode(body);
  const out: number[] = [];
  for (let at = text.indexOf(nonce); at >= 0; at = text.indexOf(nonce, at + nonce.length)) out.push(at);
  return out;
}

export type EdgeCache = {
  /** The stored copy, when there is a fresh one for this request. */
  hit: Response | null;
  /** The rendered answer, given its Cache-Control and kept for the next shoppers where it may be. */
  answer(response: Response, nonce: string): Response;
};

/** Looks the request up in the edge cache; `answer` completes every response that was not a hit. */
export async function edgeCache(request: Request, env: Env, ctx: ExecutionContext): Promise<EdgeCache> {
  const edge = edgeSeconds(env);
  const on = cacheable(request, env);
  const key = on ? await edgeKey(request) : null;
  const copy = key ? await edgeStore().match(key) : undefined;
  return {
    hit: copy ? await served(copy, request) : null,
    answer(rendered, nonce) {
      const response = withCachePolicy(request, rendered, edge);
      if (!key) return marked(response, "bypass");
      if (request.method !== "GET" || !storable(response)) return marked(response, "miss");
      const [toShopper, toCache] = response.body!.tee();
      const stored = new Headers(response.headers);
      stored.set(STORED_POLICY, response.headers.get("Cache-Control")!);
      // The Cache API keeps a copy as long as its own Cache-Control says.
      stored.set("Cache-Control", `public, max-age=${edge}`);
      stored.delete("Vary");
      stored.set(STORED_AT, String(Date.now()));
      stored.set(STORED_NONCE, nonce);
      ctx.waitUntil(
        (async () => {
          const body = new Uint8Array(await new Response(toCache).arrayBuffer());
          stored.set(STORED_NONCE_AT, nonceOffsets(body, nonce).join(","));
          await edgeStore().put(key, new Response(body, { status: response.status, headers: stored }));
        })().catch((error: unknown) => console.warn("edge cache: not stored", error)),
      );
      return marked(new Response(toShopper, response), "miss");
    },
  };
}
