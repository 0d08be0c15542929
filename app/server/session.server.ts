import { createCookie, createSession, createSessionStorage, type MiddlewareFunction, type Session } from "react-router";
import { type AppContext, getApp } from "./context.server";
import { isD1Outage } from "./d1-faults.server";

/** What a session may keep. Later features add their keys here. */
export type SessionData = {
  /** The signed-in shopper. */
  userId?: number;
  /**
   * A guest's key: their cart, favourites, followed brands and orders are the rows
   * carrying it. Random (128 bits) and never reused, unlike a row id; made on a
   * guest's first write, dropped at sign-in (what it owned joins the account).
   */
  guestKey?: string;
  /** A new phone awaiting its SMS code (the JSON phone-change calls). */
  pendingPhone?: string;
  /** The day (since 1970) the session was last written: an unchanged session is written again once a day, so it lasts 30 days from the last visit. */
  day?: number;
};
/** Nothing: the one-time message after a redirect is a cookie of its own (`setFlash`), not session data. */
export type FlashData = Record<string, never>;

export const SESSION_DAYS = 30;

/**
 * Sessions live in D1; the cookie holds only the signed session id. A session
 * row and cookie exist only once something is stored (`sessionMiddleware` saves
 * what a request changed), so anonymous pages carry no Set-Cookie and can be
 * cached.
 */
function sessionCookie(env: Env, request: Request) {
  return signedCookie(env, request, "__session", SESSION_DAYS * 24 * 3600);
}

/** The shop's own cookies: signed with SESSION_SECRET (the first value signs, all verify), HttpOnly, SameSite=Lax, Secure on https. */
function signedCookie(env: Env, request: Request, name: string, maxAge: number) {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is not configured");
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    path: "/",
    maxAge,
    secrets: env.SESSION_SECRET.split(","),
  });
}

/** A live session's stored data by its id (null: no such session, or it expired). */
const LIVE = "(expires_at IS NULL OR expires_at > unixepoch())";
async function readSessionData(db: D1Database, id: string): Promise<SessionData | null> {
  const row = await db.prepare(`SELECT data FROM sessions WHERE id = ? AND ${LIVE}`).bind(id).first<{ data: string }>();
  return row ? (JSON.parse(row.data) as SessionData) : null;
}

export function sessionStorage(env: Env, request: Request) {
  const cookie = sessionCookie(env, request);
  const db = env.DB;
  return createSessionStorage<SessionData, FlashData>({
    cookie,
    async createData(data, expires) {
      const id = crypto.randomUUID();
      await db
        .prepare("INSERT INTO sessions (id, data, expires_at, user_id) VALUES (?, ?, ?, ?)")
        .bind(id, JSON.stringify(data), expires ? Math.floor(expires.getTime() / 1000) : null, data.userId ?? null)
        .run();
      return id;
    },
    readData: (id) => readSessionData(db, id),
    async updateData(id, data, expires) {
      const binds = [id, JSON.stringify(data), expires ? Math.floor(expires.getTime() / 1000) : null, data.userId ?? null];
      // A signed-in session ended meanwhile (logout, a password reset elsewhere) stays ended. A
      // guest's is written again under its id: its cookie outlived the row (an account's session
      // ended while the device went on as a guest), and what the guest just did (a cart, a
      // favourite under a new key) would otherwise belong to no session.
      const updated = await db
        .prepare("UPDATE sessions SET data = ?2, expires_at = ?3, user_id = ?4 WHERE id = ?1")
        .bind(...binds)
        .run();
      if (updated.meta.changes === 0 && data.userId === undefined)
        await db
          .prepare("INSERT OR IGNORE INTO sessions (id, data, expires_at, user_id) VALUES (?1, ?2, ?3, ?4)")
          .bind(...binds)
          .run();
    },
    async deleteData(id) {
      await db.prepare("DELETE FROM sessions WHERE id = ?").bind(id).run();
    },
  });
}

