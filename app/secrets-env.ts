// Secrets are not in wrangler.toml, so `wrangler types` cannot see them.
export {};

declare global {
  interface SecretsEnv {
    /** Signs the session cookie; comma-separated to rotate (newest first). */
    SESSION_SECRET?: string;
  }
  interface Env extends SecretsEnv {}
  namespace Cloudflare {
    interface Env extends SecretsEnv {}
  }
}
