/**
 * Daily clean-up (the Worker's scheduled handler): expired sessions, what guests
 * owned whose key no live session holds any more (carts, favourites, followed
 * brands), and old rate-limit windows. Ownership rests on random keys, so this
 * only frees space; a guest's orders stay (the shop's record).
 */
export async function purgeExpired(db: D1Database, now = Math.floor(Date.now() / 1000)): Promise<{ sessions: number; carts: number }> {
  const liveKeys = "SELECT json_extract(data, '$.guestKey') FROM sessions WHERE json_extract(data, '$.guestKey') IS NOT NULL";
  const orphanGuestCarts = `SELECT id FROM carts WHERE user_id IS NULL AND updated_at < ?1 - 86400 AND (guest_key IS NULL OR guest_key NOT IN (${liveKeys}))`;
  const [sessions, , carts] = await db.batch([
    db.prepare("DELETE FROM sessions WHERE expires_at IS NOT NULL AND expires_at < ?1").bind(now),
    db.prepare(`DELETE FROM cart_lines WHERE cart_id IN (${orphanGuestCarts})`).bind(now),
    db.prepare(`DELETE FROM carts WHERE id IN (${orphanGuestCarts})`).bind(now),
    db.prepare(`DELETE FROM guest_favourites WHERE added_ms < (?1 - 86400) * 1000 AND guest_key NOT IN (${liveKeys})`).bind(now),
    db.prepare(`DELETE FROM guest_favourite_brands WHERE added_ms < (?1 - 86400) * 1000 AND guest_key NOT IN (${liveKeys})`).bind(now),
    db.prepare("DELETE FROM rate_limits WHERE window_start < ?1 - 86400").bind(now),
  ]);
  return { sessions: sessions!.meta.changes, carts: carts!.meta.changes };
}
