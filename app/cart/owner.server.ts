import type { RouterContextProvider } from "react-router";
import { getApp } from "~/server/context.server";
import { clientAddress, hit, type Limited, limitedFor } from "~/server/rate-limit.server";
import { getOwnerRef, knownCartId, NEW_GUEST_SESSIONS, rememberCartId, type Shopper } from "~/server/request.server";
import { ensureGuestKey, startSession } from "~/server/session.server";
import type { Lang } from "~/i18n/languages";
import { type CartView, getCartView } from "./cart.server";
import { cartFor } from "./lines.server";

/**
 * The request's cart as its pages show it: found by the session's id with the page's first reads
 * (one round trip with the session's own), or by the cart's id once the request knows it.
 */
export async function getRequestCartView(context: Readonly<RouterContextProvider>, lang: Lang): Promise<CartView> {
  const app = getApp(context);
  const known = knownCartId(context);
  if (known) return getCartView(app.env, lang, await known);
  const view = await getCartView(app.env, lang, await getOwnerRef(context));
  if (!knownCartId(context)) rememberCartId(context, view.cartId);
  return view;
}

/**
 * The shopper's cart, created on the first write. A guest's cart is found by the
 * session's guest key (the session and the key made now if there were none; the
 * session is saved with the answer, `sessionMiddleware`).
 * Limited: too many new guest carts from this address.
 */
export async function cartForWrite(env: Env, request: Request, shopper: Shopper, existing: number | null): Promise<{ cartId: number } | Limited> {
  if (existing !== null) return { cartId: existing };
  if (shopper.owner.userId !== null) return { cartId: await cartFor(env.DB, shopper.owner.userId) };
  const limit = await hit(env.DB, `cart-new:ip:${clientAddress(request)}`, NEW_GUEST_SESSIONS, 600);
  if (!limit.allowed) return limitedFor(limit);
  const session = shopper.session ?? startSession(request);
  const guestKey = ensureGuestKey(session);
  const cartId = await cartFor(env.DB, null, guestKey);
  shopper.session = session;
  shopper.owner = { userId: null, guestKey };
  return { cartId };
}
