import type { TFunction } from "~/i18n/translate";
import { checkCode, issueCode } from "~/auth/index.server";
import { mailLink, type Mail } from "~/auth/index.server";
import { enqueue } from "~/outbox/index.server";
import { setConfirmedEmail, setVerifiedPhone } from "~/users/index.server";
import { firstRow, mapRows } from "~/server/db.server";
import { type OwnerRef, ownerSql } from "~/server/session.server";
import { codeCheckLimit, hit, type Limited, limitedFor, smsSendLimit } from "~/server/rate-limit.server";

// Every query here is scoped by user_id: a shopper reaches only their own rows,
// whatever id a request names.

export type Details = {
  id: number;
  email: string | null;
  emailConfirmed: number;
  phone: string | null;
  firstName: string;
  lastName: string;
  birthDay: number | null;
  birthMonth: number | null;
  birthYear: number | null;
  gender: number | null;
  shoeSizes: string[];
  clotheSizes: string[];
};
export type Kid = { id: number; gender: number; birthday: string };
export type Address = { id: number; city: string; street: string; house: string; apartment: string; comment: string; isMain: number };
export type Phone = { id: number; phone: string; verified: number };
export type Account = { details: Details; phones: Phone[]; kids: Kid[]; addresses: Address[]; socials: { provider: string; name: string }[] };

/**
 * The account's details, phones, kids and addresses; null when there is none. The account by its
 * id, or as a session names it (`OwnerRef`: read with the session's own read; a guest's session
 * names none).
 */
export async function getAccount(db: D1Database, user: number | OwnerRef): Promise<Account | null> {
  const o = ownerSql(typeof user === "number" ? { userId: user, guestKey: null } : user);
  const id = o.binds[0];
  const [details, phones, kids, addresses] = await db.batch([
    db
      .prepare(
        `SELECT id, email, email_confirmed_at IS NOT NULL AS emailConfirmed, phone, first_name AS firstName, last_name AS lastName,
           birth_day AS birthDay, birth_month AS birthMonth, birth_year AS birthYear, gender, shoe_sizes AS shoeSizes, clothe_sizes AS clotheSizes
         FROM users WHERE id = ${o.userId}`,
      )
      .bind(id),
    db.prepare(`SELECT id, phone, verified_at IS NOT NULL AS verified FROM user_phones WHERE user_id = ${o.userId} ORDER BY id`).bind(id),
    db.prepare(`SELECT id, gender, birthday FROM kids WHERE user_id = ${o.userId} ORDER BY birthday, id`).bind(id),
    db
      .prepare(`SELECT id, city, street, house, apartment, comment, is_main AS isMain FROM addresses WHERE user_id = ${o.userId} ORDER BY is_main DESC, id`)
      .bind(id),
  ]);
  // Sizes are stored as JSON arrays.
  const detailsOf = (r: Omit<Details, "shoeSizes" | "clotheSizes"> & { shoeSizes: string; clotheSizes: string }): Details => ({
    ...r,
    shoeSizes: JSON.parse(r.shoeSizes),
    clotheSizes: JSON.parse(r.clotheSizes),
  });
  const own = firstRow(details, detailsOf);
  if (!own) return null;
  return {
    details: own,
    phones: mapRows(phones, (r: Phone) => r),
    kids: mapRows(kids, (r: Kid) => r),
    addresses: mapRows(addresses, (r: Address) => r),
    // No social login is wired yet; the shape is the spec's.
    socials: [],
  };
}

const MAX_KIDS = 10;
const MAX_ADDRESSES = 10;

/** Adds a kid; null when the account already has the most kids it may list. */
export async function addKid(db: D1Database, userId: number, kid: { gender: number; birthday: string }): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO kids (user_id, gender, birthday) SELECT ?1, ?2, ?3
       WHERE (SELECT COUNT(*) FROM kids WHERE user_id = ?1) < ?4 RETURNING id`,
    )
    .bind(userId, kid.gender, kid.birthday, MAX_KIDS)
    .first<{ id: number }>();
  return row?.id ?? null;
}

export async function updateKid(db: D1Database, userId: number, kidId: number, kid: { gender: number; birthday: string }): Promise<boolean> {
  const r = await db.prepare("UPDATE kids SET gender = ?, birthday = ? WHERE id = ? AND user_id = ?").bind(kid.gender, kid.birthday, kidId, userId).run();
  return r.meta.changes > 0;
}

export async function deleteKid(db: D1Database, userId: number, kidId: number): Promise<boolean> {
  const r = await db.prepare("DELETE FROM kids WHERE id = ? AND user_id = ?").bind(kidId, userId).run();
  return r.meta.changes > 0;
}

export type AddressInput = Omit<Address, "id" | "isMain">;

/** The first address becomes the main one. */
export async function addAddress(db: D1Database, userId: number, a: AddressInput): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO addresses (user_id, city, street, house, apartment, comment, is_main)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, NOT EXISTS (SELECT 1 FROM addresses WHERE user_id = ?1)
       WHERE (SELECT COUNT(*) FROM addresses WHERE user_id = ?1) < ?7 RETURNING id`,
    )
    .bind(userId, a.city, a.street, a.house, a.apartment, a.comment, MAX_ADDRESSES)
    .first<{ id: number }>();
  return row?.id ?? null;
}

