import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { type FormReply, firstError, parseForm } from "~/forms/parse.server";
import type { Lang } from "~/i18n/languages";
import { clientAddress, hit } from "~/server/rate-limit.server";
import { cityExists, deliveryOptions, deliveryTypeEnabled } from "~/delivery/index.server";
import { addFavourite, favouriteOf, favouritesOwner } from "~/favourites/index.server";
import {
  cartViewOf,
  cartViewStatements,
  findLine,
  findPromo,
  getCartView,
  productOfSku,
  setBonuses,
  setDelivery,
  setPromoCode,
  type CartView,
  type SkuProduct,
} from "./cart.server";
import { addLine, addLineReadingBack, removeLine } from "./lines.server";
import { getCartId, getShopper, rememberCartId, type Shopper } from "~/server/request.server";
import { cartForWrite } from "./owner.server";
import type { CartPopupData } from "./popup";
import { addSchema, bonusesSchema, changeSizeSchema, deliverySchema, lineSchema, promoSchema } from "./schema";
import { promoDiscount } from "./summary";

/**
 * One action for every cart form (Hydrogen-style `intent`); the cart page, the
 * product page's add form and the JSON endpoints all come here, so the rules
 * are one. Every form parses with its schema through conform; a refusal names
 * a translation key ("cart:errors.…", popup texts "common:cartPopup.…") and
 * carries the form's reply (its error and what was typed).
 */

export const CART_INTENTS = [
  "add",
  "increment",
  "decrement",
  "delete",
  "change-size",
  "move-to-favourites",
  "promo-apply",
  "promo-remove",
  "bonuses-apply",
  "bonuses-remove",
  "delivery",
] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

export type CartActionResult =
  | { ok: true; intent: CartIntent; notice: string; popup?: CartPopupData; product?: SkuProduct; view?: CartView }
  | {
      ok: false;
      intent: CartIntent | null;
      status: number;
      /** Machine code (is_out_of_stock …) and the message key. */
      code: string;
      error: string;
      field?: string;
      reply: FormReply;
      popup?: CartPopupData;
      /** Seconds until a rate limit lets the shopper try again (429 only). */
      retryAfter?: number;
    };

/** Promo code tries per client address per 10 minutes. */
export const PROMO_TRIES = 20;

/** `fromForm`: the shop's own forms sent it (the cart route's action: as a page, or as the enhanced form's request), not the JSON API. */
export type CartActionContext = {
  /** The request's context: its cart id is looked up once, and set by an add that makes the cart. */
  context: Readonly<RouterContextProvider>;
  env: Env;
  request: Request;
  lang: Lang;
  now?: number;
  fromForm?: boolean;
};

type Fail = Extract<CartActionResult, { ok: false }>;

/** A refused add's code and message key (cart namespace, or the popup's). */
function stockFailure(reason: "unknownSku" | "outOfStock" | "notEnoughStock" | "badQuantity"): { code: string; error: string } {
  const code = { outOfStock: "is_out_of_stock", unknownSku: "unknown_product", notEnoughStock: "not_enough_stock", badQuantity: "quantity" }[reason];
  return { code, error: `common:cartPopup.${code}` };
}

/** For refusals no schema decides (an unknown intent): the reply carries only the error and what was sent. */
const NO_RULES = z.object({});

// Add errors are named by code; their texts are common "cartPopup.<code>" (the popup shows them anywhere).
const ADD_ERRORS: Record<string, { code: string; status: number }> = {
  "cart:errors.sizeRequired": { code: "size_required", status: 400 },
  "cart:errors.unknownProduct": { code: "unknown_product", status: 404 },
  "cart:errors.quantity": { code: "quantity", status: 400 },
};

/** The code and status of an add refused by the add schema (its message key). */
export function addParseFailure(message: string): { code: string; status: number } {
  return ADD_ERRORS[message] ?? { code: "quantity", status: 400 };
}

/** The popup after an add, success or failure (texts: common "cartPopup.*"). */
function popupOf(
  status: boolean,
  code: string | null,
  message: string,
  product: SkuProduct | null,
  view: CartView,
  vars?: CartPopupData["vars"],
): CartPopupData {
  return {
    status,
    code,
    message,
    ...(vars ? { vars } : {}),
    product: product
      ? {
          id: product.id,
          slug: product.slug,
          name: product.name,
          brand: product.brand,
          color: product.color,
          size: product.size,
          sizes: product.sizes,
          firstPrice: product.firstPrice,
          salePrice: product.salePrice,
          inClub: product.inClub,
          image: product.image,
        }
      : null,
    cart: { quantity: view.summary.quantity, items: view.summary.items, total: view.summary.total },
    at: Date.now(),
  };
}

