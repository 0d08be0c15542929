import { purgeAbandonedCarts } from "~/cart/index.server";
import { purgeAbandonedGuestFavourites } from "~/favourites/index.server";
import { purgeOldGiftHints } from "~/gifts/index.server";
import { purgeUnconfirmedSubscribers } from "~/newsletter/index.server";
import { purgeOldAudit } from "~/ops/index.server";
import { purgeAbandonedGuestSearches, purgeOldMisses } from "~/search/index.server";
import { purgeOldWindows } from "~/server/rate-limit.server";
import { purgeExpiredSessions } from "~/server/session.server";

/**
 * Daily clean-up (the Worker's scheduled handler): expired sessions, what guests
 * owned whose key no live session holds any more (carts, favourites, followed
 * brands, recent searches), old rate-limit windows, newsletter addresses never confirmed, old gift
 * hints, the operations API's audit lines older than 90 days, and search misses older than 13 weeks. Each feature purges its own tables; the
 * sessions go first, so the guest keys they held no longer count as live. A
 * guest's orders stay (the shop's record).
 */
export async function purgeExpired(db: D1Database, now = Math.floor(Date.now() / 1000)): Promise<{ sessions: number; carts: number }> {
  const sessions = await purgeExpiredSessions(db, now);
  const carts = await purgeAbandonedCarts(db, now);
  await purgeAbandonedGuestFavourites(db, now);
  await purgeAbandonedGuestSearches(db);
  await purgeOldWindows(db, now);
  await purgeUnconfirmedSubscribers(db, now);
  await purgeOldAudit(db, now);
  await purgeOldGiftHints(db, now);
  await purgeOldMisses(db, now * 1000);
  return { sessions, carts };
}