export async function updateAddress(db: D1Database, userId: number, id: number, a: AddressInput): Promise<boolean> {
  const r = await db
    .prepare("UPDATE addresses SET city = ?, street = ?, house = ?, apartment = ?, comment = ? WHERE id = ? AND user_id = ?")
    .bind(a.city, a.street, a.house, a.apartment, a.comment, id, userId)
    .run();
  return r.meta.changes > 0;
}

/** Deleting the main address hands "main" to the oldest remaining one. */
export async function deleteAddress(db: D1Database, userId: number, id: number): Promise<boolean> {
  const [deleted] = await db.batch([
    db.prepare("DELETE FROM addresses WHERE id = ? AND user_id = ?").bind(id, userId),
    db
      .prepare(
        `UPDATE addresses SET is_main = 1 WHERE id = (SELECT id FROM addresses WHERE user_id = ?1 ORDER BY id LIMIT 1)
         AND NOT EXISTS (SELECT 1 FROM addresses WHERE user_id = ?1 AND is_main = 1)`,
      )
      .bind(userId),
  ]);
  return deleted!.meta.changes > 0;
}

export async function setMainAddress(db: D1Database, userId: number, id: number): Promise<boolean> {
  // One statement: never zero or two main addresses, even for an instant.
  const r = await db
    .prepare("UPDATE addresses SET is_main = (id = ?1) WHERE user_id = ?2 AND EXISTS (SELECT 1 FROM addresses WHERE id = ?1 AND user_id = ?2)")
    .bind(id, userId)
    .run();
  return r.meta.changes > 0;
}

/** Phone change, step 1: a code to the new phone (3 per phone, 10 per address per 10 minutes). */
export async function startPhoneChange(env: Env, request: Request, userId: number, phone: string, t: TFunction): Promise<"sent" | "taken" | Limited> {
  // Limits first: the "taken" answer must not become a free lookup of who has an account.
  const [byUser, sms] = await Promise.all([hit(env.DB, `phone-change:user:${userId}`, 5, 3600), smsSendLimit(env.DB, request, phone)]);
  if (!byUser.allowed || !sms.allowed) return limitedFor(byUser, sms);
  const taken = await env.DB.prepare("SELECT 1 FROM users WHERE phone = ? AND id != ?").bind(phone, userId).first();
  if (taken) return "taken";
  const code = await issueCode(env.DB, "phone-change", phone, userId);
  await enqueue(env, { channel: "sms", recipient: phone, body: t("account:sms.phoneChange", { code }) });
  return "sent";
}

/** Phone change, step 2: the code from the SMS; the phone becomes the account's main phone. */
export async function verifyPhoneChange(
  env: Env,
  request: Request,
  userId: number,
  phone: string,
  code: string,
): Promise<"ok" | "invalid" | "expired" | "tooManyTries" | "taken" | Limited> {
  const limit = await codeCheckLimit(env.DB, request);
  if (!limit.allowed) return limitedFor(limit);
  const check = await checkCode(env.DB, "phone-change", phone, code);
  if (!check.ok) return check.reason;
  if (check.userId !== userId) return "invalid";
  // Another account may have verified this phone meanwhile (UNIQUE).
  return (await setVerifiedPhone(env.DB, userId, phone)) ? "ok" : "taken";
}

/** E-mail change, step 1: a link to the new address; nothing changes until it is opened. */
export async function startEmailChange(env: Env, userId: number, email: string, mail: Mail): Promise<"sent" | "taken" | "same" | Limited> {
  const current = await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(userId).first<{ email: string | null }>();
  if (current?.email === email) return "same";
  // Limit first: the "taken" answer must not become a free lookup of who has an account.
  const limit = await hit(env.DB, `email-change:user:${userId}`, 5, 3600);
  if (!limit.allowed) return limitedFor(limit);
  const taken = await env.DB.prepare("SELECT 1 FROM users WHERE email = ? AND id != ?").bind(email, userId).first();
  if (taken) return "taken";
  const token = await issueCode(env.DB, "email-change", email, userId);
  const url = mailLink(mail, "/account/confirm-email-change", { email, token });
  if (url)
    await enqueue(env, {
      channel: "email",
      recipient: email,
      subject: mail.t("account:email.changeSubject"),
      body: mail.t("account:email.changeBody", { url }),
    });
  return "sent";
}

/** E-mail change, step 2: the link opened; the new address is confirmed by that very act. */
export async function confirmEmailChange(db: D1Database, email: string, token: string): Promise<"ok" | "invalid" | "taken"> {
  const check = await checkCode(db, "email-change", email, token);
  if (!check.ok || !check.userId) return "invalid";
  return (await setConfirmedEmail(db, check.userId, email)) ? "ok" : "taken";
}
