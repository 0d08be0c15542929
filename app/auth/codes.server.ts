import { sha256Hex } from "./password.server";

export type CodePurpose = "login-sms" | "login-call" | "signup-call" | "signup-email" | "email-change" | "phone-change" | "password-reset";

/** Codes live 10 minutes and allow 5 tries; e-mailed links live longer. */
export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_ATTEMPTS = 5;
const TTL: Record<CodePurpose, number> = {
  "login-sms": CODE_TTL_SECONDS,
  "login-call": CODE_TTL_SECONDS,
  "signup-call": CODE_TTL_SECONDS,
  "phone-change": CODE_TTL_SECONDS,
  "password-reset": 3600,
  "email-change": 24 * 3600,
  "signup-email": 24 * 3600,
};
/** SMS codes are typed by people; e-mailed links carry a long random token. */
const BY_LINK = new Set<CodePurpose>(["password-reset", "email-change", "signup-email"]);
/** A flash call's code is the last four digits of the calling number. */
const BY_CALL = new Set<CodePurpose>(["login-call", "signup-call"]);
const FORMAT = { code: /^\d{6}$/, call: /^\d{4}$/, token: /^[A-Za-z0-9_-]{32}$/ };

/** 24 random bytes, base64url (32 characters). */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
}

/** Six (or `digits`) random digits, uniformly (rejection sampling, no modulo bias). */
export function randomCode(digits = 6): string {
  const range = 10 ** digits;
  const buf = new Uint32Array(1);
  const limit = Math.floor(0xffffffff / range) * range;
  do crypto.getRandomValues(buf);
  while (buf[0]! >= limit);
  return String(buf[0]! % range).padStart(digits, "0");
}

/** Binds the hash to its purpose and target, so a code for one thing opens nothing else. */
function codeHash(purpose: CodePurpose, target: string, code: string): Promise<string> {
  return sha256Hex(`${purpose}\n${target}\n${code}`);
}

/** A new code (or link token) for `target`; older unused ones of the same purpose stop working. */
export async function issueCode(db: D1Database, purpose: CodePurpose, target: string, userId: number | null = null): Promise<string> {
  const code = BY_LINK.has(purpose) ? randomToken() : randomCode(BY_CALL.has(purpose) ? 4 : 6);
  const hash = await codeHash(purpose, target, code);
  await db.batch([
    db.prepare("UPDATE verification_codes SET used_at = unixepoch() WHERE purpose = ? AND target = ? AND used_at IS NULL").bind(purpose, target),
    db
      .prepare("INSERT INTO verification_codes (purpose, target, code_hash, user_id, expires_at) VALUES (?, ?, ?, ?, unixepoch() + ?)")
      .bind(purpose, target, hash, userId, TTL[purpose]),
  ]);
  return code;
}

/**
 * Link tokens are 144 random bits: unguessable, so they are looked up by hash
 * and tries are not counted (counting would let anyone spend a victim's link).
 */
async function checkLinkToken(db: D1Database, purpose: CodePurpose, target: string, token: string): Promise<CodeCheck> {
  if (!FORMAT.token.test(token)) return { ok: false, reason: "invalid" };
  const row = await db
    .prepare(
      `UPDATE verification_codes SET used_at = unixepoch()
       WHERE purpose = ? AND target = ? AND code_hash = ? AND used_at IS NULL AND expires_at > unixepoch()
       RETURNING user_id AS userId`,
    )
    .bind(purpose, target, await codeHash(purpose, target, token))
    .first<{ userId: number | null }>();
  return row ? { ok: true, userId: row.userId } : { ok: false, reason: "invalid" };
}

export type CodeCheck = { ok: true; userId: number | null } | { ok: false; reason: "invalid" | "expired" | "tooManyTries" };

/**
 * Checks a code. The try is counted in the same statement that reads the
 * code, and the code is spent by a guarded update, so parallel guesses cannot
 * exceed 5 tries and one code cannot be used twice.
 */
export async function checkCode(db: D1Database, purpose: CodePurpose, target: string, code: string): Promise<CodeCheck> {
  if (BY_LINK.has(purpose)) return checkLinkToken(db, purpose, target, code);
  const row = await db
    .prepare(
      `UPDATE verification_codes SET attempts = attempts + 1
       WHERE id = (SELECT id FROM verification_codes WHERE purpose = ? AND target = ? AND used_at IS NULL ORDER BY id DESC LIMIT 1)
       RETURNING id, code_hash AS hash, attempts, expires_at <= unixepoch() AS expired, user_id AS userId`,
    )
    .bind(purpose, target)
    .first<{ id: number; hash: string; attempts: number; expired: number; userId: number | null }>();
  if (!row) return { ok: false, reason: "invalid" };
  if (row.expired) return { ok: false, reason: "expired" };
  if (row.attempts > CODE_MAX_ATTEMPTS) return { ok: false, reason: "tooManyTries" };
  const format = BY_CALL.has(purpose) ? FORMAT.call : FORMAT.code;
  if (!format.test(code) || (await codeHash(purpose, target, code)) !== row.hash) return { ok: false, reason: "invalid" };
  const spent = await db.prepare("UPDATE verification_codes SET used_at = unixepoch() WHERE id = ? AND used_at IS NULL RETURNING id").bind(row.id).first();
  return spent ? { ok: true, userId: row.userId } : { ok: false, reason: "invalid" };
}
