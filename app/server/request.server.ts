import { createContext, data, type MiddlewareFunction, type RouterContextProvider, type Session } from "react-router";
import { isLang, type Lang } from "~/i18n/languages";
import { langContext } from "~/i18n/translator.server";
import { langOfUrl } from "~/i18n/url";
import { type AppContext, getApp } from "./context.server";
import { clientAddress, hit, type Limited, limitedFor } from "./rate-limit.server";
import { type FlashData, guestKeyOf, type OwnerRef, ownerAsRead, readSession, type SessionData, sessionIdOf, startSession } from "./session.server";

/**
 * Who is asking, and in which language: the request's door. The root middleware resolves the
 * language once; the session, the shopper and the cart id are looked up once, when first asked.
 * Routes, features and the layout read them only here (the boundaries test holds that).
 */

export type ShopperSession = Session<SessionData, FlashData>;
/** Whose rows the shopper's are: an account, else a guest's key (both null: nobody's yet). */
export type Owner = { userId: number | null; guestKey: string | null };
/** The request's session (if it has one) and whose rows it owns; a write may give it both (`guestSessionForWrite`). */
export type Shopper = { session: ShopperSession | null; owner: Owner };

/** How the request's cart is found by its owner: the cart's, given to the request by the root (app/server imports no feature). */
export type CartLookup = (db: D1Database, owner: OwnerRef) => Promise<number | null>;
export const cartLookupContext = createContext<CartLookup>();

type Resolved = {
  /** An unknown or redundant language prefix: the page is a 404 (its error page in the default language). */
  refused: boolean;
  /** An API call's `?lang=` that names no language (most calls answer in the default; some refuse it). */
  unsupported: string | null;
  shopper?: Promise<Shopper>;
  current?: Shopper;
  cartId?: Promise<number | null>;
};
const resolvedContext = createContext<Resolved>();

/**
 * The request's language. A page (`:lang?` routes) is in its prefix's language, the default without
 * one; an unknown prefix, or the default's own, is a 404 (the Worker entry has redirected /uz and /ua).
 * A form or JSON post to a page without a prefix may name its messages' language with `?lang=`,
 * as every other call (the JSON API, the console) does. Unmatched URLs take their prefix's.
 */
const PAGE_PATTERN = /^\/?:lang\?(\/|$)/;

