import { describe, expect, it } from "vitest";
import ruCommon from "../../locales/ru/common.json";
import ukCommon from "../../locales/uk/common.json";
import uzCommon from "../../locales/uz/common.json";
import { fx, get, html, nameOf, post, productBySlug, section, tags, titleOf } from "./helpers";

describe("language of the page comes from the URL prefix", () => {
  const cases: [path: string, htmlLang: string][] = [
    ["/", "uz-Latn"],
    ["/store", "uz-Latn"],
    ["/ru", "ru"],
    ["/ru/store", "ru"],
    ["/uk", "uk"],
    ["/uk/store/women", "uk"],
    [`/uk/product/${fx.productOneSlug}`, "uk"],
    ["/ru/search?q=sport", "ru"],
  ];
  for (const [path, lang] of cases) {
    it(`${path} → 200, <html lang="${lang}">`, async () => {
      const { res, body } = await html(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(body).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${lang}">`));
    });
  }

  it("renders product texts in the page language", async () => {
    const p = productBySlug(fx.productOneSlug);
    for (const lang of ["uz", "ru", "uk"] as const) {
      const { body } = await html(`${lang === "uz" ? "" : `/${lang}`}/product/${p.slug}`);
      expect(body).toContain(`<h1 class="product__name">${nameOf(p, lang)}</h1>`);
    }
  });

  it("keeps every internal link of a /ru page inside /ru (the language switcher aside)", async () => {
    const { body } = await html("/ru/store/women");
    const main = body.replace(/<nav class="langs"[\s\S]*?<\/nav>/, "");
    const local = [...tags(main, "a"), ...tags(main, "form")]
      .map((t) => t.href ?? t.action)
      .filter((h): h is string => !!h && h.startsWith("/") && !h.startsWith("//"));
    expect(local.length).toBeGreaterThan(20);
    for (const href of local) expect(href, href).toMatch(/^\/ru(\/|$|\?)/);
  });

  it("switches language to the same page, query kept", async () => {
    const { body } = await html("/ru/store/women?sale=1");
    const switcher = section(body, '<nav class="langs"', "</nav>");
    const links = tags(switcher, "a").map((a) => [a.hreflang, a.href]);
    expect(links).toEqual([
      ["uz", "/store/women?sale=1"],
      ["uk", "/uk/store/women?sale=1"],
    ]);
    expect(switcher).toContain('<span class="langs__current" aria-current="true" lang="ru"');
  });
});

describe("prefix redirects (301, query kept)", () => {
  const slug = fx.productOneSlug;
  const cases: [from: string, to: string][] = [
    ["/uz/store?x=1", "/store?x=1"],
    ["/uz", "/"],
    ["/uz/", "/"],
    ["/uz/store/women?sale=1&page=2", "/store/women?sale=1&page=2"],
    [`/uz/product/${slug}`, `/product/${slug}`],
    [`/ua/product/${slug}`, `/uk/product/${slug}`],
    ["/ua", "/uk"],
    ["/ua/store?sort=price_asc", "/uk/store?sort=price_asc"],
    ["/RU/store", "/ru/store"],
    ["/Ru/search?q=a", "/ru/search?q=a"],
    ["/UK", "/uk"],
    ["/UZ/store", "/store"],
    ["/UA/store", "/uk/store"],
  ];
  for (const [from, to] of cases) {
    it(`${from} → 301 ${to}`, async () => {
      const res = await get(from);
      expect(res.status).toBe(301);
      expect(res.headers.get("Location")).toBe(to);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(await res.text()).toBe("");
    });
  }

  it("never redirects off-site (no protocol-relative Location)", async () => {
    for (const path of [
      "/uz//evil.example",
      "/UZ//evil.example/x?y=1",
      "/uz///evil.example",
      "/uz/%5Cevil.example",
      "/ua//evil.example",
      "/uz/\\evil.example",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(301);
      const location = res.headers.get("Location")!;
      expect(location, path).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, "http://shop.test").origin, path).toBe("http://shop.test");
    }
  });

  it("language switcher links stay on the site for odd paths", async () => {
    const { res, body } = await html("/ru//evil.example");
    expect(res.status).toBe(404);
    for (const a of tags(section(body, '<nav class="langs"', "</nav>"), "a")) {
      expect(a.href, a.href).toMatch(/^\/(?![/\\])/);
    }
  });

  it("does not redirect the canonical forms", async () => {
    for (const path of ["/", "/ru", "/uk", "/store", "/ru/store", "/uk/store"]) {
      expect((await get(path)).status, path).toBe(200);
    }
  });
});

