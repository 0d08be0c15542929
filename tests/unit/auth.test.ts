import { describe, expect, it } from "vitest";
import { formatPhone, maskPhone, normalizePhone } from "~/forms/phone";
import { safeReturnUrl } from "~/i18n/return-url";
import { loginSchema, signupSchema } from "~/auth/schema";

describe("safeReturnUrl", () => {
  it("names the checkout in the page language", () => {
    expect(safeReturnUrl("checkout", "uz", "uz")).toBe("/checkout");
    expect(safeReturnUrl("checkout", "ru", "uz")).toBe("/ru/checkout");
  });
  it("keeps same-site paths with their query", () => {
    expect(safeReturnUrl("/product/abc?size=1", "uz", "uz")).toBe("/product/abc?size=1");
    expect(safeReturnUrl("/ru/store/men", "ru", "uz")).toBe("/ru/store/men");
    // A search for "50%": its query decodes once, not twice.
    expect(safeReturnUrl("/ru/search?q=50%25", "ru", "uz")).toBe("/ru/search?q=50%25");
  });
  it("sends every other value home (no open redirect)", () => {
    for (const bad of [
      "//evil.example",
      "https://evil.example/",
      "http:evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "%2F%2Fevil.example",
      "%252F%252Fevil.example",
      "/%5Cevil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "%E0%A4%A",
      "/.//evil.example",
      "/a/..//evil.example",
      "/%2e//evil.example",
      "",
    ]) {
      expect(safeReturnUrl(bad, "ru", "uz"), bad).toBe("/ru");
    }
    expect(safeReturnUrl(null, "uz", "uz")).toBe("/");
  });
});

describe("phones", () => {
  it("accept any spacing and store +998 with nine digits", () => {
    for (const v of ["+998 90 123 45 67", "+998901234567", "998901234567", "90 123-45-67", "(90) 123 45 67", "901234567"]) {
      expect(normalizePhone(v), v).toBe("+998901234567");
    }
  });
  it("refuse what is not an Uzbek number", () => {
    for (const v of ["", "12345", "+7 912 345 67 89", "+998 01 234 56 78", "+998 90 123 45 6", "abc", "+998 90 123 45 678"]) {
      expect(normalizePhone(v), v).toBeNull();
    }
  });
  it("print with the mask and hide in logs", () => {
    expect(formatPhone("+998901234567")).toBe("+998 90 123 45 67");
    expect(maskPhone("+998901234567")).toBe("+99890***67");
  });
});

describe("auth schemas", () => {
  it("allow passwords of 8 to 32 characters", () => {
    const base = { firstName: "Aziza", email: "A@Example.uz " };
    expect(signupSchema.safeParse({ ...base, password: "x".repeat(32) }).success).toBe(true);
    const long = signupSchema.safeParse({ ...base, password: "x".repeat(33) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe("auth:errors.passwordLong");
    expect(signupSchema.safeParse({ ...base, password: "short" }).error?.issues[0]?.message).toBe("auth:errors.passwordShort");
    expect(signupSchema.parse({ ...base, password: "longenough" }).email).toBe("a@example.uz");
  });
  it("report missing and wrongly typed fields with keys, not exceptions", () => {
    const r = loginSchema.safeParse({ login: 42, password: undefined });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(["auth:errors.loginRequired", "auth:errors.passwordRequired"]);
  });
});

describe("client address for rate limits", () => {
  const req = (ip?: string) => new Request("http://x/", { headers: ip ? { "CF-Connecting-IP": ip } : {} });
  it("counts IPv4 addresses alone and IPv6 ones by their /64", async () => {
    const { clientAddress } = await import("~/server/rate-limit.server");
    expect(clientAddress(req("203.0.113.7"))).toBe("203.0.113.7");
    expect(clientAddress(req("2001:db8:1:2:aaaa::1"))).toBe("2001:db8:1:2::/64");
    expect(clientAddress(req("2001:db8:1:2:bbbb:cccc:dddd:eeee"))).toBe("2001:db8:1:2::/64");
    expect(clientAddress(req("2001:db8::1"))).toBe("2001:db8:0:0::/64");
    expect(clientAddress(req())).toBe("local");
  });
});
