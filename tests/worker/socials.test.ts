import { describe, expect, it } from "vitest";
import { html } from "./helpers";
import { ip, signUp } from "./fixtures";

/** The footer's social links: [network, href, label] in order. */
function socialsOf(body: string): [string, string, string][] {
  const nav = /<nav[^>]*data-testid="socials"[^>]*>([\s\S]*?)<\/nav>/.exec(body)?.[1] ?? "";
  return [...nav.matchAll(/<a href="([^"]+)" data-network="(\w+)">([\s\S]*?)<\/a>/g)].map((m) => [m[2]!, m[1]!, m[3]!.replace(/<[^>]+>/g, "")]);
}

describe("the shop's social links", () => {
  it("are in every page's footer as configured (SHOP_SOCIALS): icon and label, plain links, no third-party script", async () => {
    for (const path of ["/", "/ru/store/women", "/uk/login"]) {
      const { body } = await html(path, { headers: ip() });
      expect(socialsOf(body), path).toEqual([
        ["instagram", "https://www.instagram.com/libos.uz", "Instagram"],
        ["telegram", "https://t.me/libos_uz", "Telegram"],
        ["youtube", "https://www.youtube.com/@libos_uz", "YouTube"],
      ]);
      const nav = /<nav[^>]*data-testid="socials"[^>]*>[\s\S]*?<\/nav>/.exec(body)![0];
      // The icons come from the shop's own sprite.
      expect([...nav.matchAll(/<use href="([^"]+)"/g)].map((m) => m[1])).toEqual(["/icons.svg#instagram", "/icons.svg#telegram", "/icons.svg#youtube"]);
      // No script from anywhere but the shop.
      expect([...body.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].filter((m) => /^(?:https?:)?\/\//.test(m[1]!))).toEqual([]);
    }
    const ru = await html("/ru", { headers: ip() });
    expect(ru.body).toContain('aria-label="Мы в соцсетях"');
  });

  it("the account's socials: an empty list (the shop has no social sign-in, so no network is linked)", async () => {
    const member = await signUp();
    const res = await member.get("/api/account");
    expect(res.res.status).toBe(200);
    expect(JSON.parse(res.body).socials).toEqual([]);
  });
});
