import { addFavourite, favouriteOf, favouritesOwner } from "~/favourites/index.server";
import { cartViewOf, cartViewStatements, findLine, getCartView, productOfSku, type CartView, type SkuProduct } from "./cart.server";
import { type CartActionResult, type Fail, handler, type Step } from "./intents.server";
import { addLine, addLineReadingBack, removeLine } from "./lines.server";
import { getCartId, rememberCartId, type Shopper } from "~/server/request.server";
import { cartForWrite } from "./owner.server";
import type { CartPopupData } from "./popup";
import { addSchema, changeSizeSchema, lineSchema } from "./schema";

// The intents on the cart's lines: add (with the popup's data), the stepper,
// removal, the move to favourites and a change of size.

/** A refused add's code and message key (cart namespace, or the popup's). */
function stockFailure(reason: "unknownSku" | "outOfStock" | "notEnoughStock" | "badQuantity"): { code: string; error: string } {
  const code = { outOfStock: "is_out_of_stock", unknownSku: "unknown_product", notEnoughStock: "not_enough_stock", badQuantity: "quantity" }[reason];
  return { code, error: `common:cartPopup.${code}` };
}

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

/** A refused add still answers with the popup's data (the error variant, with the cart as it is). */
async function addFailure(s: Step, status: number, code: string, field: string, product: SkuProduct | null): Promise<Fail> {
  const view = await getCartView(s.c.env, s.c.lang, await getCartId(s.c.context), s.c.now);
  return s.fail(status, code, `common:cartPopup.${code}`, field, { popup: popupOf(false, code, `cartPopup.${code}`, product, view) });
}

export const add = handler({
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
export const increment = handler({
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
export const decrement = lineRemoval(false);
export const remove = lineRemoval(true);

export const moveToFavourites = handler({
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

export const changeSize = handler({
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
