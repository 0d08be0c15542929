import type { z } from "zod";
import { firstError, parseForm } from "~/forms/parse.server";
import { CART_INTENTS, type CartActionContext, type CartActionResult, type CartIntent, type Handler, NO_RULES, type Step } from "./intents.server";
import { add, changeSize, decrement, increment, moveToFavourites, remove } from "./line-actions.server";
import { getCartId, getShopper, type Shopper } from "~/server/request.server";
import { bonusesApply, bonusesRemove, delivery, promoApply, promoRemove } from "./setting-actions.server";

/**
 * One action for every cart form (Hydrogen-style `intent`); the cart page, the
 * product page's add form and the JSON endpoints all come here, so the rules
 * are one. Every form parses with its schema through conform; a refusal names
 * a translation key ("cart:errors.…", popup texts "common:cartPopup.…") and
 * carries the form's reply (its error and what was typed).
 */

const HANDLERS: Record<CartIntent, Handler<z.ZodType>> = {
  add,
  increment,
  decrement,
  delete: remove,
  "change-size": changeSize,
  "move-to-favourites": moveToFavourites,
  "promo-apply": promoApply,
  "promo-remove": promoRemove,
  "bonuses-apply": bonusesApply,
  "bonuses-remove": bonusesRemove,
  delivery,
};

/** Runs the form's intent with its own handler: parsed with its schema, given the request's resolved cart. */
export async function runCartAction(form: FormData | URLSearchParams, c: CartActionContext): Promise<CartActionResult> {
  const sent = String(form.get("intent") ?? "");
  const intent = (CART_INTENTS as readonly string[]).includes(sent) ? (sent as CartIntent) : null;
  const h = intent ? HANDLERS[intent] : null;
  // The form's parse: its reply keeps what was typed.
  const submission = parseForm(form, h?.schema ?? NO_RULES);
  const fail: Step["fail"] = (status, code, error, field, extra = {}) => ({
    ok: false,
    intent,
    status,
    code,
    error,
    ...(field ? { field } : {}),
    reply: submission.reply(field ? { fieldErrors: { [field]: [error] } } : { formErrors: [error] }),
    ...extra,
  });
  if (!intent || !h) return fail(400, "unknown_intent", "cart:errors.unknownIntent");
  let resolved: Promise<{ cartId: number | null; shopper: Shopper }> | undefined;
  const step: Step = {
    c,
    db: c.env.DB,
    intent,
    fail,
    cart: () => (resolved ??= Promise.all([getCartId(c.context), getShopper(c.context)]).then(([cartId, shopper]) => ({ cartId, shopper }))),
  };
  if (submission.status !== "success") return h.invalid(firstError(submission.error), step);
  return h.run(submission.value, step);
}
