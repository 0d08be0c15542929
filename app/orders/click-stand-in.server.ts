import { safeReturnUrl } from "~/i18n/return-url";
import { FALLBACK_LANG } from "~/i18n/languages";
import { clickConfig, clickSign } from "./payment.server";
import { clickHeaders } from "./click-api.server";
import type { devPaySchema } from "./schema";
import type { z } from "zod";

/**
 * Plays Click's part locally (DEV_PAYMENTS=1, /dev/pay/click): what Click's
 * servers would do after the shopper's choice on its page, as HTTP calls to the
 * shop's callback URLs through the Worker's own entry (`dispatch`), signed with
 * the configured secret — or, for `bad-signature`, not. Returns where Click
 * sends the shopper back: the order's page on the shop's origin.
 */
export async function playClick(
  env: Env,
  origin: string,
  dispatch: (request: Request) => Promise<Response>,
  choice: z.output<typeof devPaySchema>,
): Promise<string> {
  const cfg = clickConfig(env);
  const back = safeReturn(choice.return_url, origin);
  if (!cfg || choice.outcome === "cancel") return back;
  const call = async (path: "prepare" | "complete", fields: Record<string, string>) => {
    const sign_string = choice.outcome === "bad-signature" ? "0".repeat(32) : clickSign(cfg.secretKey, fields as Parameters<typeof clickSign>[1]);
    const response = await dispatch(
      new Request(`${origin || "http://localhost"}/api/payment/click/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...fields, sign_string }),
      }),
    );
    return (await response.json()) as { error: number; merchant_prepare_id?: number };
  };
  const transaction = {
    click_trans_id: String(Date.now() * 1000 + Math.floor(Math.random() * 1000)),
    service_id: cfg.serviceId,
    click_paydoc_id: String(Math.floor(Math.random() * 1e9)),
    merchant_trans_id: choice.transaction_param,
    amount: choice.amount,
    sign_time: new Date().toISOString().slice(0, 19).replace("T", " "),
  };
  const prepared = await call("prepare", { ...transaction, action: "0", error: "0", error_note: "Success" });
  if (prepared.error !== 0 || prepared.merchant_prepare_id === undefined) return back;
  const declined = choice.outcome === "decline";
  const complete = {
    ...transaction,
    action: "1",
    merchant_prepare_id: String(prepared.merchant_prepare_id),
    error: declined ? "-5017" : "0",
    error_note: declined ? "Insufficient funds" : "Success",
  };
  await call("complete", complete);
  // Click retries a callback it did not hear back from: the shop must answer the same, changing nothing.
  if (choice.outcome === "pay-twice") await call("complete", complete);
  return back;
}

/** Only back to the shop itself (an open redirect otherwise): its origin, then a safe path ("//evil" refused). */
export function safeReturn(url: string | undefined, origin: string): string {
  if (!url) return "/";
  try {
    const parsed = new URL(url, origin || "http://localhost");
    return origin && parsed.origin === origin ? safeReturnUrl(`${parsed.pathname}${parsed.search}`, FALLBACK_LANG, FALLBACK_LANG) : "/";
  } catch {
    return "/";
  }
}

/**
 * The stand-in of Click's Merchant API (/dev/pay/click-api/…): the reversal of a payment
 * (DELETE payment/reversal/<service>/<paydoc id>) and the fiscal data call (POST
 * payment/ofd_data/submit_items), each checking the Auth header as Click does.
 */
export async function clickApiStandIn(env: Env, request: Request, path: string): Promise<Response> {
  const cfg = clickConfig(env);
  const [user, , at] = (request.headers.get("Auth") ?? "").split(":");
  if (!cfg || !user || user !== env.CLICK_MERCHANT_USER_ID || request.headers.get("Auth") !== clickHeaders(user, cfg.secretKey, Number(at)).Auth)
    return Response.json({ error_code: -1, error_note: "Authorization failed" }, { status: 401 });
  const call = /^payment\/(reversal|status|ofd_data)\/(\d+)\/(\d+)$/.exec(path);
  if (call && call[2] === cfg.serviceId) {
    const [, op, , paydoc = ""] = call;
    if (request.method === "DELETE" && op === "reversal") {
      reversed.add(paydoc);
      return Response.json({ error_code: 0, error_note: "Success", payment_id: Number(paydoc) });
    }
    // Click documents 2 as a successful payment and no status of a reversed one: the stand-in answers -99 for it.
    if (request.method === "GET" && op === "status")
      return Response.json({ error_code: 0, error_note: "Success", payment_id: Number(paydoc), payment_status: reversed.has(paydoc) ? -99 : 2 });
    if (request.method === "GET" && op === "ofd_data")
      return Response.json({ paymentId: Number(paydoc), qrCodeURL: receipts.has(paydoc) ? `https://ofd.soliq.uz/check?p=${paydoc}` : "" });
  }
  if (request.method === "POST" && path === "payment/ofd_data/submit_items") {
    const body = (await request.json().catch(() => null)) as FiscalBody | null;
    if (!body || !fiscalBodyValid(body)) return Response.json({ error_code: -8, error_note: "Error in request" });
    receipts.add(String(body.payment_id));
    return Response.json({ error_code: 0, error_note: "Success" });
  }
  return Response.json({ error_code: -8, error_note: "Error in request" }, { status: 404 });
}

/** What the stand-in remembers of its calls (one isolate's: a local server's life). */
const reversed = new Set<string>();
const receipts = new Set<string>();

type FiscalItem = {
  SPIC?: string;
  PackageCode?: string;
  GoodPrice?: number;
  Price?: number;
  Amount?: number;
  Discount?: number;
  CommissionInfo?: { TIN?: string; PINFL?: string };
};
type FiscalBody = { payment_id?: number; items?: FiscalItem[]; received_ecash?: number; received_cash?: number; received_card?: number };

/** The fields Click's fiscal call needs (docs.click.uz, Fiscalization): codes, the seller, the price before its discount, the sums paid adding up. */
export function fiscalBodyValid(body: FiscalBody): boolean {
  const items = body.items ?? [];
  const itemsValid = items.every(
    (i) =>
      /^\d{17}$/.test(i.SPIC ?? "") &&
      Boolean(i.PackageCode) &&
      (/^\d{9}$/.test(i.CommissionInfo?.TIN ?? "") || /^\d{14}$/.test(i.CommissionInfo?.PINFL ?? "")) &&
      i.Price === (i.GoodPrice ?? 0) * (i.Amount ?? 0) &&
      (i.Discount ?? 0) <= (i.Price ?? 0),
  );
  const paid = items.reduce((s, i) => s + (i.Price ?? 0) - (i.Discount ?? 0), 0);
  return items.length > 0 && itemsValid && (body.received_card ?? 0) + (body.received_cash ?? 0) + (body.received_ecash ?? 0) === paid;
}