export const requestMiddleware: MiddlewareFunction<Response> = ({ request, params, context, pattern }, next) => {
  const { defaultLang } = getApp(context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("lang");
  const resolved: Resolved = { refused: false, unsupported: null };
  let lang: Lang;
  // The router's pattern of the matched routes ("/:lang?/cart", or ":lang?/cart" as it joins them).
  if (PAGE_PATTERN.test(pattern)) {
    if (params.lang === undefined) lang = request.method !== "GET" && request.method !== "HEAD" && isLang(asked) ? asked : defaultLang;
    else if (isLang(params.lang) && params.lang !== defaultLang) lang = params.lang;
    else [lang, resolved.refused] = [defaultLang, true];
  } else {
    lang = langOfUrl(url, defaultLang);
    if (asked !== null && !isLang(asked)) resolved.unsupported = asked;
  }
  context.set(langContext, lang);
  context.set(resolvedContext, resolved);
  return next();
};

/** The request's language; an unknown language prefix answers 404 here, so a page needs no check of its own. */
export function getLang(context: Readonly<RouterContextProvider>): Lang {
  if (context.get(resolvedContext).refused) throw data(null, { status: 404 });
  return context.get(langContext);
}

/** The language the layout and error pages render in: never refuses (a 404's page needs one too). */
export function layoutLang(context: Readonly<RouterContextProvider>): Lang {
  return context.get(langContext);
}

/** An API call's `?lang=` that names no language (null: none, or a supported one), for the calls that refuse it. */
export function unsupportedLang(context: Readonly<RouterContextProvider>): string | null {
  return context.get(resolvedContext).unsupported;
}

/** The request's session: one it made, else the one its cookie names, read once (null: none). */
export function getSession(context: Readonly<RouterContextProvider>): Promise<ShopperSession | null> {
  const { env, request } = getApp(context);
  return readSession(env, request);
}

/** The signed-in shopper's id, or null for guests. */
export async function getUserId(context: Readonly<RouterContextProvider>): Promise<number | null> {
  return (await getSession(context))?.get("userId") ?? null;
}

async function shopperOf(app: AppContext): Promise<Shopper> {
  const session = await readSession(app.env, app.request);
  return { session, owner: { userId: session?.get("userId") ?? null, guestKey: guestKeyOf(session) } };
}

/** The request's shopper (its session, if it has one, and whose rows it owns), resolved once per request. */
export function getShopper(context: Readonly<RouterContextProvider>): Promise<Shopper> {
  const r = context.get(resolvedContext);
  return (r.shopper ??= shopperOf(getApp(context)).then((shopper) => (r.current = shopper)));
}

/** Whether the shopper still owns what the request's session named when it was read (no action of the request changed it). */
function unchanged(shopper: Shopper): boolean {
  if (!shopper.session) return shopper.owner.userId === null && shopper.owner.guestKey === null;
  const read = ownerAsRead(shopper.session);
  const now = { userId: shopper.session.get("userId") ?? null, guestKey: guestKeyOf(shopper.session) };
  return read !== null && [now, shopper.owner].every((o) => o.userId === read.userId && o.guestKey === read.guestKey);
}

/**
 * Whose rows the request's reads name (null: no session, so nothing: an anonymous page reads none).
 * The request's session by its id, so the reads join the session's own read in the first round
 * trip; once an action of the request has changed who the shopper is (made the session, a
 * guest's first key), the shopper as the action left it. Nothing can change it before the
 * shopper is resolved: every change goes through the resolved shopper.
 */
export async function getOwnerRef(context: Readonly<RouterContextProvider>): Promise<OwnerRef | null> {
  const app = getApp(context);
  const current = context.get(resolvedContext).current;
  if (current && !unchanged(current)) {
    // As the session holds it now (a write may have given it a guest key without telling the shopper).
    const session = current.session;
    const owner = session ? { userId: session.get("userId") ?? null, guestKey: guestKeyOf(session) } : null;
    return owner && (owner.userId !== null || owner.guestKey !== null) ? owner : null;
  }
  const sessionId = await sessionIdOf(app.env, app.request);
  return sessionId === null ? null : { sessionId };
}

/** The request's cart id (null: none yet), looked up once per request; a write that makes the cart sets it (`rememberCartId`). */
export function getCartId(context: Readonly<RouterContextProvider>): Promise<number | null> {
  const r = context.get(resolvedContext);
  const lookup = context.get(cartLookupContext);
  return (r.cartId ??= getOwnerRef(context).then((owner) => (owner === null ? null : lookup(getApp(context).env.DB, owner))));
}

/** Whether the request already knows its cart id (a page may then read the cart by it instead of by the session). */
export function knownCartId(context: Readonly<RouterContextProvider>): Promise<number | null> | undefined {
  return context.get(resolvedContext).cartId;
}

/** The cart a write made or found, or a page read: the request's cart id from now on. */
export function rememberCartId(context: Readonly<RouterContextProvider>, cartId: number | null): void {
  context.get(resolvedContext).cartId = Promise.resolve(cartId);
}

/** New guest sessions (with their carts) per client address per 10 minutes: generous for carrier NAT, a brake on scripts. */
export const NEW_GUEST_SESSIONS = 120;

/**
 * A session for a guest's write that needs one (favourites, a cart, a search history), made only
 * within a per-address allowance: a script cannot fill the sessions table. It is saved with the
 * answer (`sessionMiddleware`). Limited: too many new sessions from this address.
 */
export async function guestSessionForWrite(context: Readonly<RouterContextProvider>, shopper: Shopper): Promise<ShopperSession | Limited> {
  if (shopper.session) return shopper.session;
  const { env, request } = getApp(context);
  const limit = await hit(env.DB, `session-new:ip:${clientAddress(request)}`, NEW_GUEST_SESSIONS, 600);
  if (!limit.allowed) return limitedFor(limit);
  shopper.session = startSession(request);
  return shopper.session;
}
