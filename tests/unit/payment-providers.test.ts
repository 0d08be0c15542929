import { describe, expect, it } from "vitest";
import { paymeConfig, providerFor, providersOf } from "~/orders/providers.server";
import { fiscalBodyValid } from "~/orders/click-stand-in.server";
import { clickReceiptBody } from "~/orders/fiscal.server";
import { receiptOf, spreadableDiscount, vatIn } from "~/orders/receipt.server";

const CLICK = { CLICK_SERVICE_ID: "4242", CLICK_MERCHANT_ID: "77", CLICK_SECRET_KEY: "s", CLICK_PAY_URL: "https://my.click.uz/services/pay" };
const PAYME = { PAYME_MERCHANT_ID: "5e73", PAYME_KEY: "k", PAYME_CHECKOUT_URL: "https://checkout.paycom.uz" };
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

  it("a discount that cannot be spread over the goods exactly gives no receipt, never a clamped one", () => {
    // More off than the goods cost (the discount would eat into delivery), or a total above the lines' sum.
    expect(receiptOf([goods, delivery(25_000, 20_000)])).toBeNull();
    expect(receiptOf([goods, delivery(25_000, 1_075_002)])).toBeNull();
    expect(spreadableDiscount(1_050_001, 25_000, 975_001)).toBe(100_000);
    expect(spreadableDiscount(1_050_001, 25_000, 20_000)).toBeNull();
    expect(spreadableDiscount(100_000, 0, 100_001)).toBeNull();
    expect(spreadableDiscount(100_000, 0, 0)).toBe(100_000);
  });

  it("Click's fiscal body: Price before the discount with Discount apart, VAT inside what is paid, Units and the seller on every line, the whole amount received by card; Payme's detail adds up the same", () => {
    const lines = receiptOf([goods, delivery(25_000, 975_001)])!;
    const body = clickReceiptBody({ CLICK_RECEIPT_UNITS: "1501" } as unknown as Env, "4242", "123", lines, { TIN: "123456789" });
    expect(body.items[0]).toEqual({
      Name: "Ko'ylak (M)",
      SPIC: "06201001001000000",
      Units: 1501,
      PackageCode: "1498019",
      GoodPrice: 30_000_000,
      Price: 60_000_000,
      Amount: 2,
      Discount: 5_714_300,
      VAT: vatIn(60_000_000 - 5_714_300, 12),
      VATPercent: 12,
      CommissionInfo: { TIN: "123456789" },
    });
    expect(body).toMatchObject({ service_id: 4242, payment_id: 123, received_ecash: 0, received_cash: 0, received_card: 97_500_100 });
    expect(fiscalBodyValid(body)).toBe(true);
    // Without the seller, or with sums that do not add up, Click's stand-in refuses as Click would.
    expect(fiscalBodyValid({ ...body, items: body.items.map((i) => ({ ...i, CommissionInfo: {} })) })).toBe(false);
    expect(fiscalBodyValid({ ...body, received_card: body.received_card - 1 })).toBe(false);
    expect(lines.reduce((s, l) => s + (l.price * l.count - l.discount) * 100, 0)).toBe(97_500_100);
  });

  it("VAT inside a price that includes it", () => {
    expect(vatIn(112_000, 12)).toBe(12_000);
    expect(vatIn(100, 0)).toBe(0);
  });
});
