// Secrets are not in wrangler.toml, so `wrangler types` cannot see them.
declare namespace Cloudflare {
  interface Env {
    /** Signs the session cookie; comma-separated to rotate (newest first). */
    SESSION_SECRET?: string;
  }
}
