import { describe, expect, it } from "vitest";
import { ecommerceItem, withSpecFields } from "~/cart/analytics";
import { checkoutAllowed, checkoutMaxItems } from "~/cart/checkout-limit";
import { addSchema, apiCartSchema, promoSchema } from "~/cart/schema";
import { nominalCost, promoDiscount, summarize, type PricedLine, type Promo } from "~/cart/summary";
import { costFor, type DeliveryOption } from "~/delivery/index";

const line = (salePrice: number, quantity = 1, extra: Partial<PricedLine> = {}): PricedLine => ({
  quantity,
  firstPrice: salePrice,
  salePrice,
  inClub: false,
  vendorId: 1,
  ...extra,
});
const promo = (extra: Partial<Promo> = {}): Promo => ({
  code: "X",
  kind: "percent",
  value: 10,
  minOrder: 0,
  expiresAt: null,
  oncePerAccount: false,
  active: true,
  redeemed: false,
  ...extra,
});
const courier: DeliveryOption = {
  id: 1,
  uuid: "courier",
  type: "courier",
  title: "Courier",
  info: [],
  needPayment: true,
  receiptReady: true,
  price: 25_000,
  freeFrom: 500_000,
  estimated: "1–2",
};
const base = {
  promo: null,
  promoCode: null,
  signedIn: false,
  now: 1_800_000_000,
  card: { hasCard: false, available: 0 },
  clubPercent: 5,
  bonusesRequested: 0,
  delivery: null,
};

describe("promo codes", () => {
  it("percent of the products outside the club programme, rounded down", () => {
    expect(promoDiscount(promo({ value: 10 }), [line(99_999), line(500_000, 1, { inClub: true })], false, 0)).toEqual({ ok: true, amount: 9_999 });
  });
  it("a fixed amount never exceeds what it applies to", () => {
    expect(promoDiscount(promo({ kind: "amount", value: 50_000 }), [line(30_000)], false, 0)).toEqual({ ok: true, amount: 30_000 });
  });
  it("refusals: unknown, inactive, expired, minimum order, sign-in, used, only club products", () => {
    expect(promoDiscount(null, [line(1000)], false, 0)).toEqual({ ok: false, problem: "unknown" });
    expect(promoDiscount(promo({ active: false }), [line(1000)], false, 0)).toEqual({ ok: false, problem: "unknown" });
    expect(promoDiscount(promo({ expiresAt: 100 }), [line(1000)], false, 100)).toEqual({ ok: false, problem: "expired" });
    expect(promoDiscount(promo({ expiresAt: 101 }), [line(1000)], false, 100).ok).toBe(true);
    expect(promoDiscount(promo({ minOrder: 300_000 }), [line(299_999)], false, 0)).toEqual({ ok: false, problem: "minOrder" });
    expect(promoDiscount(promo({ minOrder: 300_000 }), [line(100_000, 3)], false, 0).ok).toBe(true);
    expect(promoDiscount(promo({ oncePerAccount: true }), [line(1000)], false, 0)).toEqual({ ok: false, problem: "signIn" });
    expect(promoDiscount(promo({ oncePerAccount: true, redeemed: true }), [line(1000)], true, 0)).toEqual({ ok: false, problem: "used" });
    expect(promoDiscount(promo(), [line(1000, 1, { inClub: true })], false, 0)).toEqual({ ok: false, problem: "notApplicable" });
  });
  it("codes are trimmed and case-insensitive", () => {
    expect(promoSchema.parse({ promoCode: "  sale10 " }).promoCode).toBe("SALE10");
    expect(promoSchema.safeParse({ promoCode: "   " }).success).toBe(false);
    expect(promoSchema.safeParse({ promoCode: "x".repeat(33) }).success).toBe(false);
  });
});

