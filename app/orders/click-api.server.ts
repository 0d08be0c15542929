import { createHash } from "node:crypto";
import { providerFetch } from "./providers.server";

/**
 * Click's Merchant API (docs.click.uz, "Merchant API" and "Fiscalization"), the calls the shop
 * makes to Click: a payment's status, its reversal, and its fiscal receipt. Every call is signed
 * with `Auth: <merchant user id>:sha1(<timestamp><secret key>):<timestamp>` and limited in time;
 * a call that gets no answer is `unknown`: Click may have acted.
 */

type Dispatch = ((request: Request) => Promise<Response>) | null;

/** How long the shop waits for a provider's answer (a claim holds a refund or receipt far longer). */
const CALL_LIMIT_MS = 15_000;

export type ClickApi = { api: string; user: string; service: string; secret: string; send: (url: string, init: RequestInit) => Promise<Response> };

/** Click's Merchant API as configured; null without CLICK_API_URL or CLICK_MERCHANT_USER_ID. */
export function clickApi(env: Env, dispatch: Dispatch): ClickApi | null {
  const { CLICK_API_URL: api, CLICK_MERCHANT_USER_ID: user, CLICK_SERVICE_ID: service, CLICK_SECRET_KEY: secret } = env;
  if (!api || !user || !service || !secret) return null;
  const send = providerFetch(env, dispatch);
  // Tests only (the local build): a shorter wait, so "an answer that never comes" is quick to show.
  const limit = (__STAND_INS__ && Number(env.DEV_PROVIDER_CALL_LIMIT_MS)) || CALL_LIMIT_MS;
  return {
    api: api.replace(/\/$/, ""),
    user,
    service,
    secret,
    send: (url, init) => send(url, { ...init, signal: AbortSignal.timeout(limit) }),
  };
}

/** The headers of a call to Click's Merchant API. */
export function clickHeaders(user: string, secret: string, at = Math.floor(Date.now() / 1000)): Record<string, string> {
  const digest = createHash("sha1").update(`${at}${secret}`).digest("hex");
  return { Accept: "application/json", "Content-Type": "application/json", Auth: `${user}:${digest}:${at}` };
}

/** Click's answer to a call: its body (error_code 0 is success), or no answer of Click's (`unknown`: Click may have acted). */
export type ClickReply = { status: number; body: Record<string, unknown> | null } | { unknown: string };

async function call(c: ClickApi, method: string, path: string, body?: unknown, coded = true): Promise<ClickReply> {
  try {
    const res = await c.send(`${c.api}/${path}`, {
      method,
      headers: clickHeaders(c.user, c.secret),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    // Only Click's own answer (its error_code) says what happened; a gateway's error or a body that is not Click's does not.
    if (res.status >= 500 || (coded && typeof answer?.error_code !== "number")) return { unknown: `HTTP ${res.status}` };
    return { status: res.status, body: answer };
  } catch (e) {
    return { unknown: e instanceof Error ? e.name : typeof e };
  }
}

/** A reply's words for an operator: "Click answered 400 -16: …" or "no answer (TimeoutError)". */
export function replyText(reply: ClickReply): string {
  if ("unknown" in reply) return `no answer from Click (${reply.unknown})`;
  const code = reply.body?.error_code;
  const note = reply.body?.error_note;
  return `Click answered ${reply.status}${code !== undefined ? ` ${String(code)}` : ""}${note ? `: ${String(note)}` : ""}`.slice(0, 300);
}

export const succeeded = (reply: ClickReply): boolean => !("unknown" in reply) && reply.status < 300 && reply.body?.error_code === 0;

/**
 * GET payment/status/<service>/<payment id>: `paid` (payment_status 2: the payment stands),
 * `reversed` (below zero: Click documents no status of its own for a reversal, and below zero is
 * its "not paid"), or `unknown` (0 created, 1 processing, no answer, or an error).
 */
export async function clickPaymentStatus(c: ClickApi, paydoc: string): Promise<"paid" | "reversed" | "unknown"> {
  const reply = await call(c, "GET", `payment/status/${c.service}/${paydoc}`);
  if (!succeeded(reply) || "unknown" in reply) return "unknown";
  const status = Number(reply.body?.payment_status);
  if (!Number.isFinite(status)) return "unknown";
  return status === 2 ? "paid" : status < 0 ? "reversed" : "unknown";
}

/** DELETE payment/reversal/<service>/<payment id>: the whole payment back to the card. */
export const clickReversal = (c: ClickApi, paydoc: string): Promise<ClickReply> => call(c, "DELETE", `payment/reversal/${c.service}/${paydoc}`);

/** POST payment/ofd_data/submit_items: the payment's fiscal receipt. */
export const clickSubmitReceipt = (c: ClickApi, body: unknown): Promise<ClickReply> => call(c, "POST", "payment/ofd_data/submit_items", body);

/** GET payment/ofd_data/<service>/<payment id>: whether Click holds the payment's receipt (its QR code's URL). */
export async function clickReceiptHeld(c: ClickApi, paydoc: string): Promise<boolean> {
  // Its answer is the receipt's fields, without an error_code.
  const reply = await call(c, "GET", `payment/ofd_data/${c.service}/${paydoc}`, undefined, false);
  return !("unknown" in reply) && reply.status < 300 && typeof reply.body?.qrCodeURL === "string" && reply.body.qrCodeURL !== "";
}
