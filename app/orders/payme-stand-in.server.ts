import type { z } from "zod";
import { safeReturn } from "./click-stand-in.server";
import { REASON } from "./payme.server";
import { paymeConfig } from "./providers.server";
import type { devPaymeSchema } from "./schema";

/**
 * Plays Payme's part locally (DEV_PAYMENTS=1): its checkout page (/dev/pay/payme/<base64>) and
 * its business cabinet's refund (/dev/pay/payme-cabinet). After the shopper's choice on the page it makes the calls
 * Payme's servers make to the shop's endpoint, through the Worker's own entry (`dispatch`),
 * with the configured key (or, for `bad-key`, another), then sends the shopper back to `c`.
 */

type Dispatch = (request: Request) => Promise<Response>;

/** The checkout's parameters ("m=…;ac.order_id=…;a=…;l=…;c=…"), decoded; null when they are not Payme's. */
export function paymeParamsOf(encoded: string): { merchant: string; order: string; amount: number; lang: string; back: string } | null {
  let text: string;
  try {
    text = new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
  const fields = new Map(
    text.split(";").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at), part.slice(at + 1)] as const;
    }),
  );
  const amount = Number(fields.get("a"));
  const order = fields.get("ac.order_id");
  if (!fields.get("m") || !order || !Number.isSafeInteger(amount) || amount <= 0) return null;
  return { merchant: fields.get("m")!, order, amount, lang: fields.get("l") ?? "ru", back: fields.get("c") ?? "" };
}

type RpcAnswer = { result?: Record<string, unknown>; error?: { code: number } };

function rpc(origin: string, dispatch: Dispatch, key: string) {
  let id = 0;
  return async (method: string, params: Record<string, unknown>): Promise<RpcAnswer> => {
    const response = await dispatch(
      new Request(`${origin || "http://localhost"}/api/payment/payme`, {
        method: "POST",
        headers: { "Content-Type": "application/json; charset=UTF-8", Authorization: `Basic ${btoa(`Paycom:${key}`)}` },
        body: JSON.stringify({ method, params, id: ++id }),
      }),
    );
    return (await response.json()) as RpcAnswer;
  };
}

/** The shopper's choice on the stand-in's page: Payme's calls, then where Payme sends the shopper. */
export async function playPayme(env: Env, origin: string, dispatch: Dispatch, choice: z.output<typeof devPaymeSchema>): Promise<string> {
  const cfg = paymeConfig(env);
  const params = paymeParamsOf(choice.params);
  if (!cfg || !params) return "/";
  const back = safeReturn(params.back, origin);
  if (choice.outcome === "cancel") return back;
  const call = rpc(origin, dispatch, choice.outcome === "bad-key" ? `${cfg.key}-wrong` : cfg.key);
  const account = { order_id: params.order };
  const amount = choice.outcome === "wrong-amount" ? params.amount + 100 : params.amount;
  const checked = await call("CheckPerformTransaction", { amount, account });
  if (checked.error) return back;
  const trans = [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const create = { id: trans, time: Date.now(), amount, account };
  const created = await call("CreateTransaction", create);
  if (created.error) return back;
  if (choice.outcome === "decline") {
    await call("CancelTransaction", { id: trans, reason: REASON.debit });
    return back;
  }
  // Payme repeats a call it did not hear back from: the shop must answer the same, changing nothing.
  if (choice.outcome === "pay-twice") await call("CreateTransaction", create);
  await call("PerformTransaction", { id: trans });
  if (choice.outcome === "pay-twice") await call("PerformTransaction", { id: trans });
  return back;
}

/**
 * The stand-in of Payme's business cabinet, where an operator gives a shopper's money back
 * (`{"transaction": "<Payme's id>"}`): Payme then calls the shop's CancelTransaction on the paid
 * transaction (reason 5, money back), and the cabinet shows the state the shop answered, or its error.
 */
export async function paymeCabinetStandIn(env: Env, origin: string, dispatch: Dispatch, request: Request): Promise<Response> {
  const cfg = paymeConfig(env);
  const body = (await request.json().catch(() => null)) as { transaction?: unknown } | null;
  if (!cfg || typeof body?.transaction !== "string") return Response.json({ error: { code: -32600, message: "Invalid request" } }, { status: 400 });
  const cancelled = await rpc(origin, dispatch, cfg.key)("CancelTransaction", { id: body.transaction, reason: REASON.refund });
  return Response.json(cancelled.error ? { error: cancelled.error } : { result: cancelled.result });
}
