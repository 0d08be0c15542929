/**
 * Passwords as PBKDF2-SHA256 with a per-user 16-byte salt via WebCrypto.
 * 100 000 iterations is the most the Workers runtime allows.
 */
const ITERATIONS = 100_000;
const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function derive(password: string, salt: BufferSource, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, ITERATIONS);
  return `pbkdf2-sha256$${ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

/** Constant-time comparison of two byte strings of the same length. */
function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split("$");
  if (parts?.length !== 4 || parts[0] !== "pbkdf2-sha256") {
    // Same work as a real check, so timing does not tell whether the account exists.
    await derive(password, new Uint8Array(16), ITERATIONS);
    return false;
  }
  const hash = await derive(password, fromBase64(parts[2]!), Number(parts[1]));
  return equalBytes(hash, fromBase64(parts[3]!));
}

/** SHA-256 hex of a one-time code or link token (they are short-lived; no salt needed beyond the row). */
export { sha256Hex } from "~/server/hash.server";
