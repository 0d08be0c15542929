import { describe, expect, it } from "vitest";
import { buyable, Shopper } from "./fixtures";
import { get } from "./helpers";

/**
 * D1 round trips before the first byte (the `d1` entry of Server-Timing): what a page costs in
 * production, where each is a network hop (docs/performance.md, "At a distance"). Counts, not
 * times: the reads a page asks for side by side must stay one round trip
 * (docs/decisions/105-reads-in-one-round-trip.md).
 */
const PHONE = "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

async function roundTrips(res: Response): Promise<number> {
  await res.arrayBuffer();
  expect(res.status, res.url).toBeLessThan(400);
  return Number(/d1;desc="(\d+) calls/.exec(res.headers.get("Server-Timing") ?? "")?.[1]);
}

const page = (path: string, cookie?: string) => get(path, { headers: { "User-Agent": PHONE, ...(cookie ? { Cookie: cookie } : {}) } });

describe("D1 round trips before the first byte", () => {
  it("an anonymous page: one (the layout's reads and the page's together)", async () => {
    const { p } = buyable(0);
    // The isolate's copy of the category tree is made by the first request.
    await page("/").then((r) => r.arrayBuffer());
    // A word the catalogue has (found as typed: a word found nothing would try other spellings).
    const word = p.slug.split("-")[0]!;
    for (const path of ["/", "/ru/store/women", `/product/${p.slug}`, `/search?q=${word}`]) {
      expect(await roundTrips(await page(path)), path).toBe(1);
    }
  });

  it("a shopper's page: two (the session, then what depends on who the shopper is)", async () => {
    const { p, sku } = buyable(1);
    const s = new Shopper();
    await s.add(sku.id);
    // The add's popup is a flash the next page takes (a write of the session): after it, pages only read.
    await page("/cart", s.cookie).then((r) => r.arrayBuffer());
    for (const path of ["/", `/product/${p.slug}`]) {
      expect(await roundTrips(await page(path, s.cookie)), path).toBe(2);
    }
  });

  it("an add to a cart that exists: the session, the product with the cart, the line, the view read back", async () => {
    const { sku } = buyable(2);
    const { sku: second } = buyable(3);
    const s = new Shopper();
    await s.add(sku.id);
    const res = await s.postJson("/api/cart?lang=ru", { purchasableId: second.id, quantity: 1 });
    expect(res.status).toBe(201);
    expect(await roundTrips(res)).toBeLessThanOrEqual(4);
    // Nothing in the session changed: it is not written again, and its cookie is not sent.
    expect(res.headers.get("Set-Cookie") ?? "").not.toContain("__session=");
  });
});
