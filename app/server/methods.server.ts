import type { Lang } from "~/i18n/languages";
import { langOfUrl } from "~/i18n/url";
import { texts } from "~/i18n/resources.server";
import { createT } from "~/i18n/translate";

/**
 * Which methods each URL takes, checked in the Worker's entry before React
 * Router (which would run a page's action for any method, or a JSON route's
 * loader for any operation). One table: a wrong method is a 405 with `Allow`
 * (JSON for the API, the translated page for pages), an unknown API operation
 * a 404 JSON; the body is never read for either.
 */

const ID = "[1-9][0-9]{0,9}";
const ACCOUNT_OPS = "change-email|change-phone|validate-contact|verify-sms|validate-sms";

/** The JSON API: path → methods (HEAD goes with GET). */
const API: [RegExp, string[]][] = [
  [/^\/api\/account$/, ["GET"]],
  [/^\/(?:api\/account|bpm)\/save-details$/, ["PUT", "POST"]],
  [new RegExp(`^/(?:api/account|bpm)/(?:${ACCOUNT_OPS})$`), ["POST"]],
  [/^\/bpm\/validate-promo-code$/, ["POST"]],
  [/^\/api\/profile$/, ["PUT", "POST"]],
  [
    /^\/auth\/(?:login-by-password|send-login-code-on-phone|login-by-phone|resend-confirm-email|password-reset-request|sign-up-send-call|sign-in-send-call|verify-call|login-by-call)$/,
    ["POST"],
  ],
  [/^\/api\/kid$/, ["POST"]],
  [new RegExp(`^/api/kid/${ID}$`), ["PUT", "DELETE"]],
  [/^\/api\/address$/, ["GET", "POST"]],
  [new RegExp(`^/api/address/${ID}$`), ["PUT", "DELETE"]],
  [new RegExp(`^/api/address/${ID}/main$`), ["POST"]],
  [/^\/api\/cart$/, ["GET", "POST"]],
  [/^\/checkout\/default\/shopping-cart-recalculate$/, ["POST"]],
  [/^\/order\/request$/, ["POST"]],
  [new RegExp(`^/api/orders(?:/${ID})?$`), ["GET"]],
  [/^\/api\/payment\/click\/(?:prepare|complete)$/, ["POST"]],
  [/^\/api\/payment\/payme$/, ["POST"]],
  [/^\/api\/(?:v2\/)?favorites$/, ["GET", "POST"]],
  // GET: the spec's removal by GET, as DELETE.
  [new RegExp(`^/api/favorites/${ID}$`), ["GET", "DELETE"]],
  [new RegExp(`^/api/favorites/products/${ID}$`), ["GET"]],
  [new RegExp(`^/api/retargeting/(?:wishlist|cart)/${ID}$`), ["GET"]],
  [/^\/api\/delivery\/(?:cities|city-page|types|warehouses|streets|up-post-codes)$/, ["GET"]],
  [/^\/api\/delivery\/delivery-data$/, ["POST"]],
  [new RegExp(`^/api/catalog/v3/products(?:/${ID})?$`), ["GET"]],
  [/^\/api\/size-table$/, ["GET"]],
  [/^\/api\/search\/autocomplete$/, ["GET"]],
  [/^\/api\/search\/history$/, ["GET", "POST", "DELETE"]],
  [new RegExp(`^/api/search/history/${ID}$`), ["DELETE"]],
  [/^\/v2\/product-review$/, ["GET", "POST"]],
  [/^\/v2\/user-data$/, ["GET"]],
  [/^\/reaction$/, ["POST"]],
  [/^\/gift-hints\/create$/, ["POST"]],
  [/^\/api\/moderation\/reviews$/, ["GET"]],
  [new RegExp(`^/api/moderation/reviews/${ID}$`), ["POST"]],
  // The local stand-ins' calls (none in the deployed build: decision 205).
  ...(__STAND_INS__
    ? ([
        [/^\/dev\/pay\/payme-cabinet$/, ["POST"]],
        [/^\/dev\/pay\/click-api\/payment\/reversal\/\d+\/\d+$/, ["DELETE"]],
        [/^\/dev\/pay\/click-api\/payment\/(?:status|ofd_data)\/\d+\/\d+$/, ["GET"]],
        [/^\/dev\/pay\/click-api\/payment\/ofd_data\/submit_items$/, ["POST"]],
        [/^\/dev\/turnstile\/siteverify$/, ["POST"]],
        [/^\/dev\/turnstile\/api\.js$/, ["GET"]],
      ] as [RegExp, string[]][])
    : []),
];

