import { sha256Hex } from "~/server/hash.server";
import { timingSafeEqual } from "node:crypto";

/**
 * What a key may do. A client holds one or more; each call names the one it needs.
 * (Written as templates: a quoted "orders:…" reads as a text key to the texts' test.)
 */
export const SCOPE = { catalogue: `catalogue:write`, orders: `orders:write`, reviews: `reviews:moderate` } as const;
export type OpsScope = (typeof SCOPE)[keyof typeof SCOPE];
export const OPS_SCOPES: OpsScope[] = Object.values(SCOPE);

export type OpsClient = { id: number; name: string; scopes: OpsScope[]; ordersCursor: number };

/**
 * A key reads `ops_<prefix>_<secret>`: the prefix (8 hex) finds the row, the whole key's
 * SHA-256 is compared with the stored one. 256 random bits need no slow hash: nobody can
 * try enough keys against a leaked digest. scripts/ops-key.mjs makes keys the same way.
 */
const KEY = /^ops_([0-9a-f]{8})_[A-Za-z0-9_-]{43}$/;

/** The bearer token of `Authorization: Bearer <key>`, or "". */
export function bearerOf(request: Request): string {
  return /^Bearer ([^\s]+)$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? "";
}

/** The live client a key names, or null (no such prefix, a revoked key, another key with that prefix). */
export async function clientOfKey(db: D1Database, key: string): Promise<OpsClient | null> {
  const prefix = KEY.exec(key)?.[1];
  const given = await sha256Hex(key);
  const row = prefix
    ? await db
        .prepare("SELECT id, name, scopes, key_hash AS keyHash, orders_cursor AS ordersCursor FROM ops_clients WHERE prefix = ? AND revoked_at IS NULL")
        .bind(prefix)
        .first<{ id: number; name: string; scopes: string; keyHash: string; ordersCursor: number }>()
    : null;
  // Compared in constant time, and a digest is compared even when no row was found.
  const stored = row?.keyHash ?? "0".repeat(64);
  const same = timingSafeEqual(Buffer.from(given), Buffer.from(stored));
  if (!row || !same) return null;
  return { id: row.id, name: row.name, scopes: row.scopes.split(" ").filter(Boolean) as OpsScope[], ordersCursor: row.ordersCursor };
}

/** The live client of a key's row (the console's sign-in names it): null once revoked. */
export async function clientOfId(db: D1Database, id: number): Promise<OpsClient | null> {
  const row = await db
    .prepare("SELECT id, name, scopes, orders_cursor AS ordersCursor FROM ops_clients WHERE id = ? AND revoked_at IS NULL")
    .bind(id)
    .first<{ id: number; name: string; scopes: string; ordersCursor: number }>();
  return row && { id: row.id, name: row.name, scopes: row.scopes.split(" ").filter(Boolean) as OpsScope[], ordersCursor: row.ordersCursor };
}

/** A new key for `name` (tests and scripts): the key, shown once, and the row's id. */
export async function createOpsKey(db: D1Database, name: string, scopes: OpsScope[]): Promise<{ key: string; id: number }> {
  const bytes = crypto.getRandomValues(new Uint8Array(36));
  const prefix = [...bytes.slice(0, 4)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const secret = btoa(String.fromCharCode(...bytes.slice(4)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  const key = `ops_${prefix}_${secret}`;
  const row = await db
    .prepare("INSERT INTO ops_clients (name, prefix, key_hash, scopes) VALUES (?, ?, ?, ?) RETURNING id")
    .bind(name, prefix, await sha256Hex(key), scopes.join(" "))
    .first<{ id: number }>();
  return { key, id: row!.id };
}

/** Revokes the live key of `name`: its next call is a 401. */
export async function revokeOpsKey(db: D1Database, name: string): Promise<boolean> {
  const { meta } = await db.prepare("UPDATE ops_clients SET revoked_at = unixepoch() WHERE name = ? AND revoked_at IS NULL").bind(name).run();
  return meta.changes > 0;
}

/** Who called what, when, and how it ended: one line per call, nothing personal. */
export async function audit(db: D1Database, client: string, method: string, path: string, status: number): Promise<void> {
  await db.prepare("INSERT INTO ops_audit (client, method, path, status) VALUES (?, ?, ?, ?)").bind(client, method, path, status).run();
}

/** The daily clean-up: audit lines older than `days`. */
export async function purgeOldAudit(db: D1Database, now: number, days = 90): Promise<void> {
  await db
    .prepare("DELETE FROM ops_audit WHERE at < ?1")
    .bind(now - days * 86400)
    .run();
}
