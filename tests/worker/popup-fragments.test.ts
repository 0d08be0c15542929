import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { get, ORIGIN, productBySlug } from "./helpers";

const XHR = { "X-Requested-With": "XMLHttpRequest" };
const sneakers = productBySlug("chimgan-outdoor-bahor-sneakers-khaki-1");
const cap = productBySlug("kamalak-safar-cap-red-6"); // no chart fits an accessory

async function fetched(path: string, headers: Record<string, string> = {}) {
  const res = await get(path, { headers });
  return { res, body: await res.text() };
}

describe("popup content: a fragment for the popup loader, the page otherwise", () => {
  it("the review rules: the rules alone with X-Requested-With, the whole page without; both vary by the header", async () => {
    const fragment = await fetched(`/ru/product/${sneakers.slug}/review/rules`, XHR);
    expect(fragment.res.status).toBe(200);
    expect(fragment.res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(fragment.res.headers.get("Vary")).toContain("X-Requested-With");
    expect(fragment.body).toMatch(/^<section class="review-rules" data-testid="review-rules"><h3>Правила написания отзывов<\/h3><ul><li>/);
    expect(fragment.body).not.toMatch(/<html|<script|<header/);
    const page = await fetched(`/ru/product/${sneakers.slug}/review/rules`);
    expect(page.res.status).toBe(200);
    expect(page.body).toMatch(/^<!DOCTYPE html>/);
    expect(page.body).toContain("<header");
    expect(page.res.headers.get("Vary")).toContain("X-Requested-With");
    // In the URL's language.
    expect((await fetched(`/product/${sneakers.slug}/review/rules`, XHR)).body).toContain("<h3>Sharh yozish qoidalari</h3>");
  });

  it("the size table: the chart alone, in the URL's language; 404 with nothing in it where no chart fits or no product is", async () => {
    const { res, body } = await fetched(`/uk/product/${sneakers.slug}/size-table`, XHR);
    expect(res.status).toBe(200);
    expect(body).toMatch(/^<section class="size-table" data-testid="size-table"><h2 class="size-table__title">/);
    expect(body).toContain("Довжина стопи");
    expect(body.match(/data-testid="size-row"/g)).toHaveLength(12);
    expect(body).not.toContain("<html");
    for (const path of [`/ru/product/${cap.slug}/size-table`, "/ru/product/no-such-product-1/size-table", "/xx/product/a-1/size-table"]) {
      const missing = await fetched(path, XHR);
      expect(missing.res.status, path).toBe(404);
      expect(missing.body, path).toBe("");
    }
    // The page itself is unchanged.
    const page = await fetched(`/uk/product/${sneakers.slug}/size-table`);
    expect(page.body).toMatch(/^<!DOCTYPE html>/);
    expect(page.body).toContain('data-testid="size-chart"');
  });

  it("delivery info: the enabled delivery types with their notes (not the disabled one), as a fragment and as a page", async () => {
    const { res, body } = await fetched("/ru/info/delivery", XHR);
    expect(res.status).toBe(200);
    expect(body).toMatch(/^<section class="info-popup" data-testid="info-delivery"><h2>Доставка<\/h2>/);
    expect(body.match(/data-testid="delivery-info-type"/g)).toHaveLength(3);
    expect(body).toContain("Курьер позвонит за час до доставки.");
    expect(body).toContain("Самовывоз из магазина");
    expect(body).not.toContain("Экспресс-курьер");
    const page = await fetched("/ru/info/delivery");
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get("Cache-Control")).toMatch(/^public/);
    expect(page.body).toContain("<h1>Доставка</h1>");
    expect(page.body).toContain("Курьер позвонит за час до доставки.");
    expect((await fetched("/info/delivery", XHR)).body).toContain("Kuryer yetkazishdan bir soat oldin qo&#x27;ng&#x27;iroq qiladi.");
  });

  it("the checkout limit: the configured maximum, in three languages; an unknown topic is 404", async () => {
    expect((await fetched("/ru/info/checkout-limit", XHR)).body).toContain("В одном заказе может быть не больше 5 разных товаров.");
    expect((await fetched("/uk/info/checkout-limit", XHR)).body).toContain("не більше 5 різних товарів");
    expect((await fetched("/info/checkout-limit", XHR)).body).toContain("5 tadan ortiq");
    const other = await fetched("/ru/info/returns", XHR);
    expect([other.res.status, other.body]).toEqual([404, ""]);
    expect((await fetched("/ru/info/returns")).res.status).toBe(404);
  });

  it("the edge cache keeps a fragment apart from its page: neither is served for the other", async () => {
    const on = { ...env, EDGE_CACHE: "on", EDGE_CACHE_SECONDS: "60" };
    const via = async (headers: Record<string, string>) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`${ORIGIN}/ru/info/delivery`, { headers }) as Parameters<typeof worker.fetch>[0], on, ctx);
      const body = await res.text();
      await waitOnExecutionContext(ctx);
      return { body, cache: res.headers.get("X-Cache") };
    };
    expect((await via(XHR)).cache).toBe("miss");
    const page = await via({});
    expect(page.cache).toBe("miss");
    expect(page.body).toMatch(/^<!DOCTYPE html>/);
    const again = await via(XHR);
    expect(again.cache).toBe("hit");
    expect(again.body).toMatch(/^<section class="info-popup"/);
    const pageAgain = await via({});
    expect(pageAgain.cache).toBe("hit");
    expect(pageAgain.body).toMatch(/^<!DOCTYPE html>/);
  });
});