/**
 * The operations API checks its key before anything else, the method and whether the path
 * names an operation included (a caller without a key learns nothing): app/ops.
 */
const OPS_SPACE = /^\/api\/ops(?:\/|$)/;

/** Paths that belong to the JSON API: anything else under them is an unknown operation. */
const API_SPACE =
  /^\/(?:api|bpm|v2)(?:\/|$)|^\/reaction$|^\/dev\/turnstile\/|^\/dev\/pay\/(?:payme-cabinet|click-api)(?:\/|$)|^\/auth\/(?!(?:forgot-pass-form|reset-password|confirm-email)\/?$)|^\/checkout\/default\/|^\/order(?:\/|$)|^\/gift-hints(?:\/|$)/;

/** Pages with a form action (they take POST); every other page takes GET and HEAD only. */
const PAGES_WITH_ACTIONS =
  /^\/(?:(?:uz|ru|uk)\/)?(?:cart|checkout|favorite|search|login|login\/sms|signup|logout|account|account\/orders\/[2-9A-Z]{4}-[2-9A-Z]{4}|checkout\/done\/[2-9A-Z]{4}-[2-9A-Z]{4}|auth\/forgot-pass-form|auth\/reset-password|product\/[^/]+\/review|product\/[^/]+\/gift-hint|subscribe|subscribe\/unsubscribe)\/?$|^\/dev\/pay\/click$|^\/dev\/pay\/payme\/[A-Za-z0-9+/=]+$|^\/ops\/(?:login|logout|reviews|orders|money|item|searches)$/;

/** Paths served as files or plain resources (no page around them). */
const RESOURCES = /^\/(?:robots\.txt|sitemap\.xml|sitemap\/|img\/|photos\/|assets\/|favicon|icons\.svg|manifest)/;

const allowOf = (methods: string[]) => (methods.includes("GET") ? ["GET", "HEAD", ...methods.filter((m) => m !== "GET")] : methods).join(", ");

export type MethodCheck = { api: true; status: 404 | 405; allow?: string } | { api: false; status: 405; allow: string } | null;

/** Null when the request may go on; else how to refuse it. React Router's `.data` requests are checked as their page. */
export function checkMethod(method: string, pathname: string): MethodCheck {
  const path = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  if (OPS_SPACE.test(path)) return null;
  if (API_SPACE.test(path)) {
    const entry = API.find(([pattern]) => pattern.test(path));
    if (!entry) return { api: true, status: 404 };
    const allowed = entry[1];
    if (allowed.includes(method) || (method === "HEAD" && allowed.includes("GET"))) return null;
    return { api: true, status: 405, allow: allowOf(allowed) };
  }
  if (RESOURCES.test(path)) return method === "GET" || method === "HEAD" ? null : { api: false, status: 405, allow: "GET, HEAD" };
  const methods = PAGES_WITH_ACTIONS.test(path) ? ["GET", "POST"] : ["GET"];
  if (methods.includes(method) || method === "HEAD") return null;
  return { api: false, status: 405, allow: allowOf(methods) };
}

/** Bodies larger than any form or JSON call of the shop sends (the forms' largest is a few kB). */
export const MAX_BODY_BYTES = 64 * 1024;

/** The catalogue import's body: a batch of a couple of thousand sizes with their products' texts. */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;

