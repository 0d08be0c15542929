/**
 * Daily clean-up (the Worker's scheduled handler): expired sessions, guest
 * carts no live session names any more, and old rate-limit windows. A guest
 * cart is kept while any unexpired session names it, so an id is never reused
 * under a session that could still open it.
 */
export async function purgeExpired(db: D1Database, now = Math.floor(Date.now() / 1000)): Promise<{ sessions: number; carts: number }> {
  const orphanGuestCarts = `SELECT id FROM carts WHERE user_id IS NULL AND updated_at < ?1 - 86400
    AND id NOT IN (SELECT json_extract(data, '$.cartId') FROM sessions WHERE json_extract(data, '$.cartId') IS NOT NULL)`;
  const [sessions, , carts] = await db.batch([
    db.prepare("DELETE FROM sessions WHERE expires_at IS NOT NULL AND expires_at < ?1").bind(now),
    db.prepare(`DELETE FROM cart_lines WHERE cart_id IN (${orphanGuestCarts})`).bind(now),
    db.prepare(`DELETE FROM carts WHERE id IN (${orphanGuestCarts})`).bind(now),
    db.prepare("DELETE FROM rate_limits WHERE window_start < ?1 - 86400").bind(now),
  ]);
  return { sessions: sessions!.meta.changes, carts: carts!.meta.changes };
}
