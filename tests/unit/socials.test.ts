import { describe, expect, it, vi } from "vitest";
import { shopSocials, socialsHtml } from "~/layout/socials.server";

describe("SHOP_SOCIALS", () => {
  it("reads network=https://… pairs in order, separated by commas or spaces", () => {
    expect(shopSocials("instagram=https://instagram.com/a, telegram=https://t.me/b youtube=https://youtube.com/@c")).toEqual([
      { network: "instagram", url: "https://instagram.com/a" },
      { network: "telegram", url: "https://t.me/b" },
      { network: "youtube", url: "https://youtube.com/@c" },
    ]);
  });

  it("is empty when unset, and leaves out (and logs) an unknown network or a link that is not https", () => {
    expect(shopSocials(undefined)).toEqual([]);
    expect(shopSocials("")).toEqual([]);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(shopSocials("myspace=https://myspace.com/x,telegram=http://t.me/b,youtube=javascript:alert(1),facebook=https://facebook.com/d")).toEqual([
      { network: "facebook", url: "https://facebook.com/d" },
    ]);
    expect(error).toHaveBeenCalledTimes(3);
    error.mockRestore();
  });
});

describe("the footer's social links markup", () => {
  it("escapes the configured link and names the icon and label", () => {
    const html = socialsHtml([{ network: "telegram", url: 'https://t.me/a"><script>' }], (key) => `[${key}]`);
    expect(html).toContain('href="https://t.me/a&quot;&gt;&lt;script&gt;"');
    expect(html).toContain('<use href="/icons.svg#telegram"></use></svg>[server:footer.social.telegram]</a>');
    expect(html).toContain('aria-label="[server:footer.socials]"');
    expect(socialsHtml([], (key) => key)).toBe("");
  });
});