/** A product photo's upload (app/ops/photos.server.ts): a phone camera's JPEG fits. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

const PHOTO_UPLOAD = /^\/api\/ops\/products\/[^/]+\/photos\/[^/]+$/;

/** The largest body a path takes. */
export function bodyLimitOf(pathname: string): number {
  if (pathname === "/api/ops/catalogue") return MAX_IMPORT_BYTES;
  return PHOTO_UPLOAD.test(pathname) ? MAX_PHOTO_BYTES : MAX_BODY_BYTES;
}

/** Most of an unwanted upload read and thrown away before answering; past it the body is cancelled. */
const DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * Drops a body the answer does not need. It is read to its end (up to 16 MB)
 * rather than only cancelled: wrangler's local proxy loses the connection, and
 * with it other clients' requests, when a Worker answers with an upload unread.
 */
export async function discardBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  try {
    await drain(request.body.getReader(), 0);
  } catch {
    // Locked or already failed: nothing left to drop.
  }
}

/** Reads the rest of an upload and throws it away (up to DRAIN_BYTES in all, then cancels). */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, read: number): Promise<void> {
  while (read <= DRAIN_BYTES) {
    const { done, value } = await reader.read();
    if (done) return;
    read += value.byteLength;
  }
  await reader.cancel();
}

/** Whether the path is the JSON API's (its refusals are JSON). */
export function isApiPath(pathname: string): boolean {
  return API_SPACE.test(pathname);
}

/**
 * The request to serve, or null when its body is past its path's limit (`bodyLimitOf`; the
 * upload then read to its end and dropped: the caller answers 413). A body with
 * a Content-Length is judged by it. One without (chunked) is read here, up to the
 * limit, and goes on from memory: cutting it off at the limit while a route reads
 * it would answer before the upload ends, which wrangler's local proxy turns into
 * a lost connection (a 500), and a route that answers without reading it (401,
 * 404) would refuse it with anything but 413.
 */
export async function withinBodyLimit(request: Request): Promise<Request | null> {
  const limit = bodyLimitOf(new URL(request.url).pathname);
  const length = request.headers.get("Content-Length");
  if (Number(length ?? 0) > limit) {
    await discardBody(request);
    return null;
  }
  if (!request.body || length !== null) return request;
  const reader = request.body.getReader();
  const pieces: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await drain(reader, size);
        return null;
      }
      pieces.push(value);
    }
  } catch {
    // The client broke off its upload: the route finds a body it cannot read (400), as it would have.
    return new Request(request, { body: new ReadableStream({ start: (c) => c.error(new Error("upload broken off")) }) });
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    body.set(piece, at);
    at += piece.byteLength;
  }
  return new Request(request, { body });
}

/** The JSON API's refusal of a method or an unknown operation, in the language of `?lang=` (else the default). */
export function apiRefusal(check: { status: 404 | 405 | 413; allow?: string }, url: URL, defaultLang: Lang): Response {
  const lang = langOfUrl(url, defaultLang);
  const t = createT(lang, texts(lang, ["server"]));
  const message =
    check.status === 413 && PHOTO_UPLOAD.test(url.pathname)
      ? t("server:api.photoTooLarge", { mb: MAX_PHOTO_BYTES / 1024 / 1024 })
      : t({ 404: "server:api.unknownOperation", 405: "server:api.methodNotAllowed", 413: "server:api.tooLarge" }[check.status]);
  return Response.json({ success: false, message }, { status: check.status, headers: check.allow ? { Allow: check.allow } : {} });
}

/**
 * The spec's JSON login posts to the login page (`POST /login?return_url=checkout`,
 * asking for JSON): it goes to the JSON operation `/auth/login-by-password` in the page's language.
 */
export function jsonLoginRequest(request: Request, url: URL): Request | null {
  const page = /^\/(?:(uz|ru|uk)\/)?login\/?$/.exec(url.pathname);
  if (!page || request.method !== "POST" || !(request.headers.get("Accept") ?? "").includes("application/json")) return null;
  const target = new URL(`/auth/login-by-password${url.search}`, url);
  if (page[1] && !target.searchParams.has("lang")) target.searchParams.set("lang", page[1]);
  return new Request(target, request);
}
