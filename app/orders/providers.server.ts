import type { PaymentMethod } from "./schema";

/** The online payment providers the shop can take money through (decisions 005 and 028). */
export const PROVIDERS = ["click", "payme"] as const;
export type Provider = (typeof PROVIDERS)[number];

/** Payme cancels a created transaction never performed after 12 hours (from its own creation time). */
export const PAYME_TIMEOUT_MS = 43_200_000;

/** `keys`: the cash register's key, and the next one while a key is rotated (both accepted). */
export type PaymeConfig = { merchantId: string; key: string; keys: string[]; checkoutUrl: string };

/** Null when the shop has no Payme cash register configured: Payme is then not offered. */
export function paymeConfig(env: Env): PaymeConfig | null {
  const { PAYME_MERCHANT_ID: merchantId, PAYME_KEY: key, PAYME_KEY_NEXT: next, PAYME_CHECKOUT_URL: checkoutUrl } = env;
  return merchantId && key && checkoutUrl ? { merchantId, key, keys: next ? [key, next] : [key], checkoutUrl } : null;
}

function clickConfigured(env: Env): boolean {
  return Boolean(env.CLICK_SERVICE_ID && env.CLICK_MERCHANT_ID && env.CLICK_SECRET_KEY && env.CLICK_PAY_URL);
}

/** The providers this shop takes online payment through, in the order the payment step offers them. */
export function providersOf(env: Env): Provider[] {
  return PROVIDERS.filter((p) => (p === "click" ? clickConfigured(env) : paymeConfig(env) !== null));
}

/**
 * The provider a payment method names: Click and Payme themselves when configured, and
 * "online" (the older clients' name) the first configured one. Null: not an online method,
 * or its provider is not configured.
 */
export function providerFor(method: PaymentMethod, env: Env): Provider | null {
  const configured = providersOf(env);
  if (method === "online") return configured[0] ?? null;
  return (PROVIDERS as readonly string[]).includes(method) && configured.includes(method as Provider) ? (method as Provider) : null;
}

/**
 * A call to a provider's API. A URL that is a path ("/dev/pay/click/api") is the provider's local
 * stand-in on the shop itself (DEV_PAYMENTS=1 only), reached through the Worker's own entry.
 */
export function providerFetch(env: Env, dispatch: ((request: Request) => Promise<Response>) | null) {
  return (url: string, init: RequestInit): Promise<Response> => {
    if (!url.startsWith("/")) return fetch(url, init);
    if (!__STAND_INS__ || env.DEV_PAYMENTS !== "1" || !dispatch) return Promise.reject(new Error("a provider's stand-in outside development"));
    return dispatch(new Request(new URL(url, env.PUBLIC_ORIGIN || "http://localhost"), init));
  };
}
