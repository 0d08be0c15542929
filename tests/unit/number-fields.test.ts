import { describe, expect, it } from "vitest";
import { insertDigits, longestDigits } from "~/forms/digits";
import { clampPadded } from "~/forms/number-row";
import { counterBadge } from "~/layout/counter-link";

describe("number fields keep the longest run of digits typed or pasted, cropped to maxLength", () => {
  it("the longest run, the first of equal ones", () => {
    expect(longestDigits("ab12c345")).toBe("345");
    expect(longestDigits("12a34")).toBe("12");
    expect(longestDigits("+998 90")).toBe("998");
    expect(longestDigits("abc")).toBe("");
    expect(longestDigits("")).toBe("");
  });

  it("goes in where the caret is, cropped to the room maxLength leaves", () => {
    expect(insertDigits("", 0, 0, "ab12c345", 6)).toEqual({ value: "345", caret: 3 });
    expect(insertDigits("", 0, 0, "ab12c345", 2)).toEqual({ value: "34", caret: 2 });
    expect(insertDigits("12", 2, 2, "x", 6)).toEqual({ value: "12", caret: 2 });
    expect(insertDigits("1", 1, 1, "345", 2)).toEqual({ value: "13", caret: 2 });
    // A selection is replaced, so its characters give room.
    expect(insertDigits("12", 0, 2, "code: 987654", 6)).toEqual({ value: "987654", caret: 6 });
    expect(insertDigits("15", 1, 1, "7", 6)).toEqual({ value: "175", caret: 2 });
    // Full: nothing goes in.
    expect(insertDigits("12", 2, 2, "3", 2)).toEqual({ value: "12", caret: 2 });
    // No maxLength (the browser's -1): no crop.
    expect(insertDigits("", 0, 0, "a1234567890", -1).value).toBe("1234567890");
  });

  it("a day and a month clamp and take a leading zero as the shopper leaves them", () => {
    expect(clampPadded("7", 1, 31)).toBe("07");
    expect(clampPadded("45", 1, 31)).toBe("31");
    expect(clampPadded("0", 1, 31)).toBe("01");
    expect(clampPadded("00", 1, 12)).toBe("01");
    expect(clampPadded("13", 1, 12)).toBe("12");
    expect(clampPadded("12", 1, 12)).toBe("12");
    expect(clampPadded("", 1, 12)).toBe("");
  });
});

describe('the header\'s counters: hidden at 0, the number up to 99, "99+" past it', () => {
  it("hidden at 0 (and below), the number up to 99, 99+ past it", () => {
    expect(counterBadge(0)).toBeNull();
    expect(counterBadge(-1)).toBeNull();
    expect(counterBadge(Number.NaN)).toBeNull();
    expect(counterBadge(1)).toBe("1");
    expect(counterBadge(99)).toBe("99");
    expect(counterBadge(100)).toBe("99+");
    expect(counterBadge(1999)).toBe("99+");
  });
});
