import IMask from "imask";
import { describe, expect, it } from "vitest";
import { wholeAmount } from "~/forms/amount";
import { numberMaskOptions } from "~/forms/number-mask";
import { cleanListingSearch } from "~/catalogue/clean-search";
import { parseCatalogueQuery } from "~/catalogue/index.server";

const typed = (kind: "currency" | "percent", text: string) => {
  const mask = IMask.createMask(numberMaskOptions(kind) as Parameters<typeof IMask.createMask>[0]);
  for (const ch of text) mask.append(ch, { input: true, raw: true });
  return { shown: mask.value, value: mask.unmaskedValue };
};

describe("the spec's number masks", () => {
  it("currency: a space between thousands, a comma before at most 2 decimals (a dot typed becomes the comma)", () => {
    expect(typed("currency", "1250000")).toEqual({ shown: "1 250 000", value: "1250000" });
    expect(typed("currency", "1250000.567")).toEqual({ shown: "1 250 000,56", value: "1250000.56" });
    expect(typed("currency", "99,5")).toEqual({ shown: "99,5", value: "99.5" });
    expect(typed("currency", "-5x").shown).toBe("5");
  });

  it("percent: whole numbers from 0 to 100", () => {
    expect(typed("percent", "15").value).toBe("15");
    expect(typed("percent", "100").value).toBe("100");
    expect(Number(typed("percent", "150").value)).toBeLessThanOrEqual(100);
    expect(typed("percent", "1.5").value).not.toContain(".");
  });

  it("a masked price filters as whole UZS: the clean URL and the query read it", () => {
    expect(wholeAmount("1 250 000")).toBe("1250000");
    expect(wholeAmount("1\u00A0250\u00A0000,50")).toBe("1250001");
    expect(wholeAmount("abc")).toBe("abc");
    expect(cleanListingSearch(new URLSearchParams("price_min=100+000&price_max=250+000%2C00&sort=new"))).toBe("?price_min=100000&price_max=250000");
    expect(parseCatalogueQuery(new URLSearchParams("price_min=100 000,00"))).toMatchObject({ price_min: 100000 });
  });
});
