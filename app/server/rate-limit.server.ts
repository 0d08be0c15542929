/** A refusal by a rate limit: when to try again, in seconds (every 429 sends it as Retry-After). */
export type Limited = { limited: true; retryAfter: number };

/** The later of several limits' waits, as a refusal. */
export function limitedFor(...limits: { allowed: boolean; retryAfter: number }[]): Limited {
  return { limited: true, retryAfter: Math.max(...limits.filter((l) => !l.allowed).map((l) => l.retryAfter), 1) };
}

/**
 * Fixed-window rate limits in D1. One atomic statement per hit: the counter
 * restarts when a new window begins, so two parallel requests cannot both
 * read "under the limit".
 */
export async function hit(db: D1Database, key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfter: number }> {
  const counted = hitStatement(db, key, windowSeconds);
  const row = await counted.statement.first<{ count: number }>();
  const count = row?.count ?? 1;
  return { allowed: count <= limit, retryAfter: counted.retryAfter };
}

/**
 * A hit as a statement for the caller's batch, and `within`: an SQL condition (with its binds)
 * that holds when the count after the hit is within `limit`, for a later statement of the same
 * batch to depend on (a message written only within its limit, an order refused past it).
 */
export function hitStatement(
  db: D1Database,
  key: string,
  windowSeconds: number,
): { statement: D1PreparedStatement; retryAfter: number; within: (limit: number) => { sql: string; binds: unknown[] } } {
  const now = Math.floor(Date.now() / 1000);
  const windowStart = now - (now % windowSeconds);
  const statement = db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN window_start = ?2 THEN count + 1 ELSE 1 END,
         window_start = ?2
       RETURNING count`,
    )
    .bind(key, windowStart);
  return {
    statement,
    retryAfter: windowStart + windowSeconds - now,
    within: (limit) => ({ sql: "(SELECT count FROM rate_limits WHERE key = ? AND window_start = ?) <= ?", binds: [key, windowStart, limit] }),
  };
}

/**
 * Gives back one counted attempt of each key in the current window (an attempt
 * that turned out fine, like a correct password). Counting before and refunding
 * after keeps parallel attempts from slipping past a limit.
 */
export async function refund(db: D1Database, keys: string[], windowSeconds: number): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const windowStart = now - (now % windowSeconds);
  await db.batch(
    keys.map((key) => db.prepare("UPDATE rate_limits SET count = count - 1 WHERE key = ? AND window_start = ? AND count > 0").bind(key, windowStart)),
  );
}

/**
 * The client's address as Cloudflare reports it (local runs have none). IPv6
 * addresses count by their /64 network: one subscriber usually holds a whole /64.
 */
export function clientAddress(request: Request): string {
  const ip = request.headers.get("CF-Connecting-IP");
  if (!ip) return "local";
  if (!ip.includes(":")) return ip;
  const [head] = ip.split("::");
  const groups = (head ?? "").split(":").filter(Boolean);
  const full = ip.includes("::") ? [...groups, "0", "0", "0", "0"].slice(0, 4) : ip.split(":").slice(0, 4);
  return `${full.join(":")}::/64`;
}

/** SMS code sends: 3 per phone and 10 per address per 10 minutes (login and phone change alike). */
export async function smsSendLimit(db: D1Database, request: Request, phone: string): Promise<{ allowed: boolean; retryAfter: number }> {
  const [byPhone, byAddress] = await Promise.all([hit(db, `sms:phone:${phone}`, 3, 600), hit(db, `sms:ip:${clientAddress(request)}`, 10, 600)]);
  return { allowed: byPhone.allowed && byAddress.allowed, retryAfter: Math.max(byPhone.retryAfter, byAddress.retryAfter) };
}

/** SMS code checks: 30 per address per 10 minutes (each code also allows only 5 tries). */
export function codeCheckLimit(db: D1Database, request: Request): Promise<{ allowed: boolean; retryAfter: number }> {
  return hit(db, `sms-check:ip:${clientAddress(request)}`, 30, 600);
}

/** Daily clean-up: windows that began more than a day ago. */
export async function purgeOldWindows(db: D1Database, now: number): Promise<void> {
  await db.prepare("DELETE FROM rate_limits WHERE window_start < ?1 - 86400").bind(now).run();
}
