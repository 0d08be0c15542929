/**
 * What Cloudflare's siteverify answers for its documented test secrets, for local runs and
 * tests (no network): `1x…AA` always passes, `2x…AA` always fails, `3x…AA` says the token
 * was spent. One addition for tests: a token ending in `.REJECT` fails (the widget
 * stand-in makes one when asked), so the fallback to the interactive widget can be played.
 */
export function standInVerdict(secret: string, token: string): { success: boolean; "error-codes": string[] } {
  if (!token) return { success: false, "error-codes": ["missing-input-response"] };
  if (secret.startsWith("2x")) return { success: false, "error-codes": ["invalid-input-response"] };
  if (secret.startsWith("3x")) return { success: false, "error-codes": ["timeout-or-duplicate"] };
  if (!secret.startsWith("1x")) return { success: false, "error-codes": ["invalid-input-secret"] };
  if (token.endsWith(".REJECT")) return { success: false, "error-codes": ["invalid-input-response"] };
  return { success: true, "error-codes": [] };
}
