import { SESSION_DAYS } from "./session.server";

/**
 * Which copy of the database a request may read (D1's Sessions API, read replicas).
 *
 * An anonymous read may come from any replica (`first-unconstrained`): a catalogue a few
 * seconds old is the same catalogue. A shopper with a session reads at least what they last
 * wrote: the bookmark D1 gave their last write travels in a cookie, and D1 answers from a
 * copy that has caught up with it. Writes, and the pages that show what someone else wrote
 * for the shopper (an order's payment confirmed by the provider's callback), start at the
 * primary. docs/decisions/104-read-replicas.md says why this way.
 */
export const BOOKMARK_COOKIE = "__d1b";

/** D1's bookmarks are hex groups joined by dashes; anything else is ignored, never passed on. */
const BOOKMARK = /^[0-9a-z-]{1,160}$/i;
/** As long as the session: an old bookmark lets any replica answer; without one a shopper reads the primary. */
const BOOKMARK_SECONDS = SESSION_DAYS * 24 * 3600;

const READS = new Set(["GET", "HEAD"]);
/** Pages whose rows another party writes for the shopper (the payment provider, the shop). */
const FROM_PRIMARY = /^\/(?:(?:uz|ru|uk)\/)?(?:checkout\/done|account\/orders|api\/orders)(?:[/.]|$)/;

function cookieValue(request: Request, name: string): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return null;
}

const hasSessionCookie = (request: Request) => cookieValue(request, "__session") !== null;

/** Where the request's first query may go: see the module's comment. */
export function sessionConstraint(request: Request): string {
  if (!READS.has(request.method) || FROM_PRIMARY.test(new URL(request.url).pathname)) return "first-primary";
  if (!hasSessionCookie(request)) return "first-unconstrained";
  const bookmark = cookieValue(request, BOOKMARK_COOKIE);
  return bookmark && BOOKMARK.test(bookmark) ? bookmark : "first-primary";
}

export type D1Route = {
  /** The request's database: every query of the request goes through the one session. */
  db: D1Database;
  /** Adds the shopper's new bookmark to the answer to a shopper's write. */
  remember(request: Request, response: Response): void;
};

/** A D1 session for the request; `db` without `withSession` (a test's stand-in) is used as it is. */
export function routeD1(db: D1Database, request: Request): D1Route {
  if (typeof db.withSession !== "function") return { db, remember() {} };
  const constraint = sessionConstraint(request);
  const session = db.withSession(constraint);
  return {
    // The session has D1's query methods (prepare, batch), which is all the shop calls.
    db: session as unknown as D1Database,
    remember(request, response) {
      const startsSession = response.headers
        .getSetCookie()
        .some((cookie) => cookie.startsWith("__session=") && !/max-age=0|expires=thu, 01 jan 1970/i.test(cookie));
      // A write (or a new session) moves the shopper's state on; a read leaves it as it was.
      if (!startsSession && (READS.has(request.method) || !hasSessionCookie(request))) return;
      const bookmark = session.getBookmark();
      if (!bookmark || bookmark === constraint || !BOOKMARK.test(bookmark)) return;
      const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
      response.headers.append("Set-Cookie", `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=${BOOKMARK_SECONDS}; HttpOnly; SameSite=Lax${secure}`);
    },
  };
}
