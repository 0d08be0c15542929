/**
 * The cart's money rules, pure (unit-tested): promo codes, bonuses, delivery
 * cost with its free threshold, and the totals. All amounts are integer UZS.
 */

import type { DeliveryOption } from "~/delivery/index";

export type PricedLine = { quantity: number; firstPrice: number; salePrice: number; inClub: boolean; vendorId: number };

export type Promo = {
  code: string;
  kind: "percent" | "amount";
  value: number;
  minOrder: number;
  expiresAt: number | null;
  oncePerAccount: boolean;
  active: boolean;
  redeemed: boolean;
};

export type PromoProblem = "unknown" | "expired" | "minOrder" | "signIn" | "used" | "notApplicable";

export type Bonuses = { canBeUsed: number; available: number; hasCard: boolean; used: number };

export type Summary = {
  /** Total quantity and distinct items (the checkout limit counts items). */
  quantity: number;
  items: number;
  /** The nominal cost: Σ firstPrice × quantity (nominalCost; the headers and the recalculation alike). */
  nominal: number;
  /** Σ salePrice × quantity. */
  saleTotal: number;
  /** Sale discount: nominal − saleTotal. */
  discount: number;
  /** A club card's discount on club products (clubDiscount). */
  clubCardDiscount: number;
  couponsAmount: number;
  /** Promo codes apply to products outside the club programme; false when there are none. */
  hasCoupons: boolean;
  promoCode: string | null;
  promoProblem: PromoProblem | null;
  bonuses: Bonuses;
  bonusDiscountAmount: number;
  /** Goods after promo, club card and bonuses. */
  subtotal: number;
  deliveryCost: number;
  /** The chosen delivery has a cost (false when free or not chosen). */
  isPaidDelivery: boolean;
  delivery: (DeliveryOption & { free: boolean }) | null;
  total: number;
  vendors: number;
  currency: "UZS";
};

/** Share of the goods total bonuses may pay. */
export const BONUS_SHARE_PERCENT = 30;

/** Whether a promo code can be used by this cart and shopper; the discount when it can. */
export function promoDiscount(
  promo: Promo | null,
  lines: PricedLine[],
  signedIn: boolean,
  now: number,
): { ok: true; amount: number } | { ok: false; problem: PromoProblem } {
  if (!promo?.active) return { ok: false, problem: "unknown" };
  if (promo.expiresAt !== null && promo.expiresAt <= now) return { ok: false, problem: "expired" };
  if (promo.oncePerAccount && !signedIn) return { ok: false, problem: "signIn" };
  if (promo.oncePerAccount && promo.redeemed) return { ok: false, problem: "used" };
  const nominal = lines.reduce((sum, l) => sum + l.salePrice * l.quantity, 0);
  if (nominal < promo.minOrder) return { ok: false, problem: "minOrder" };
  const base = couponBase(lines);
  if (base === 0) return { ok: false, problem: "notApplicable" };
  const amount = promo.kind === "percent" ? Math.floor((base * Math.min(promo.value, 100)) / 100) : Math.min(promo.value, base);
  return { ok: true, amount };
}

/** The one definition of a cart's nominal cost: its lines at their first (list) prices. */
export function nominalCost(lines: PricedLine[]): number {
  return lines.reduce((sum, l) => sum + l.firstPrice * l.quantity, 0);
}

/** A club card holder's discount: `percent` of the club products' sale prices, rounded down; none without a card. */
export function clubDiscount(lines: PricedLine[], hasCard: boolean, percent: number): number {
  if (!hasCard || percent <= 0) return 0;
  const club = lines.filter((l) => l.inClub).reduce((sum, l) => sum + l.salePrice * l.quantity, 0);
  return Math.floor((club * Math.min(percent, 100)) / 100);
}

function couponBase(lines: PricedLine[]): number {
  return lines.filter((l) => !l.inClub).reduce((sum, l) => sum + l.salePrice * l.quantity, 0);
}

export function summarize(input: {
  lines: PricedLine[];
  promo: Promo | null;
  promoCode: string | null;
  signedIn: boolean;
  now: number;
  card: { hasCard: boolean; available: number };
  /** CLUB_DISCOUNT_PERCENT. */
  clubPercent: number;
  bonusesRequested: number;
  delivery: DeliveryOption | null;
}): Summary {
  const { lines } = input;
  const quantity = lines.reduce((s, l) => s + l.quantity, 0);
  const nominal = nominalCost(lines);
  const saleTotal = lines.reduce((s, l) => s + l.salePrice * l.quantity, 0);
  const promo = input.promoCode ? promoDiscount(input.promo, lines, input.signedIn, input.now) : null;
  const couponsAmount = promo?.ok ? promo.amount : 0;
  // Promo codes take non-club products, the club card club products: the two never meet.
  const clubCardDiscount = clubDiscount(lines, input.card.hasCard, input.clubPercent);
  const goods = saleTotal - couponsAmount - clubCardDiscount;
  const available = input.card.hasCard ? Math.max(0, input.card.available) : 0;
  const canBeUsed = Math.min(available, Math.floor((goods * BONUS_SHARE_PERCENT) / 100));
  const used = Math.max(0, Math.min(input.bonusesRequested, canBeUsed));
  const subtotal = goods - used;
  const free = input.delivery ? input.delivery.freeFrom > 0 && goods > input.delivery.freeFrom : false;
  const deliveryCost = input.delivery && !free && lines.length > 0 ? input.delivery.price : 0;
  return {
    quantity,
    items: lines.length,
    nominal,
    saleTotal,
    discount: nominal - saleTotal,
    clubCardDiscount,
    couponsAmount,
    hasCoupons: couponBase(lines) > 0,
    promoCode: input.promoCode,
    promoProblem: promo && !promo.ok ? promo.problem : null,
    bonuses: { canBeUsed, available, hasCard: input.card.hasCard, used },
    bonusDiscountAmount: used,
    subtotal,
    deliveryCost,
    isPaidDelivery: deliveryCost > 0,
    delivery: input.delivery ? { ...input.delivery, free } : null,
    total: subtotal + deliveryCost,
    vendors: new Set(lines.map((l) => l.vendorId)).size,
    currency: "UZS",
  };
}
