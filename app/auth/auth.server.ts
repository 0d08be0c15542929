import type { TFunction } from "~/i18n/translate";
import { type RouterContextProvider, redirect } from "react-router";
import { normalizePhone } from "~/forms/phone";
import { apiError } from "~/server/api.server";
import { getApp } from "~/server/context.server";
import { guestMergeOf } from "~/server/guest-merge.server";
import { getLang, getSession, getUserId } from "~/server/request.server";
import { endSession, guestKeyOf, startSession } from "~/server/session.server";
import { createEmailUser } from "~/users/index.server";
import { hashPassword, verifyPassword } from "./password.server";
import { safeReturnUrl } from "~/i18n/return-url";

export type User = { id: number; email: string | null; phone: string | null; firstName: string; lastName: string; emailConfirmed: number };

const USER_COLUMNS = "id, email, phone, first_name AS firstName, last_name AS lastName, email_confirmed_at IS NOT NULL AS emailConfirmed";

export async function getUser(db: D1Database, id: number): Promise<User | null> {
  return db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`).bind(id).first<User>();
}

/** Creates an account; null when the e-mail is taken (the UNIQUE index decides, not a prior read). */
export async function createAccount(db: D1Database, input: { firstName: string; email: string; password: string }): Promise<number | null> {
  return createEmailUser(db, { email: input.email, passwordHash: await hashPassword(input.password), firstName: input.firstName });
}

/**
 * The account for an e-mail or phone and password, or null. The same answer
 * and the same work whether the account is missing or the password wrong.
 */
export async function verifyLogin(db: D1Database, login: string, password: string): Promise<number | null> {
  const phone = login.includes("@") ? null : normalizePhone(login);
  const row = await db
    .prepare("SELECT id, password_hash AS hash FROM users WHERE email = ? OR phone = ? LIMIT 1")
    .bind(login.toLowerCase(), phone ?? "")
    .first<{ id: number; hash: string | null }>();
  const ok = await verifyPassword(password, row?.hash ?? null);
  return ok && row ? row.id : null;
}

/**
 * Loaders of the sign-in pages (login, sign-up, SMS login), which are for guests: a signed-in
 * shopper goes on to the page's `return_url` (checked), a guest gets it back ("" when none).
 */
export async function guestReturnUrl(context: Readonly<RouterContextProvider>): Promise<string> {
  const { request, defaultLang } = getApp(context);
  const returnUrl = new URL(request.url).searchParams.get("return_url") ?? "";
  if (await getUserId(context)) throw redirect(safeReturnUrl(returnUrl, getLang(context), defaultLang));
  return returnUrl;
}

/** Loaders and actions of account pages: guests go to login and come back. */
export async function requireUserId(context: Readonly<RouterContextProvider>, loginPath: string): Promise<number> {
  const id = await getUserId(context);
  if (id) return id;
  const url = new URL(getApp(context).request.url);
  throw redirect(`${loginPath}?return_url=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * Signs in: the old session is destroyed and a new id issued (no session
 * fixation). What a guest kept joins the account first, in one batch: each
 * owner's statements as the root composed them (`GuestMerge`: the cart with its
 * draft, favourites, brands, searches, orders). The new session is saved, and its
 * cookie sent, with the answer (`sessionMiddleware`).
 */
export async function beginUserSession(context: Readonly<RouterContextProvider>, userId: number): Promise<void> {
  const { env, request } = getApp(context);
  const guestKey = guestKeyOf(await getSession(context));
  // Merge first: if it fails, the guest session (and what its key owns) is still there to retry with.
  if (guestKey) await env.DB.batch(guestMergeOf(context)(env.DB, userId, guestKey));
  await endSession(env, request);
  startSession(request).set("userId", userId);
}

/** Signs in and goes on (303) to `redirectTo`. */
export async function startUserSession(context: Readonly<RouterContextProvider>, userId: number, redirectTo: string): Promise<Response> {
  await beginUserSession(context, userId);
  return redirect(redirectTo, { status: 303 });
}

/** Logs out: the session row is deleted on the server, not only the cookie (a cookie that names no session goes too). */
export async function endUserSession(context: Readonly<RouterContextProvider>, redirectTo: string): Promise<Response> {
  const { env, request } = getApp(context);
  await endSession(env, request);
  return redirect(redirectTo, { status: 303 });
}

/** The signed-in shopper of an API call, or a 401 JSON answer (no redirect for API clients). */
export async function requireApiUser(context: Readonly<RouterContextProvider>, t: TFunction): Promise<number> {
  const id = await getUserId(context);
  if (!id) apiError(401, t("account:api.unauthorized"));
  return id;
}
