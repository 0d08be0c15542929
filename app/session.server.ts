import { createCookie, createSessionStorage, type Session } from "react-router";

/** What a session may keep. Later features add their keys here. */
export type SessionData = {
  /** The signed-in shopper. */
  userId?: number;
  /** Product ids a guest marked as favourite. */
  favourites?: number[];
  /** A new phone awaiting its SMS code (the JSON phone-change calls). */
  pendingPhone?: string;
  /** Total quantity in the cart, kept for the header counters. */
  cartQuantity?: number;
};
export type FlashData = { flash: { kind: "success" | "error"; message: string } };

const SESSION_DAYS = 30;

/**
 * Sessions live in D1; the cookie holds only the signed session id. A session
 * row and cookie exist only once something is stored (commitSession is called
 * by the code that stores it), so anonymous pages carry no Set-Cookie and can
 * be cached.
 */
export function sessionStorage(env: Env, request: Request) {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is not configured");
  const cookie = createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    path: "/",
    maxAge: SESSION_DAYS * 24 * 3600,
    secrets: env.SESSION_SECRET.split(","),
  });
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
    async readData(id) {
      const row = await db
        .prepare("SELECT data FROM sessions WHERE id = ? AND (expires_at IS NULL OR expires_at > unixepoch())")
        .bind(id)
        .first<{ data: string }>();
      return row ? JSON.parse(row.data) : null;
    },
    async updateData(id, data, expires) {
      // UPDATE only: a session ended meanwhile (logout, password reset) stays ended.
      await db
        .prepare("UPDATE sessions SET data = ?2, expires_at = ?3, user_id = ?4 WHERE id = ?1")
        .bind(id, JSON.stringify(data), expires ? Math.floor(expires.getTime() / 1000) : null, data.userId ?? null)
        .run();
    },
    async deleteData(id) {
      await db.prepare("DELETE FROM sessions WHERE id = ?").bind(id).run();
    },
  });
}

/** The request's session, read from D1 only when the request carries a session cookie. */
export async function readSession(env: Env, request: Request): Promise<Session<SessionData, FlashData> | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__session=")) return null;
  return sessionStorage(env, request).getSession(header);
}

export type Counters = { cart: number; favourites: number };

/** Header counters; the favourites counter is clamped to 0..99 (spec §9). */
export function countersOf(session: Session<SessionData, FlashData> | null): Counters {
  const cart = Math.max(0, session?.get("cartQuantity") ?? 0);
  const favourites = Math.min(99, Math.max(0, session?.get("favourites")?.length ?? 0));
  return { cart, favourites };
}
