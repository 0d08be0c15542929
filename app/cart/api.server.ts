import type { TFunction } from "~/i18n/translate";
import type { AppContext } from "~/server/context.server";
import { nextPageHeader } from "~/server/api.server";
import { formatUzs } from "~/i18n/format";
import type { Lang } from "~/i18n/languages";
import { localizePath } from "~/i18n/url";
import type { CartActionResult } from "./intents.server";
import type { CartLine, CartView } from "./cart.server";
import type { CartPopupData } from "./popup";

/** What the JSON answers of one request need: the language, its texts, absolute product links. */
export type JsonContext = { t: TFunction; lang: Lang; origin: string; productPath: (slug: string) => string; price: (amount: number) => string };

export function jsonContext(app: AppContext, lang: Lang, t: TFunction): JsonContext {
  return {
    t,
    lang,
    origin: app.origin,
    productPath: (slug) => localizePath(`/product/${slug}`, lang, app.defaultLang),
    price: (amount) => formatUzs(amount, lang),
  };
}

/** A refused cart action's message in the request's language. */
export function failureMessage(t: TFunction, result: Extract<CartActionResult, { ok: false }>): string {
  return t(result.error, result.popup?.vars);
}

/** The popup as the JSON API answers it: its message as text in the request's language, not a key. */
export function popupJson(t: TFunction, popup: CartPopupData | undefined): CartPopupData | null {
  return popup ? { ...popup, message: t(popup.message, popup.vars) } : null;
}

/** The lines of a cart, as the JSON answers list them. */
export function itemsJson(view: CartView, c: JsonContext) {
  return view.lines.map((l) => lineJson(l, c));
}

/** A cart line as the JSON API answers it (docs/api.md). */
export function lineJson(l: CartLine, { t, origin, productPath }: JsonContext) {
  return {
    id: l.skuId,
    primaryId: l.productId,
    purchasableId: l.skuId,
    quantity: l.quantity,
    quantity_word: t("cart:items", { count: l.quantity }),
    position: {
      product: {
        id: l.productId,
        orderVendorId: l.vendorId,
        name: l.name,
        brand: { name: l.brand },
        color: { name: l.color },
        size: l.size,
        availableSizes: l.sizes.filter((s) => s.stock > 0).map((s) => ({ id: s.id, name: s.size })),
        salePrice: l.salePrice,
        firstPrice: l.firstPrice,
        inClubProgram: l.inClub,
        enhancedECommerceCategoryTitle: l.category,
        _links: { self: { href: origin + productPath(l.slug) }, mainPhoto: { href: l.image ? origin + l.image : null } },
      },
    },
  };
}

function deliveryDescription(view: CartView, { t, price }: JsonContext): string {
  const d = view.summary.delivery;
  if (!d) return "";
  return `${d.title}: ${view.summary.deliveryCost === 0 ? t("cart:free") : price(view.summary.deliveryCost)}, ${d.estimated}`;
}

/** The cart's summary as the JSON API answers it (docs/api.md). */
export function cartInfoJson(view: CartView, c: JsonContext) {
  const s = view.summary;
  return {
    quantity: s.quantity,
    total: s.total,
    currency: s.currency,
    couponsAmount: s.couponsAmount,
    hasCoupons: s.hasCoupons,
    comment: null,
    deliveryDescription: deliveryDescription(view, c),
    bonusDiscountAmount: s.bonusDiscountAmount,
    bonuses: s.bonuses,
    items: itemsJson(view, c),
  };
}

/**
 * The summary headers of the cart read; the README
 * lists them. Comment, currency and coupons are JSON, as the spec's client reads them.
 */
export function summaryHeaders(view: CartView): Record<string, string> {
  const s = view.summary;
  return {
    "X-Cart-Total-Quantity": String(s.quantity),
    "X-Cart-Discount-Amount": String(s.discount),
    "X-Cart-Nominal-Cost": String(s.nominal),
    // No price history is kept: the nominal cost at the time of adding is today's.
    "X-Cart-Initial-Nominal-Cost": String(s.nominal),
    "X-Cart-Subtotal-Cost": String(s.subtotal),
    "X-Cart-Commission-Amount": "0",
    "X-Cart-Comment": JSON.stringify(null),
    "X-Cart-Total-Cost": String(s.total),
    "X-Cart-Currency": JSON.stringify(s.currency),
    "X-Cart-Coupons-Paid-Amount": JSON.stringify(s.couponsAmount),
    // Present only for a cart with club products (the spec's club-cart flag).
    ...(view.lines.some((l) => l.inClub) ? { "X-Cart-Preprocessing-Id": `club-${view.cartId}` } : {}),
    "X-Cart-Checkout-Profile": "default",
    "X-Pagination-Page-Count": "1",
    "X-Pagination-Total-Count": String(view.lines.length),
    "X-Pagination-Current-Page": "1",
    ...nextPageHeader(1, 1),
  };
}

/** A recalculation's result as the JSON API answers it (docs/api.md). */
export function recalculationJson(view: CartView, c: JsonContext) {
  const s = view.summary;
  return {
    status: "ok" as const,
    order: {
      deliveryDescription: deliveryDescription(view, c),
      clubCardDiscount: s.clubCardDiscount,
      orderDiscountAmount: s.discount,
      orderNominalPrice: s.nominal,
      orderSubtotalPrice: s.subtotal,
      orderCommissionAmount: 0,
      orderTotalPrice: s.total,
      orderCurrency: s.currency,
      orderCouponsPaidAmount: s.couponsAmount,
    },
    bonusDiscountAmount: s.bonusDiscountAmount,
    customer: { has_card: s.bonuses.hasCard, number_of_available_bonuses: s.bonuses.available, bonuses_that_you_can_use: s.bonuses.canBeUsed },
    items: itemsJson(view, c),
    costOfDelivery: s.deliveryCost,
    promoCodes: s.couponsAmount > 0 && s.promoCode ? [{ code: s.promoCode, amount: s.couponsAmount }] : [],
    canUseNewPromocode: s.couponsAmount === 0 && s.hasCoupons,
    defaultPromocode: null,
    isPaidDelivery: s.isPaidDelivery,
    estimatedDeliveryTime: s.delivery?.estimated ?? null,
  };
}
