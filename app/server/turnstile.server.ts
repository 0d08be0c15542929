import type { AppContext } from "./context.server";
import { clientAddress } from "./rate-limit.server";

/** Cloudflare's own siteverify (the default when TURNSTILE_VERIFY_URL is empty). */
const CLOUDFLARE_VERIFY = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/** The captcha's configuration: off (reviews then wait for moderation) without a site key and secret. */
export function turnstileConfig(env: Env): { siteKey: string; scriptUrl: string | null } | null {
  if (!env.TURNSTILE_SITE_KEY || !env.TURNSTILE_SECRET_KEY) return null;
  return { siteKey: env.TURNSTILE_SITE_KEY, scriptUrl: env.TURNSTILE_SCRIPT_URL || null };
}

/**
 * Asks siteverify whether a Turnstile token is good (server to server, with the client's
 * address). A relative verify URL is this Worker's own stand-in (local runs), reached
 * without the network. "unavailable" when siteverify cannot be reached or answers badly.
 */
export async function verifyTurnstile(app: AppContext, token: string, address: string): Promise<"ok" | "rejected" | "unavailable"> {
  const url = app.env.TURNSTILE_VERIFY_URL || CLOUDFLARE_VERIFY;
  const body = new URLSearchParams({ secret: app.env.TURNSTILE_SECRET_KEY ?? "", response: token });
  if (address !== "local") body.set("remoteip", address);
  const request = new Request(url.startsWith("/") ? `http://internal${url}` : url, { method: "POST", body });
  try {
    const res = url.startsWith("/") ? await app.dispatch(request) : await fetch(request);
    if (!res.ok) return "unavailable";
    const answer = (await res.json()) as { success?: boolean };
    return answer.success === true ? "ok" : "rejected";
  } catch {
    return "unavailable";
  }
}

/**
 * A call that needs the captcha whenever the shop has one: "off" without it; else the token
 * (none is "rejected") as siteverify judges it.
 */
export async function requiredCaptcha(app: AppContext, request: Request, token: string | undefined): Promise<"off" | "ok" | "rejected" | "unavailable"> {
  if (!turnstileConfig(app.env)) return "off";
  if (!token) return "rejected";
  return verifyTurnstile(app, token, clientAddress(request));
}
