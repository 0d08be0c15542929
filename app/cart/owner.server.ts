import type { RouterContextProvider, Session } from "react-router";
import { type AppContext, getApp } from "~/server/context.server";
import { clientAddress, hit, type Limited, limitedFor } from "~/server/rate-limit.server";
import {
  ensureGuestKey,
  guestKeyOf,
  type OwnerRef,
  ownerAsRead,
  readSession,
  sessionIdOf,
  startSession,
  type FlashData,
  type SessionData,
} from "~/server/session.server";
import type { Lang } from "~/i18n/languages";
import { type CartOwner, type CartView, findCartId, getCartView } from "./cart.server";
import { cartFor } from "./lines.server";

export type Shopper = { session: Session<SessionData, FlashData> | null; owner: CartOwner };

/** Who is asking: the session (if the request has one) and whose cart it names. */
export async function shopperOf(env: Env, request: Request): Promise<Shopper> {
  const session = await readSession(env, request);
  const userId = session?.get("userId") ?? null;
  return { session, owner: { userId, guestKey: guestKeyOf(session) } };
}

/** What a request has resolved about its shopper, once: the root's loader, the page's and an action share it. */
const resolved = new WeakMap<AppContext, { shopper?: Promise<Shopper>; current?: Shopper; cartId?: Promise<number | null> }>();
const resolvedOf = (app: AppContext) => {
  let r = resolved.get(app);
  if (!r) resolved.set(app, (r = {}));
  return r;
};

/** The request's shopper (its session, if it has one, and whose rows it owns), resolved once per request. */
export function getShopper(context: Readonly<RouterContextProvider>): Promise<Shopper> {
  const app = getApp(context);
  const r = resolvedOf(app);
  return (r.shopper ??= shopperOf(app.env, app.request).then((shopper) => (r.current = shopper)));
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
  const current = resolvedOf(app).current;
  if (current && !unchanged(current)) {
    // As the session holds it now (a write may have given it a guest key without telling the shopper).
    const session = current.session;
    const owner = session ? { userId: session.get("userId") ?? null, guestKey: guestKeyOf(session) } : null;
    return owner && (owner.userId !== null || owner.guestKey !== null) ? owner : null;
  }
  const sessionId = await sessionIdOf(app.env, app.request);
  return sessionId === null ? null : { sessionId };
}

/** The request's cart id (null: none yet), looked up once per request; a write that makes the cart sets it. */
export function getCartId(context: Readonly<RouterContextProvider>): Promise<number | null> {
  const app = getApp(context);
  const r = resolvedOf(app);
  return (r.cartId ??= getOwnerRef(context).then((owner) => (owner === null ? null : findCartId(app.env.DB, owner))));
}

/**
 * The request's cart as its pages show it: found by the session's id with the page's first reads
 * (one round trip with the session's own), or by the cart's id once the request knows it.
 */
export async function getRequestCartView(context: Readonly<RouterContextProvider>, lang: Lang): Promise<CartView> {
  const app = getApp(context);
  const r = resolvedOf(app);
  if (r.cartId) return getCartView(app.env, lang, await r.cartId);
  const view = await getCartView(app.env, lang, await getOwnerRef(context));
  r.cartId ??= Promise.resolve(view.cartId);
  return view;
}

/** The cart a write made or found: the request's cart id from now on. */
export function rememberCartId(context: Readonly<RouterContextProvider>, cartId: number): void {
  resolvedOf(getApp(context)).cartId = Promise.resolve(cartId);
}

/** New guest carts (and their sessions) per client address per 10 minutes: generous for carrier NAT, a brake on scripts. */
export const NEW_GUEST_CARTS = 120;

/**
 * The shopper's cart, created on the first write. A guest's cart is found by the
 * session's guest key (the session and the key made now if there were none; the
 * session is saved with the answer, `sessionMiddleware`).
 * Limited: too many new guest carts from this address.
 */
export async function cartForWrite(env: Env, request: Request, shopper: Shopper, existing: number | null): Promise<{ cartId: number } | Limited> {
  if (existing !== null) return { cartId: existing };
  if (shopper.owner.userId !== null) return { cartId: await cartFor(env.DB, shopper.owner.userId) };
  const limit = await hit(env.DB, `cart-new:ip:${clientAddress(request)}`, NEW_GUEST_CARTS, 600);
  if (!limit.allowed) return limitedFor(limit);
  const session = shopper.session ?? startSession(request);
  const guestKey = ensureGuestKey(session);
  const cartId = await cartFor(env.DB, null, guestKey);
  shopper.session = session;
  shopper.owner = { userId: null, guestKey };
  return { cartId };
}

/**
 * A session for a guest's write that needs one (favourites), made only within
 * the same per-address allowance as new guest carts: a script cannot fill the
 * sessions table.
 */
export async function guestSessionForWrite(env: Env, request: Request, shopper: Shopper): Promise<Session<SessionData, FlashData> | Limited> {
  if (shopper.session) return shopper.session;
  const limit = await hit(env.DB, `session-new:ip:${clientAddress(request)}`, NEW_GUEST_CARTS, 600);
  if (!limit.allowed) return limitedFor(limit);
  shopper.session = startSession(request);
  return shopper.session;
}