describe("the summary", () => {
  it("sale discount, promo, bonuses (at most 30% of the goods and what the card holds), totals", () => {
    const s = summarize({
      ...base,
      lines: [line(400_000, 2, { firstPrice: 500_000 }), line(100_000, 1, { vendorId: 2 })],
      promo: promo({ value: 10 }),
      promoCode: "X",
      card: { hasCard: true, available: 1_000_000 },
      bonusesRequested: 10_000_000,
    });
    expect(s).toMatchObject({ quantity: 3, items: 2, nominal: 1_100_000, saleTotal: 900_000, discount: 200_000, couponsAmount: 90_000, vendors: 2 });
    expect(s.bonuses).toEqual({ canBeUsed: 243_000, available: 1_000_000, hasCard: true, used: 243_000 });
    expect(s.subtotal).toBe(900_000 - 90_000 - 243_000);
    expect(s.total).toBe(s.subtotal);
  });
  it("club card holders get the club rate off club products only; without a card, nothing", () => {
    const lines = [line(200_000, 2, { inClub: true }), line(99_999, 1, { inClub: true }), line(300_000)];
    const withCard = summarize({ ...base, lines, card: { hasCard: true, available: 0 } });
    expect(withCard.clubCardDiscount).toBe(Math.floor((499_999 * 5) / 100));
    expect(withCard.subtotal).toBe(799_999 - withCard.clubCardDiscount);
    expect(summarize({ ...base, lines }).clubCardDiscount).toBe(0);
    expect(summarize({ ...base, lines, card: { hasCard: true, available: 0 }, clubPercent: 0 }).clubCardDiscount).toBe(0);
    // The nominal cost is one sum of first prices, whatever the sale prices.
    expect(nominalCost([line(100, 3, { firstPrice: 150 }), line(10)])).toBe(460);
  });
  it("no card, no bonuses; a lapsed code names its problem and discounts nothing", () => {
    const s = summarize({ ...base, lines: [line(100_000)], promo: promo({ minOrder: 500_000 }), promoCode: "X", bonusesRequested: 5000 });
    expect(s.bonusDiscountAmount).toBe(0);
    expect(s.couponsAmount).toBe(0);
    expect(s.promoProblem).toBe("minOrder");
    expect(s.hasCoupons).toBe(true);
  });
  it("delivery: its price below the threshold, free above it, nothing for an empty cart", () => {
    expect(summarize({ ...base, lines: [line(500_000)], delivery: courier })).toMatchObject({ deliveryCost: 25_000, isPaidDelivery: true, total: 525_000 });
    expect(summarize({ ...base, lines: [line(500_001)], delivery: courier })).toMatchObject({ deliveryCost: 0, isPaidDelivery: false, total: 500_001 });
    expect(summarize({ ...base, lines: [line(600_000)], delivery: { ...courier, freeFrom: 0 } }).deliveryCost).toBe(25_000);
    expect(summarize({ ...base, lines: [], delivery: courier }).deliveryCost).toBe(0);
  });
  it("the cost matrix: the city's own row, else another_city, else not offered", () => {
    const rows = [
      { cityMapId: "1", price: 1 },
      { cityMapId: "another_city", price: 2 },
    ];
    expect(costFor(rows, 1)?.price).toBe(1);
    expect(costFor(rows, 7)?.price).toBe(2);
    expect(costFor([{ cityMapId: "1", price: 1 }], 7)).toBeNull();
  });
});

describe("the checkout limit and input rules", () => {
  it("CHECKOUT_MAX_ITEMS, default 5; distinct items count", () => {
    expect(checkoutMaxItems({})).toBe(5);
    expect(checkoutMaxItems({ CHECKOUT_MAX_ITEMS: "8" })).toBe(8);
    for (const bad of ["0", "-1", "abc", "2.5"]) expect(checkoutMaxItems({ CHECKOUT_MAX_ITEMS: bad })).toBe(5);
    expect(checkoutAllowed(5, 5)).toBe(true);
    expect(checkoutAllowed(6, 5)).toBe(false);
    expect(checkoutAllowed(0, 5)).toBe(false);
  });
  it("adds need a size and a quantity 1..10; the API also takes −1", () => {
    expect(addSchema.safeParse({ purchasableId: "" }).error?.issues[0]?.message).toBe("cart:errors.sizeRequired");
    expect(addSchema.parse({ purchasableId: "7" })).toEqual({ purchasableId: 7, quantity: 1 });
    for (const q of ["0", "-5", "11", "1e9", "1.5", "x"]) expect(addSchema.safeParse({ purchasableId: "7", quantity: q }).success, q).toBe(false);
    expect(apiCartSchema.parse({ purchasableId: "7", quantity: "-1" }).quantity).toBe(-1);
    expect(apiCartSchema.safeParse({ purchasableId: "7", quantity: "-2" }).success).toBe(false);
  });
});

describe("the analytics product", () => {
  it("carries the older shape's fields beside GA4's: id the sku, position, list; a price of 0 flagged not available", () => {
    const item = ecommerceItem({ id: 1201, name: "Кеды", price: 0, brand: "Chimgan", category: "Кеды", variant: "Белый", position: 3, list: "Каталог" });
    expect(withSpecFields(item)).toEqual({
      item_id: "1201",
      item_name: "Кеды",
      price: 0,
      item_brand: "Chimgan",
      item_category: "Кеды",
      item_variant: "Белый",
      quantity: 1,
      index: 3,
      item_list_name: "Каталог",
      not_available: true,
      id: "1201",
      name: "Кеды",
      brand: "Chimgan",
      category: "Кеды",
      variant: "Белый",
      position: 3,
      list: "Каталог",
    });
    expect(withSpecFields(ecommerceItem({ id: 7, name: "A", price: 5, brand: "B", category: "C", variant: "D" }))).not.toHaveProperty("list");
  });
});