/** A Set-Cookie that drops the session cookie (one whose signature no secret checks any more, say). */
export function clearedSessionCookie(env: Env, request: Request): Promise<string> {
  return sessionCookie(env, request).serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Every session of an account ends (a password reset), for the caller's batch. */
export function endSessionsStatement(db: D1Database, userId: number): D1PreparedStatement {
  return db.prepare("DELETE FROM sessions WHERE user_id = ?").bind(userId);
}

/**
 * The guest keys that live sessions hold, as a subquery: what a guest owns
 * (carts, favourites) is theirs while a session names its key.
 */
export const LIVE_GUEST_KEYS = "SELECT json_extract(data, '$.guestKey') FROM sessions WHERE json_extract(data, '$.guestKey') IS NOT NULL";

/** Daily clean-up: sessions past their expiry. Returns how many went. */
export async function purgeExpiredSessions(db: D1Database, now: number): Promise<number> {
  const r = await db.prepare("DELETE FROM sessions WHERE expires_at IS NOT NULL AND expires_at < ?1").bind(now).run();
  return r.meta.changes;
}

/** A guest session's key, or null (a signed-in shopper's rows are found by the account). */
export function guestKeyOf(session: Session<SessionData, FlashData> | null): string | null {
  if (!session || session.get("userId")) return null;
  return session.get("guestKey") ?? null;
}

/** The session's guest key, made now if it has none (the caller commits the session). */
export function ensureGuestKey(session: Session<SessionData, FlashData>): string {
  let key = session.get("guestKey");
  if (!key) {
    key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    session.set("guestKey", key);
  }
  return key;
}

/**
 * What a request knows of its session, kept once per request: the cookie's id, the session as
 * read, and what the request's actions made of it (a new session, or the old one ended). The
 * router's request and the entry's share one (`sessionMiddleware`).
 */
type SessionSlot = {
  id?: Promise<string | null>;
  read?: Promise<Session<SessionData, FlashData> | null>;
  /** A session made by the request (a guest's first write, a sign-in): it is the request's from then on. */
  made?: Session<SessionData, FlashData>;
  /** The session the request came with was ended (sign-out, sign-in): its cookie is dropped unless a new one is made. */
  ended?: boolean;
  /** A flash for the next page (`setFlash`). */
  flash?: unknown;
  /** The request's own flash was read (`takeFlash`): it is dropped. */
  flashTaken?: boolean;
};
const slots = new WeakMap<Request, SessionSlot>();
function slotOf(request: Request): SessionSlot {
  let slot = slots.get(request);
  if (!slot) slots.set(request, (slot = {}));
  return slot;
}

/**
 * The session id the request's cookie carries, its signature checked (null: no cookie, or a
 * forged or outdated one). No D1: statements keyed by it (`ownerSql`) go out in the same round
 * trip as the session's own read. Once per request.
 */
export function sessionIdOf(env: Env, request: Request): Promise<string | null> {
  const slot = slotOf(request);
  if (!slot.id) {
    const header = request.headers.get("Cookie");
    slot.id = header?.includes("__session=")
      ? sessionCookie(env, request)
          .parse(header)
          .then((value: unknown) => (typeof value === "string" && value ? value : null))
      : Promise.resolve(null);
  }
  return slot.id;
}

/** The request's session: one it made, else the one its cookie names, read from D1 once (null: none). */
export function readSession(env: Env, request: Request): Promise<Session<SessionData, FlashData> | null> {
  const slot = slotOf(request);
  if (slot.made) return Promise.resolve(slot.made);
  if (slot.ended) return Promise.resolve(null);
  // As the session storage's getSession: an id whose row is gone or expired is a session with no data.
  // Broken session data (a cookie or a stored row that does not parse) is no session, for every reader alike;
  // a database that did not answer is not (a signed-in shopper is never shown as a guest: the entry answers 503).
  slot.read ??= sessionIdOf(env, request)
    .then(async (id) => {
      if (id === null) return null;
      const read = createSession<SessionData, FlashData>((await readSessionData(env.DB, id)) ?? {}, id);
      asRead.set(read, JSON.stringify(read.data));
      return read;
    })
    .catch((error: unknown) => {
      if (isD1Outage(error)) throw error;
      return null;
    });
  return slot.read;
}

/**
 * A new session for the request (nothing is written yet): a guest's first write that needs one,
 * or a sign-in after `endSession`. `sessionMiddleware` saves it and sends its cookie.
 */
export function startSession(request: Request): Session<SessionData, FlashData> {
  const slot = slotOf(request);
  slot.made = createSession<SessionData, FlashData>();
  return slot.made;
}

/** Ends the request's session now (its row deleted); its cookie is dropped with the answer. */
export async function endSession(env: Env, request: Request): Promise<void> {
  const slot = slotOf(request);
  const session = slot.made ?? (await readSession(env, request));
  if (session?.id) await env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(session.id).run();
  slot.made = undefined;
  slot.ended = true;
}

/**
 * The Set-Cookie the answer carries for the request's session, once it is written to D1: a
 * session made by the request, or one whose data changed; a cookie dropped for a session that
 * ended. Null: nothing to send. A write (not a page) also keeps an unchanged session alive for
 * another 30 days once a day: that is written after the answer (`waitUntil`), as nothing the
 * next request reads depends on it. A page view writes nothing that did not change.
 */
async function sessionCookieOfAnswer(app: AppContext): Promise<string | null> {
  const { env, request } = app;
  const slot = slotOf(request);
  const session = slot.made ?? (slot.ended ? null : slot.read ? await slot.read.catch(() => null) : null);
  if (session) {
    const change = sessionChange(session);
    if (change === "none" || (change === "day" && (request.method === "GET" || request.method === "HEAD"))) return null;
    const storage = sessionStorage(env, request);
    if (change === "data" || !session.id) return storage.commitSession(session);
    const written = storage.commitSession(session);
    app.ctx.waitUntil(written.catch((error: unknown) => console.error("session day not written", error)));
    return sessionCookie(env, request).serialize(session.id);
  }
  // Ended (a cookie that named no session, signed with a retired secret say, goes too).
  return slot.ended && request.headers.get("Cookie")?.includes("__session=") ? clearedSessionCookie(env, request) : null;
}

/**
 * The session is saved once, after the route answered: loaders and actions change the request's
 * session object (`readSession`, `startSession`, `endSession`) and never write it themselves.
 * The router's request shares the entry's slot, so a route reading by either finds one session.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const app = getApp(context);
  if (request !== app.request) slots.set(request, slotOf(app.request));
  const answer = await next();
  const cookies = [await sessionCookieOfAnswer(app), await flashCookieOfAnswer(app)].filter((c) => c !== null);
  if (cookies.length === 0) return answer;
  const response = new Response(answer.body, answer);
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
};

/**
 * Whose rows a statement reads. The owner's own values (an account, else a guest's key), or only
 * a session's id (its signed cookie): then the statement finds the owner in the session's row
 * itself, so it goes to D1 together with the session's read instead of after it.
 */
export type OwnerRef = { userId: number | null; guestKey: string | null } | { sessionId: string };

const VALID_DATA = "(CASE WHEN json_valid(data) THEN data END)";

/**
 * SQL for the owner's account id and guest key, bound as ?1 and ?2 (a statement numbers its own
 * parameters from ?3): either is NULL when the owner is not one (a guest's key only counts
 * without an account, as `guestKeyOf`), and `x = NULL` matches no row.
 */
export function ownerSql(ref: OwnerRef): { userId: string; guestKey: string; binds: [number | string | null, string | null] } {
  if ("sessionId" in ref)
    return {
      // From the data, as `readSession` reads it (the user_id column serves ending an account's
      // sessions); data that does not parse is no session, as there.
      userId: `(SELECT json_extract(${VALID_DATA}, '$.userId') FROM sessions WHERE id = ?1 AND ${LIVE})`,
      guestKey: `(SELECT json_extract(${VALID_DATA}, '$.guestKey') FROM sessions WHERE id = ?2 AND json_extract(${VALID_DATA}, '$.userId') IS NULL AND ${LIVE})`,
      binds: [ref.sessionId, ref.sessionId],
    };
  return { userId: "?1", guestKey: "?2", binds: [ref.userId, ref.userId === null ? ref.guestKey : null] };
}

/** Each session's data as it was read from D1. */
const asRead = new WeakMap<Session<SessionData, FlashData>, string>();

/**
 * The owner a session named when it was read from D1 (as `guestKeyOf` reads it), or null for a
 * session made during the request: what a shopper is compared with to know that no action of
 * the request has changed whose rows are theirs.
 */
export function ownerAsRead(session: Session<SessionData, FlashData>): { userId: number | null; guestKey: string | null } | null {
  const read = asRead.get(session);
  if (read === undefined) return null;
  const data = JSON.parse(read) as SessionData;
  return { userId: data.userId ?? null, guestKey: data.userId ? null : (data.guestKey ?? null) };
}

/**
 * What a session needs written (and its cookie sent again): "data" when it is new or something
 * in it changed since it was read, "day" when only the day it was last written did (an unchanged
 * session is written again once a day, so it lasts 30 days from the last visit), else "none".
 */
function sessionChange(session: Session<SessionData, FlashData>, now = Date.now()): "none" | "day" | "data" {
  const today = Math.floor(now / 86_400_000);
  const before = asRead.get(session);
  const sameData = before !== undefined && before === JSON.stringify(session.data);
  if (sameData && session.get("day") === today) return "none";
  session.set("day", today);
  if (!sameData) return "data";
  const read = JSON.parse(before) as SessionData;
  read.day = today;
  return JSON.stringify(read) === JSON.stringify(session.data) ? "day" : "data";
}

/**
 * The one-time message after a redirect (no JavaScript: the cart's popup after an add) is a
 * signed cookie of its own, a minute long, not session data: writing it costs no D1 round trip
 * on the action, nor taking it on the next page, and a guest needs no session for it.
 */
const FLASH_SECONDS = 60;
/** A cookie is at most 4096 bytes with its name and attributes; a flash that would not fit is not sent. */
const FLASH_MAX_BYTES = 3800;
const flashCookie = (env: Env, request: Request) => signedCookie(env, request, "__flash", FLASH_SECONDS);

/** Shown once on the next page: the layout passes it on as it is; the feature that wrote it narrows it. */
export function setFlash(request: Request, value: unknown): void {
  slotOf(request).flash = value;
}

/** The flash the last answer set, read once (null: none, or a cookie not signed by the shop). */
export async function takeFlash(env: Env, request: Request): Promise<unknown> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__flash=")) return null;
  slotOf(request).flashTaken = true;
  return (
    (await flashCookie(env, request)
      .parse(header)
      .catch(() => null)) ?? null
  );
}

async function flashCookieOfAnswer(app: AppContext): Promise<string | null> {
  const { env, request } = app;
  const slot = slotOf(request);
  const cookie = flashCookie(env, request);
  if (slot.flash !== undefined) {
    const set = await cookie.serialize(slot.flash);
    if (set.length <= FLASH_MAX_BYTES) return set;
    console.warn("flash too large for its cookie: not sent", set.length);
  }
  return slot.flashTaken ? cookie.serialize("", { maxAge: 0, expires: new Date(0) }) : null;
}
