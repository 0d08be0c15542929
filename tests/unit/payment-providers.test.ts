import { describe, expect, it } from "vitest";
import { paymeConfig, providerFor, providersOf } from "~/orders/providers.server";
import { receiptOf, vatIn } from "~/orders/receipt.server";

const CLICK = { CLICK_SERVICE_ID: "4242", CLICK_MERCHANT_ID: "77", CLICK_SECRET_KEY: "s", CLICK_PAY_URL: "https://my.click.uz/services/pay" };
const PAYME = { PAYME_MERCHANT_ID: "5e73", PAYME_KEY: "k", PAYME_CHECKOUT_URL: "https://checkout.paycom.uz", PAYME_API_URL: "https://checkout.paycom.uz/api" };
const envOf = (vars: Record<string, string>) => vars as unknown as Env;

describe("a shop configures Click, Payme, both or neither", () => {
  it("offers the configured providers only, Click first; 'online' names the first one", () => {
    expect(providersOf(envOf({ ...CLICK, ...PAYME }))).toEqual(["click", "payme"]);
    expect(providersOf(envOf(PAYME))).toEqual(["payme"]);
    expect(providersOf(envOf(CLICK))).toEqual(["click"]);
    expect(providersOf(envOf({}))).toEqual([]);
    // A provider half configured (no key) is not offered.
    expect(providersOf(envOf({ ...CLICK, ...PAYME, PAYME_KEY: "" }))).toEqual(["click"]);
    expect(paymeConfig(envOf({ ...PAYME, PAYME_MERCHANT_ID: "" }))).toBeNull();
    expect(providerFor("online", envOf(PAYME))).toBe("payme");
    expect(providerFor("online", envOf({ ...CLICK, ...PAYME }))).toBe("click");
    expect(providerFor("click", envOf(PAYME))).toBeNull();
    expect(providerFor("payme", envOf(PAYME))).toBe("payme");
    expect(providerFor("cash", envOf({ ...CLICK, ...PAYME }))).toBeNull();
    expect(providerFor("online", envOf({}))).toBeNull();
  });
});

const result = (rows: unknown[]) => ({ results: rows }) as unknown as D1Result;

describe("the receipt's lines", () => {
  const delivery = (price: number, total: number, code: string | null = "10112006002000000") =>
    result([{ title: "Kuryer", price, count: 1, code, packageCode: "1545643", vatPercent: 12, total }]);
  const goods = result([
    { title: "Ko'ylak (M)", price: 300_000, count: 2, code: "06201001001000000", packageCode: "1498019", vatPercent: 12 },
    { title: "Krossovka (42)", price: 450_001, count: 1, code: "06404001001000000", packageCode: "1501134", vatPercent: 12 },
  ]);

  it("spread the order's own discounts over the goods (largest remainder) so that the lines add up to what is paid; delivery is a line with its code", () => {
    // 1 050 001 of goods, 25 000 delivery, 100 000 off (promo, club card, bonuses): 975 001 paid.
    const lines = receiptOf([goods, delivery(25_000, 975_001)])!;
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => l.discount)).toEqual([57_143, 42_857, 0]);
    expect(lines.reduce((s, l) => s + l.price * l.count - l.discount, 0)).toBe(975_001);
    expect(lines[2]).toMatchObject({ title: "Kuryer", price: 25_000, count: 1, code: "10112006002000000" });
  });

  it("a free delivery is no line; a line or a paid delivery without a code gives no receipt", () => {
    expect(receiptOf([goods, delivery(0, 1_050_001)])!.map((l) => l.title)).toEqual(["Ko'ylak (M)", "Krossovka (42)"]);
    expect(receiptOf([goods, delivery(25_000, 1_075_001, null)])).toBeNull();
    expect(receiptOf([goods, delivery(0, 1_050_001, null)])).not.toBeNull();
    const noCode = result([{ title: "Sumka", price: 100_000, count: 1, code: null, packageCode: null, vatPercent: 12 }]);
    expect(receiptOf([noCode, delivery(0, 100_000)])).toBeNull();
  });

  it("VAT inside a price that includes it", () => {
    expect(vatIn(112_000, 12)).toBe(12_000);
    expect(vatIn(100, 0)).toBe(0);
  });
});