/**
 * Two identical adds sent as pages within this many ms are one press sent twice: a double
 * click's interval is ≤ 500 ms (the systems' default), with room for the requests' jitter; an
 * add on purpose after the page has come back takes longer.
 */
const REPEATED_ADD_MS = 800;

/** What a handler is given: the request, its refusal (with the form's reply) and the request's cart, resolved once. */
type Step = {
  c: CartActionContext;
  db: D1Database;
  intent: CartIntent;
  /** A refusal with its code, message key and field; the reply keeps what was typed. */
  fail: (status: number, code: string, error: string, field?: string, extra?: Partial<Fail>) => Fail;
  /** The request's cart id (null: none yet) and its shopper. */
  cart: () => Promise<{ cartId: number | null; shopper: Shopper }>;
};

/**
 * One intent: its schema, what a form the schema refused answers, and what it does with the
 * parsed value. `run` is given the request's resolved cart through `Step`.
 */
type Handler<S extends z.ZodType> = {
  schema: S;
  invalid: (issue: { field: string; message: string }, s: Step) => Fail | Promise<Fail>;
  run: (value: z.output<S>, s: Step) => Promise<CartActionResult>;
};
const handler = <S extends z.ZodType>(h: Handler<S>): Handler<z.ZodType> => h as unknown as Handler<z.ZodType>;

/** A refused add still answers with the popup's data (the error variant, with the cart as it is). */
async function addFailure(s: Step, status: number, code: string, field: string, product: SkuProduct | null): Promise<Fail> {
  const view = await getCartView(s.c.env, s.c.lang, await getCartId(s.c.context), s.c.now);
  return s.fail(status, code, `common:cartPopup.${code}`, field, { popup: popupOf(false, code, `cartPopup.${code}`, product, view) });
}

const add = handler({
  schema: addSchema,
  invalid: (issue, s) => {
    const known = addParseFailure(issue.message);
    return addFailure(s, known.status, known.code, issue.field, null);
  },
  async run({ primaryId, purchasableId, quantity }, s) {
    const { c, db } = s;
    // The product, the shopper's cart and the session in one round trip.
    const [product, { cartId: existing, shopper }] = await Promise.all([productOfSku(db, c.lang, purchasableId), s.cart()]);
    if (!product || (primaryId !== undefined && product.id !== primaryId)) return addFailure(s, 404, "unknown_product", "purchasableId", null);
    if (product.salePrice === 0) return addFailure(s, 409, "price_hidden", "purchasableId", product);
    const cart = await cartForWrite(c.env, c.request, shopper, existing);
    if ("limited" in cart) return s.fail(429, "rate_limited", "common:cartPopup.rate_limited", "purchasableId", { retryAfter: cart.retryAfter });
    const { cartId } = cart;
    rememberCartId(c.context, cartId);
    // A double click sends a form twice (without JavaScript as two page requests, the browser
    // showing the second's answer; with it React Router sends the second and drops the first's).
    // A page's copy of an add is the same add, not a second one (the JavaScript add button ignores
    // a press in flight; API clients mean what they send).
    const asPage = c.request.headers.get("Sec-Fetch-Dest") === "document";
    const repeat = asPage ? { now: Date.now(), windowMs: REPEATED_ADD_MS } : { now: null, windowMs: 0 };
    // The add and the cart read back in one batch (one transaction): one round trip, and a
    // batch D1 refused added nothing.
    const { added, readBack } = await addLineReadingBack(db, cartId, purchasableId, quantity, repeat, cartViewStatements(db, c.lang, cartId));
    const view = readBack ? cartViewOf(c.env, readBack, c.now) : await getCartView(c.env, c.lang, cartId, c.now);
    if (!added.ok) {
      const { code, error } = stockFailure(added.reason);
      const inCart = view.lines.find((l) => l.skuId === purchasableId)?.quantity ?? 0;
      const vars = { stock: product.stock, inCart };
      return s.fail(409, code, error, "purchasableId", { popup: popupOf(false, code, error, product, view, vars) });
    }
    return { ok: true, intent: "add", notice: "added", product, view, popup: popupOf(true, null, "cartPopup.added", product, view) };
  },
});

const unknownLine = (_issue: unknown, s: Step) => s.fail(400, "unknown_line", "cart:errors.unknownLine", "purchasableId");

/**
 * The shopper's line of a sku, or what the intent answers without one. A copy of a removal or a
 * size change sent twice by the cart page's forms (a double click) finds its line gone, which is
 * what it asked for: `gone` says whether that answers as the first did.
 */
