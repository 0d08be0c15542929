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
import { cartForWrite, getCartId, getShopper, rememberCartId } from "./owner.server";
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

export async function runCartAction(form: FormData | URLSearchParams, c: CartActionContext): Promise<CartActionResult> {
  const db = c.env.DB;
  const sent = String(form.get("intent") ?? "");
  const intent = (CART_INTENTS as readonly string[]).includes(sent) ? (sent as CartIntent) : null;
  // The form's parse so far: its reply keeps what was typed.
  let submission: ReturnType<typeof parseForm> | null = null;
  const parse = <Schema extends z.ZodType>(schema: Schema) => {
    const parsed = parseForm(form, schema);
    submission = parsed;
    return parsed;
  };
  const fail = (status: number, code: string, error: string, field?: string, extra: Partial<Fail> = {}): Fail => ({
    ok: false,
    intent,
    status,
    code,
    error,
    ...(field ? { field } : {}),
    reply: (submission ?? parseForm(form, NO_RULES)).reply(field ? { fieldErrors: { [field]: [error] } } : { formErrors: [error] }),
    ...extra,
  });
  if (!intent) return fail(400, "unknown_intent", "cart:errors.unknownIntent");
  // A double click sends a form twice (without JavaScript as two page requests, the browser
  // showing the second's answer; with it React Router sends the second and drops the first's).
  // A page's copy of an add is the same add, not a second one (the JavaScript add button ignores
  // a press in flight; API clients mean what they send). A copy of a removal or a size change
  // from the cart page's forms finds its line gone, which is what it asked for: it answers as the first.
  // A stepper's "−" or "+" pressed twice is two steps either way.
  const asPage = c.request.headers.get("Sec-Fetch-Dest") === "document";
  /** A refused add still answers with the popup's data (the error variant, with the cart as it is). */
  const addFailure = async (status: number, code: string, field: string, product: SkuProduct | null): Promise<Fail> => {
    const view = await getCartView(c.env, c.lang, await getCartId(c.context), c.now);
    return fail(status, code, `common:cartPopup.${code}`, field, { popup: popupOf(false, code, `cartPopup.${code}`, product, view) });
  };

  if (intent === "add") {
    const parsed = parse(addSchema);
    if (parsed.status !== "success") {
      const issue = firstError(parsed.error);
      const known = addParseFailure(issue.message);
      return addFailure(known.status, known.code, issue.field, null);
    }
    const { primaryId, purchasableId, quantity } = parsed.value;
    // The product, the shopper's cart and the session in one round trip.
    const [product, existing, shopper] = await Promise.all([productOfSku(db, c.lang, purchasableId), getCartId(c.context), getShopper(c.context)]);
    if (!product || (primaryId !== undefined && product.id !== primaryId)) return addFailure(404, "unknown_product", "purchasableId", null);
    if (product.salePrice === 0) return addFailure(409, "price_hidden", "purchasableId", product);
    const cart = await cartForWrite(c.env, c.request, shopper, existing);
    if ("limited" in cart) return fail(429, "rate_limited", "common:cartPopup.rate_limited", "purchasableId", { retryAfter: cart.retryAfter });
    const { cartId } = cart;
    rememberCartId(c.context, cartId);
    // The add and the cart read back in one batch (one transaction): one round trip, and a
    // batch D1 refused added nothing.
    const repeat = asPage ? { now: Date.now(), windowMs: REPEATED_ADD_MS } : { now: null, windowMs: 0 };
    const { added, readBack } = await addLineReadingBack(db, cartId, purchasableId, quantity, repeat, cartViewStatements(db, c.lang, cartId));
    const view = readBack ? cartViewOf(c.env, readBack, c.now) : await getCartView(c.env, c.lang, cartId, c.now);
    if (!added.ok) {
      const { code, error } = stockFailure(added.reason);
      const inCart = view.lines.find((l) => l.skuId === purchasableId)?.quantity ?? 0;
      const vars = { stock: product.stock, inCart };
      return fail(409, code, error, "purchasableId", { popup: popupOf(false, code, error, product, view, vars) });
    }
    return { ok: true, intent, notice: "added", product, view, popup: popupOf(true, null, "cartPopup.added", product, view) };
  }

  // Everything else works on an existing cart, scoped to this shopper.
  const [cartId, shopper] = await Promise.all([getCartId(c.context), getShopper(c.context)]);
  if (intent === "increment" || intent === "decrement" || intent === "delete" || intent === "move-to-favourites") {
    const parsed = parse(lineSchema);
    if (parsed.status !== "success") return fail(400, "unknown_line", "cart:errors.unknownLine", "purchasableId");
    const skuId = parsed.value.purchasableId;
    const line = await findLine(db, cartId, skuId);
    if (cartId !== null && !line && c.fromForm) {
      if (intent === "delete") return { ok: true, intent, notice: "removed" };
      const product = intent === "move-to-favourites" ? await productOfSku(db, c.lang, skuId) : null;
      if (product && (await favouriteOf(db, favouritesOwner(shopper.owner.userId, shopper.session), product.id)))
        return { ok: true, intent, notice: "movedToFavourites" };
    }
    if (cartId === null || !line) return fail(404, "unknown_line", "cart:errors.unknownLine", "purchasableId");
    if (intent === "increment") {
      const added = await addLine(db, cartId, skuId, 1);
      if (!added.ok) return fail(409, stockFailure(added.reason).code, "cart:errors.notEnoughStock", "purchasableId");
      return { ok: true, intent, notice: "updated" };
    }
    await removeLine(db, cartId, skuId, intent !== "decrement");
    if (intent === "move-to-favourites") {
      await addFavourite(db, favouritesOwner(shopper.owner.userId, shopper.session), line.productId, skuId);
      return { ok: true, intent, notice: "movedToFavourites" };
    }
    return { ok: true, intent, notice: intent === "delete" ? "removed" : "updated" };
  }

  if (intent === "change-size") {
    const parsed = parse(changeSizeSchema);
    if (parsed.status !== "success") {
      const issue = firstError(parsed.error);
      return fail(400, issue.field === "newPurchasableId" ? "size_required" : "unknown_line", issue.message, issue.field);
    }
    const { purchasableId, newPurchasableId } = parsed.value;
    const line = await findLine(db, cartId, purchasableId);
    if (cartId !== null && !line && c.fromForm && (await findLine(db, cartId, newPurchasableId))) return { ok: true, intent, notice: "updated" };
    if (cartId === null || !line) return fail(404, "unknown_line", "cart:errors.unknownLine", "purchasableId");
    if (newPurchasableId === purchasableId) return { ok: true, intent, notice: "updated" };
    if (!line.skuIds.includes(newPurchasableId)) return fail(400, "unknown_product", "cart:errors.unknownSize", "newPurchasableId");
    // Spec: one of the new size in, one of the old out; the add is checked against stock first.
    const added = await addLine(db, cartId, newPurchasableId, 1);
    if (!added.ok)
      return fail(
        409,
        stockFailure(added.reason).code,
        added.reason === "outOfStock" ? "cart:errors.outOfStock" : "cart:errors.notEnoughStock",
        "newPurchasableId",
      );
    // The old line went away meanwhile (another tab): take the added one back, nothing gained.
    if (!(await removeLine(db, cartId, purchasableId))) await removeLine(db, cartId, newPurchasableId);
    return { ok: true, intent, notice: "updated" };
  }

  if (cartId === null) return fail(409, "cart_empty", "cart:errors.cartEmpty");

  switch (intent) {
    case "promo-apply": {
      const parsed = parse(promoSchema);
      if (parsed.status !== "success") return fail(400, "promo_invalid", firstError(parsed.error).message, "promoCode");
      const view = await getCartView(c.env, c.lang, cartId, c.now);
      if (view.lines.length === 0) return fail(409, "cart_empty", "cart:errors.cartEmpty", "promoCode");
      if (view.summary.couponsAmount > 0) return fail(409, "promo_already", "cart:errors.promoAlready", "promoCode");
      // Codes are secrets worth guessing: 20 tries per address per 10 minutes.
      const tries = await hit(db, `promo:ip:${clientAddress(c.request)}`, PROMO_TRIES, 600);
      if (!tries.allowed) return fail(429, "promo_limited", "cart:errors.promoLimited", "promoCode", { retryAfter: tries.retryAfter });
      const promo = await findPromo(db, parsed.value.promoCode, shopper.owner.userId);
      const check = promoDiscount(promo, view.lines, shopper.owner.userId !== null, c.now ?? Math.floor(Date.now() / 1000));
      if (!check.ok) return fail(422, "promo_invalid", `cart:errors.promo.${check.problem}`, "promoCode");
      await setPromoCode(db, cartId, parsed.value.promoCode);
      return { ok: true, intent, notice: "promoApplied" };
    }
    case "promo-remove":
      await setPromoCode(db, cartId, null);
      return { ok: true, intent, notice: "promoRemoved" };
    case "bonuses-apply": {
      const parsed = parse(bonusesSchema);
      if (parsed.status !== "success") return fail(400, "bonuses_invalid", "cart:errors.bonuses", "bonuses");
      const view = await getCartView(c.env, c.lang, cartId, c.now);
      const { bonuses } = view.summary;
      if (!bonuses.hasCard || bonuses.available <= 0) return fail(403, "bonuses_unavailable", "cart:errors.bonusesUnavailable", "bonuses");
      if (parsed.value.bonuses > bonuses.canBeUsed) return fail(422, "bonuses_invalid", "cart:errors.bonusesTooMany", "bonuses");
      await setBonuses(db, cartId, parsed.value.bonuses);
      return { ok: true, intent, notice: "bonusesApplied" };
    }
    case "bonuses-remove":
      await setBonuses(db, cartId, 0);
      return { ok: true, intent, notice: "bonusesRemoved" };
    case "delivery": {
      const parsed = parse(deliverySchema);
      if (parsed.status !== "success") {
        const issue = firstError(parsed.error);
        return fail(400, "delivery_invalid", issue.message, issue.field);
      }
      const { cityId, deliveryTypeId } = parsed.value;
      if (!(await cityExists(db, cityId))) return fail(400, "delivery_invalid", "cart:errors.cityRequired", "cityId");
      // A disabled or unknown type is never offered: refused, never priced.
      if (deliveryTypeId !== undefined && !(await deliveryTypeEnabled(db, deliveryTypeId)))
        return fail(422, "delivery_invalid", "cart:errors.deliveryType", "deliveryTypeId");
      // A type the city does not have (the city changed): keep the city, ask for a type again, and say why.
      const notInCity = deliveryTypeId !== undefined && !(await deliveryOptions(db, c.lang, cityId)).some((o) => o.id === deliveryTypeId);
      await setDelivery(db, cartId, cityId, notInCity ? null : (deliveryTypeId ?? null));
      return { ok: true, intent, notice: notInCity ? "deliveryTypeNotInCity" : "deliveryUpdated" };
    }
  }
  return fail(400, "unknown_intent", "cart:errors.unknownIntent");
}
