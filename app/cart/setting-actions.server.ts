import { clientAddress, hit } from "~/server/rate-limit.server";
import { cityExists, deliveryOptions, deliveryTypeEnabled } from "~/delivery/index.server";
import { findPromo, getCartView, setBonuses, setDelivery, setPromoCode } from "./cart.server";
import { type Fail, handler, NO_RULES, type Step } from "./intents.server";
import type { Shopper } from "~/server/request.server";
import { bonusesSchema, deliverySchema, promoSchema } from "./schema";
import { promoDiscount } from "./summary";

// The intents on the cart's own settings: a promo code, bonuses, the delivery.

/** Promo code tries per client address per 10 minutes. */
export const PROMO_TRIES = 20;

/** The cart's own settings (a code, bonuses, delivery) need a cart. */
async function existingCart(s: Step): Promise<{ cartId: number; shopper: Shopper } | Fail> {
  const { cartId, shopper } = await s.cart();
  return cartId === null ? s.fail(409, "cart_empty", "cart:errors.cartEmpty") : { cartId, shopper };
}

export const promoApply = handler({
  schema: promoSchema,
  invalid: (issue, s) => s.fail(400, "promo_invalid", issue.message, "promoCode"),
  async run({ promoCode }, s) {
    const { c, db } = s;
    const cart = await existingCart(s);
    if ("ok" in cart) return cart;
    const { cartId, shopper } = cart;
    const view = await getCartView(c.env, c.lang, cartId, c.now);
    if (view.lines.length === 0) return s.fail(409, "cart_empty", "cart:errors.cartEmpty", "promoCode");
    if (view.summary.couponsAmount > 0) return s.fail(409, "promo_already", "cart:errors.promoAlready", "promoCode");
    // Codes are secrets worth guessing: 20 tries per address per 10 minutes.
    const tries = await hit(db, `promo:ip:${clientAddress(c.request)}`, PROMO_TRIES, 600);
    if (!tries.allowed) return s.fail(429, "promo_limited", "cart:errors.promoLimited", "promoCode", { retryAfter: tries.retryAfter });
    const promo = await findPromo(db, promoCode, shopper.owner.userId);
    const check = promoDiscount(promo, view.lines, shopper.owner.userId !== null, c.now ?? Math.floor(Date.now() / 1000));
    if (!check.ok) return s.fail(422, "promo_invalid", `cart:errors.promo.${check.problem}`, "promoCode");
    await setPromoCode(db, cartId, promoCode);
    return { ok: true, intent: s.intent, notice: "promoApplied" };
  },
});

/** A cart setting taken away (a promo code, bonuses): nothing to parse, the cart's setting cleared. */
const settingRemoval = (notice: string, clear: (db: D1Database, cartId: number) => Promise<void>) =>
  handler({
    schema: NO_RULES,
    invalid: (_issue, s) => s.fail(400, "unknown_intent", "cart:errors.unknownIntent"),
    async run(_value, s) {
      const cart = await existingCart(s);
      if ("ok" in cart) return cart;
      await clear(s.db, cart.cartId);
      return { ok: true, intent: s.intent, notice };
    },
  });

export const promoRemove = settingRemoval("promoRemoved", (db, cartId) => setPromoCode(db, cartId, null));

export const bonusesApply = handler({
  schema: bonusesSchema,
  invalid: (_issue, s) => s.fail(400, "bonuses_invalid", "cart:errors.bonuses", "bonuses"),
  async run(value, s) {
    const cart = await existingCart(s);
    if ("ok" in cart) return cart;
    const view = await getCartView(s.c.env, s.c.lang, cart.cartId, s.c.now);
    const { bonuses } = view.summary;
    if (!bonuses.hasCard || bonuses.available <= 0) return s.fail(403, "bonuses_unavailable", "cart:errors.bonusesUnavailable", "bonuses");
    if (value.bonuses > bonuses.canBeUsed) return s.fail(422, "bonuses_invalid", "cart:errors.bonusesTooMany", "bonuses");
    await setBonuses(s.db, cart.cartId, value.bonuses);
    return { ok: true, intent: s.intent, notice: "bonusesApplied" };
  },
});

export const bonusesRemove = settingRemoval("bonusesRemoved", (db, cartId) => setBonuses(db, cartId, 0));

export const delivery = handler({
  schema: deliverySchema,
  invalid: (issue, s) => s.fail(400, "delivery_invalid", issue.message, issue.field),
  async run({ cityId, deliveryTypeId }, s) {
    const { c, db } = s;
    const cart = await existingCart(s);
    if ("ok" in cart) return cart;
    if (!(await cityExists(db, cityId))) return s.fail(400, "delivery_invalid", "cart:errors.cityRequired", "cityId");
    // A disabled or unknown type is never offered: refused, never priced.
    if (deliveryTypeId !== undefined && !(await deliveryTypeEnabled(db, deliveryTypeId)))
      return s.fail(422, "delivery_invalid", "cart:errors.deliveryType", "deliveryTypeId");
    // A type the city does not have (the city changed): keep the city, ask for a type again, and say why.
    const notInCity = deliveryTypeId !== undefined && !(await deliveryOptions(db, c.lang, cityId)).some((o) => o.id === deliveryTypeId);
    await setDelivery(db, cart.cartId, cityId, notInCity ? null : (deliveryTypeId ?? null));
    return { ok: true, intent: s.intent, notice: notInCity ? "deliveryTypeNotInCity" : "deliveryUpdated" };
  },
});
