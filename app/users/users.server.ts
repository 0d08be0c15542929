/**
 * The shopper's record (users, user_phones): the only module that writes it.
 * Signing in and up (auth), the account pages (account) and orders (bonuses)
 * change it through these functions; a function that returns a statement is
 * for the caller's batch, where the change must stand or fall with others.
 */
import { type OwnerRef, ownerSql } from "~/server/session.server";

/** A new account by e-mail; null when the e-mail is taken (the UNIQUE index decides, not a prior read). */
export async function createEmailUser(db: D1Database, u: { email: string; passwordHash: string; firstName: string }): Promise<number | null> {
  const row = await db
    .prepare("INSERT INTO users (email, password_hash, first_name) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING id")
    .bind(u.email, u.passwordHash, u.firstName)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** The account of a phone just proven by an SMS code, made on its first login; the phone is listed as verified. */
export async function phoneUser(db: D1Database, phone: string): Promise<number> {
  const user = await db
    .prepare("INSERT INTO users (phone) VALUES (?) ON CONFLICT(phone) DO UPDATE SET phone = excluded.phone RETURNING id")
    .bind(phone)
    .first<{ id: number }>();
  await db.prepare("INSERT OR IGNORE INTO user_phones (user_id, phone, verified_at) VALUES (?, ?, unixepoch())").bind(user!.id, phone).run();
  return user!.id;
}

/** The sign-up address confirmed (only while it is still the account's). */
export async function confirmUserEmail(db: D1Database, userId: number, email: string): Promise<boolean> {
  const r = await db.prepare("UPDATE users SET email_confirmed_at = unixepoch() WHERE id = ? AND email = ?").bind(userId, email).run();
  return r.meta.changes > 0;
}

/** A new password hash, for the caller's batch. */
export function setPasswordStatement(db: D1Database, userId: number, passwordHash: string): D1PreparedStatement {
  return db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").bind(passwordHash, userId);
}

export type Personal = {
  firstName: string;
  lastName: string;
  gender: number | null;
  shoeSizes: string[];
  clotheSizes: string[];
  birthDay: number | null;
  birthMonth: number | null;
  birthYear: number | null;
};

/** The shoe and clothing sizes an account saved in its personal details (none: empty lists). */
/** `savedSizes` for a page's first reads, keyed by the session (null: no session, or a guest's). */
export async function savedSizesOf(db: D1Database, owner: OwnerRef | null): Promise<{ shoe: string[]; clothing: string[] } | null> {
  if (owner === null) return null;
  const o = ownerSql(owner);
  // The guest key's term only binds ?2 (an account's session has none).
  const row = await db
    .prepare(`SELECT shoe_sizes AS shoe, clothe_sizes AS clothing FROM users WHERE id = ${o.userId} AND ${o.guestKey} IS NULL`)
    .bind(...o.binds)
    .first<{ shoe: string; clothing: string }>();
  return row ? { shoe: JSON.parse(row.shoe) as string[], clothing: JSON.parse(row.clothing) as string[] } : null;
}

export async function savedSizes(db: D1Database, userId: number): Promise<{ shoe: string[]; clothing: string[] }> {
  return (await savedSizesOf(db, { userId, guestKey: null })) ?? { shoe: [], clothing: [] };
}

export async function savePersonal(db: D1Database, userId: number, p: Personal): Promise<void> {
  await db
    .prepare(
      `UPDATE users SET first_name = ?, last_name = ?, gender = ?, shoe_sizes = ?, clothe_sizes = ?,
         birth_day = ?, birth_month = ?, birth_year = ? WHERE id = ?`,
    )
    .bind(p.firstName, p.lastName, p.gender, JSON.stringify(p.shoeSizes), JSON.stringify(p.clotheSizes), p.birthDay, p.birthMonth, p.birthYear, userId)
    .run();
}

/** A phone proven by an SMS code becomes the account's main phone; false when another account took it meanwhile (UNIQUE). One batch. */
export async function setVerifiedPhone(db: D1Database, userId: number, phone: string): Promise<boolean> {
  try {
    await db.batch([
      db.prepare("UPDATE users SET phone = ? WHERE id = ?").bind(phone, userId),
      db
        .prepare(
          "INSERT INTO user_phones (user_id, phone, verified_at) VALUES (?, ?, unixepoch()) ON CONFLICT(user_id, phone) DO UPDATE SET verified_at = unixepoch()",
        )
        .bind(userId, phone),
    ]);
  } catch {
    return false;
  }
  return true;
}

/** An e-mail address proven by its link becomes the account's, confirmed; false when another account has it (UNIQUE). */
export async function setConfirmedEmail(db: D1Database, userId: number, email: string): Promise<boolean> {
  try {
    await db.prepare("UPDATE users SET email = ?, email_confirmed_at = unixepoch() WHERE id = ?").bind(email, userId).run();
  } catch {
    return false;
  }
  return true;
}

/** Bonuses spent on an order, for the order's batch: the batch fails (CHECK bonus_balance >= 0) when the balance was spent meanwhile. */
export function spendBonusesStatement(db: D1Database, userId: number, amount: number): D1PreparedStatement {
  return db.prepare("UPDATE users SET bonus_balance = bonus_balance - ? WHERE id = ?").bind(amount, userId);
}

/**
 * Bonuses given back, for the caller's batch: `spent` is a query of (user_id,
 * amount) rows bound by `binds` (numbered ?1, ?2 …), so the batch's other
 * statements see the same rows (cancelled orders give back what they spent).
 */
export function returnBonusesStatement(db: D1Database, spent: string, ...binds: unknown[]): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET bonus_balance = bonus_balance + (SELECT SUM(amount) FROM (${spent}) s WHERE s.user_id = users.id)
       WHERE id IN (SELECT user_id FROM (${spent}) WHERE amount > 0)`,
    )
    .bind(...binds);
}
