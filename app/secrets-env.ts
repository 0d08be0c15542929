// Secrets are not in wrangler.toml, so `wrangler types` cannot see them.
export {};

declare global {
  /** Whether the build carries the local stand-ins and the bench's layers (vite.config.ts `define`). */
  const __STAND_INS__: boolean;
  interface SecretsEnv {
    /** Signs the session cookie; comma-separated to rotate (newest first). */
    SESSION_SECRET?: string;
    /** Bearer key for the SMS and e-mail providers. */
    PROVIDER_API_KEY?: string;
    /** Click's secret key: signs its Prepare and Complete callbacks. */
    CLICK_SECRET_KEY?: string;
    /** Payme's cash-register key: Payme's calls carry it (Basic auth, login "Paycom"). */
    PAYME_KEY?: string;
    /** Payme's next key, accepted beside PAYME_KEY while a key is rotated (docs/operations.md). */
    PAYME_KEY_NEXT?: string;
    /** The Telegram bot that tells operators (OPS_TELEGRAM_CHAT_ID) about what needs them. */
    TELEGRAM_BOT_TOKEN?: string;
    /** Turnstile's secret key: siteverify checks review captchas with it. */
    TURNSTILE_SECRET_KEY?: string;
  }
  interface Env extends SecretsEnv {}
  namespace Cloudflare {
    interface Env extends SecretsEnv {}
  }
}