describe("not found pages are localized", () => {
  const uzTitle = uzCommon.errors.notFoundTitle;
  const cases: [path: string, htmlLang: string, title: string][] = [
    ["/xx/store", "uz-Latn", uzTitle],
    ["/de", "uz-Latn", uzTitle],
    [`/en/product/${fx.productOneSlug}`, "uz-Latn", uzTitle],
    ["/no/such/page/here", "uz-Latn", uzTitle],
    ["/store/nope", "uz-Latn", uzTitle],
    ["/ru/no-such-thing", "ru", ruCommon.errors.notFoundTitle],
    ["/ru/a/b/c", "ru", ruCommon.errors.notFoundTitle],
    ["/ru/store/nope", "ru", ruCommon.errors.notFoundTitle],
    ["/uk/no-such-thing", "uk", ukCommon.errors.notFoundTitle],
    ["/uk/product/no-such-product", "uk", ukCommon.errors.notFoundTitle],
  ];
  for (const [path, lang, title] of cases) {
    it(`${path} → 404 "${title}"`, async () => {
      const { res, body } = await html(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(body).toContain(`<html lang="${lang}">`);
      expect(titleOf(body)).toBe(title);
      expect(body).toContain(`<h1>${title}</h1>`);
      expect(body).toContain('<section class="error-page" data-status="404">');
      expect(body).toContain('<meta name="robots" content="noindex"/>');
      expect(body).not.toContain('rel="canonical"');
    });
  }

  it("links home in the page language from a /ru 404", async () => {
    const { body } = await html("/ru/no-such-thing");
    const page = section(body, '<section class="error-page"', "</section>");
    expect(tags(page, "a").map((a) => a.href)).toEqual(["/ru", "/ru/store"]);
    expect(page).toContain(ruCommon.errors.home);
  });
});

describe("the request's language, resolved once by its door", () => {
  it("a page's ?lang= names no language: the URL's prefix does (one URL per language for crawlers)", async () => {
    const { res, body } = await html("/cart?lang=ru");
    expect(res.status).toBe(200);
    expect(body).toMatch(/^<!DOCTYPE html><html lang="uz-Latn">/);
  });

  it("a JSON call answers in its ?lang=, an unknown one in the default language", async () => {
    const ru = (await (await get("/api/orders?lang=ru", { headers: { Accept: "application/json" } })).json()) as { message: string };
    const xx = (await (await get("/api/orders?lang=xx", { headers: { Accept: "application/json" } })).json()) as { message: string };
    expect(ru.message).not.toBe(xx.message);
    expect(ru.message).toMatch(/[а-я]/);
    expect(xx.message).not.toMatch(/[а-я]/);
  });

  it("a JSON post to a page without a prefix answers in its ?lang=", async () => {
    const res = await post("/subscribe?lang=uk", { email: "not-an-address" }, { headers: { Accept: "application/json" } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string };
    expect(body.message).toMatch(/[а-яіїє]/i);
  });

  it("a default language's own prefix and an unknown one are 404 on every page, child routes included", async () => {
    for (const path of [`/xx/product/${fx.productOneSlug}/review`, "/xx/cart", "/de/account/orders", "/xx/subscribe"]) {
      const res = await get(path);
      await res.body?.cancel();
      expect(res.status, path).toBe(404);
    }
  });
});