async function ownLine(
  s: Step,
  skuId: number,
  gone: (cartId: number, shopper: Shopper) => Promise<CartActionResult | null> = async () => null,
): Promise<{ cartId: number; shopper: Shopper; line: NonNullable<Awaited<ReturnType<typeof findLine>>> } | { answer: CartActionResult }> {
  const { cartId, shopper } = await s.cart();
  const line = await findLine(s.db, cartId, skuId);
  if (cartId !== null && !line && s.c.fromForm) {
    const answer = await gone(cartId, shopper);
    if (answer) return { answer };
  }
  if (cartId === null || !line) return { answer: s.fail(404, "unknown_line", "cart:errors.unknownLine", "purchasableId") };
  return { cartId, shopper, line };
}

// A stepper's "−" or "+" pressed twice is two steps either way.
const increment = handler({
  schema: lineSchema,
  invalid: unknownLine,
  async run({ purchasableId }, s) {
    const own = await ownLine(s, purchasableId);
    if ("answer" in own) return own.answer;
    const added = await addLine(s.db, own.cartId, purchasableId, 1);
    if (!added.ok) return s.fail(409, stockFailure(added.reason).code, "cart:errors.notEnoughStock", "purchasableId");
    return { ok: true, intent: s.intent, notice: "updated" };
  },
});

/** One of the line's units out ("−"), or the whole line: a removal sent twice finds its line gone, as it asked. */
const lineRemoval = (whole: boolean) =>
  handler({
    schema: lineSchema,
    invalid: unknownLine,
    async run({ purchasableId }, s) {
      const notice = whole ? "removed" : "updated";
      const own = await ownLine(s, purchasableId, whole ? async () => ({ ok: true, intent: s.intent, notice }) : undefined);
      if ("answer" in own) return own.answer;
      await removeLine(s.db, own.cartId, purchasableId, whole);
      return { ok: true, intent: s.intent, notice };
    },
  });
const decrement = lineRemoval(false);
const remove = lineRemoval(true);

const moveToFavourites = handler({
  schema: lineSchema,
  invalid: unknownLine,
  async run({ purchasableId }, s) {
    const moved: CartActionResult = { ok: true, intent: s.intent, notice: "movedToFavourites" };
    const own = await ownLine(s, purchasableId, async (_cartId, shopper) => {
      const product = await productOfSku(s.db, s.c.lang, purchasableId);
      return product && (await favouriteOf(s.db, favouritesOwner(shopper.owner.userId, shopper.session), product.id)) ? moved : null;
    });
    if ("answer" in own) return own.answer;
    await removeLine(s.db, own.cartId, purchasableId, true);
    await addFavourite(s.db, favouritesOwner(own.shopper.owner.userId, own.shopper.session), own.line.productId, purchasableId);
    return moved;
  },
});

const changeSize = handler({
  schema: changeSizeSchema,
  invalid: (issue, s) => s.fail(400, issue.field === "newPurchasableId" ? "size_required" : "unknown_line", issue.message, issue.field),
  async run({ purchasableId, newPurchasableId }, s) {
    const { db } = s;
    const updated: CartActionResult = { ok: true, intent: s.intent, notice: "updated" };
    const own = await ownLine(s, purchasableId, async (cartId) => ((await findLine(db, cartId, newPurchasableId)) ? updated : null));
    if ("answer" in own) return own.answer;
    const { cartId, line } = own;
    if (newPurchasableId === purchasableId) return updated;
    if (!line.skuIds.includes(newPurchasableId)) return s.fail(400, "unknown_product", "cart:errors.unknownSize", "newPurchasableId");
    // Spec: one of the new size in, one of the old out; the add is checked against stock first.
    const added = await addLine(db, cartId, newPurchasableId, 1);
    if (!added.ok)
      return s.fail(
        409,
        stockFailure(added.reason).code,
        added.reason === "outOfStock" ? "cart:errors.outOfStock" : "cart:errors.notEnoughStock",
        "newPurchasableId",
      );
    // The old line went away meanwhile (another tab): take the added one back, nothing gained.
    if (!(await removeLine(db, cartId, purchasableId))) await removeLine(db, cartId, newPurchasableId);
    return updated;
  },
});

/** The cart's own settings (a code, bonuses, delivery) need a cart. */
async function existingCart(s: Step): Promise<{ cartId: number; shopper: Shopper } | Fail> {
  const { cartId, shopper } = await s.cart();
  return cartId === null ? s.fail(409, "cart_empty", "cart:errors.cartEmpty") : { cartId, shopper };
}

const promoApply = handler({
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

const promoRemove = settingRemoval("promoRemoved", (db, cartId) => setPromoCode(db, cartId, null));

const bonusesApply = handler({
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

const bonusesRemove = settingRemoval("bonusesRemoved", (db, cartId) => setBonuses(db, cartId, 0));

const delivery = handler({
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
