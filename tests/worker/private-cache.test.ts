import { describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "../shared/route-table";
import { cookieOf, get, inStock, products, skusOf } from "./helpers";
import { ip, signUp } from "./fixtures";

const urlOf = (url: string) => url.replace("PRODUCT", products[0]!.slug);
const headers = (cookie?: string): Record<string, string> => ({ ...ip(), ...(cookie ? { Cookie: cookie } : {}) });

describe("shared caches never keep a shopper's data", () => {
  it("every route answers a signed-in shopper with private, no-store (shared resources excepted)", async () => {
    const { cookie } = await signUp();
    for (const row of ROUTE_TABLE) {
      const res = await get(urlOf(row.url), { headers: headers(cookie) });
      await res.body?.cancel();
      const cache = res.headers.get("Cache-Control") ?? "";
      // The same for everyone (and saying so): images, sitemaps, robots.txt.
      if (/\bpublic\b/.test(cache)) expect(row.personal, row.url).toBe(false);
      else expect(cache, `${row.url} → ${res.status}`).toBe("private, no-store");
    }
  });

  it("a personal route is private for guests too, in every method; a public page stays cacheable", async () => {
    for (const row of ROUTE_TABLE) {
      for (const method of ["GET", "POST"]) {
        const res = await get(urlOf(row.url), { method, headers: { ...headers(), Origin: "http://shop.test" } });
        await res.body?.cancel();
        const cache = res.headers.get("Cache-Control") ?? "";
        if (row.personal) expect(cache, `${method} ${row.url} → ${res.status}`).toBe("private, no-store");
        else if (method === "GET") expect(cache, row.url).not.toContain("private");
      }
    }
  });

  it("a guest with a cart gets public pages privately too (the header shows their cart)", async () => {
    const sku = skusOf(products.find((p) => p.sale_price > 0 && inStock(p))!).find((k) => k.stock > 0)!;
    const add = await get("/api/cart", {
      method: "POST",
      headers: { ...headers(), Origin: "http://shop.test", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ purchasableId: String(sku.id), quantity: "1" }),
    });
    await add.body?.cancel();
    expect(add.status).toBe(201);
    expect(add.headers.get("Cache-Control")).toBe("private, no-store");
    const cookie = cookieOf(add)!;
    for (const url of ["/", "/ru/store/women", urlOf("/product/PRODUCT"), "/_root.data"]) {
      const res = await get(url, { headers: headers(cookie) });
      await res.body?.cancel();
      expect(res.headers.get("Cache-Control"), url).toBe("private, no-store");
    }
  });
});
