import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addFavourite, GUEST_FAVOURITES_MAX, mergeFavourites } from "~/favourites/index.server";
import { brandOf, catalogue, cookieOf, get, ORIGIN, post, skusOf } from "./helpers";
import { ip, signUp } from "./fixtures";

const products = catalogue.products.filter((p) => p.id > 1);
const sizeOf = (productId: number) => skusOf(catalogue.products.find((p) => p.id === productId)!)[0]!.id;

type Fav = {
  id: number;
  product_id: number;
  sku_id: number | null;
  item: { colors: { sizes: { sizeId: number; available: boolean }[] }[] };
  skus: { salePriceLabel: string }[];
};

/** A client of the favourites API with its own cookie (a guest until it signs up). */
class Client {
  cookie: string | undefined;
  private headers(extra: Record<string, string> = {}) {
    return { Origin: ORIGIN, ...(this.cookie ? { Cookie: this.cookie } : {}), ...ip(), ...extra };
  }
  /** Signs up as this guest (whose favourites join the account). */
  async signUp(email: string) {
    this.cookie = (await signUp({ email, firstName: "Fav", as: this })).cookie;
    return this;
  }
  async add(itemId: number | string, skuId?: number | string) {
    const body = new URLSearchParams({ item_id: String(itemId), ...(skuId === undefined ? {} : { sku_id: String(skuId) }) });
    const res = await get("/api/favorites?lang=ru", { method: "POST", body, headers: this.headers({ "Content-Type": "application/x-www-form-urlencoded" }) });
    this.cookie = cookieOf(res) ?? this.cookie;
    return res;
  }
  remove(id: number | string) {
    return get(`/api/favorites/${id}`, { method: "DELETE", headers: this.headers() });
  }
  /** The spec's removal by GET, as the shop's own pages send it (Sec-Fetch-Site same-origin), or `site` another. */
  removeByGet(id: number | string, site = "same-origin") {
    return get(`/api/favorites/${id}?lang=ru`, { headers: { ...this.headers(), "Sec-Fetch-Site": site } });
  }
  list(query = "") {
    return get(`/api/favorites${query}`, { headers: this.headers() });
  }
  /** The second version: the list with its place in the whole. */
  listV2(query = "") {
    return get(`/api/v2/favorites${query}`, { headers: this.headers() });
  }
  /** A list kept on the device, sent at once (JSON, or form-encoded as JSON text). */
  async sendV2(items: unknown, query = "?lang=ru", form = false) {
    const res = await get(`/api/v2/favorites${query}`, {
      method: "POST",
      body: form ? new URLSearchParams({ items: JSON.stringify(items) }) : JSON.stringify({ items }),
      headers: this.headers({ "Content-Type": form ? "application/x-www-form-urlencoded" : "application/json" }),
    });
    this.cookie = cookieOf(res) ?? this.cookie;
    return res;
  }
  one(productId: number) {
    return get(`/api/favorites/products/${productId}`, { headers: this.headers() });
  }
}

describe("the favourites API", () => {
  it("adds once: 201, then 200; 20 parallel adds of one product leave one row", async () => {
    const a = await new Client().signUp("fav-a@example.uz");
    const p = products[0]!;
    expect((await a.add(p.id)).status).toBe(201);
    expect((await a.add(p.id)).status).toBe(200);
    const q = products[1]!;
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => a.add(q.id, sizeOf(q.id))))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const rows = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM favourites WHERE product_id = ? AND user_id = (SELECT id FROM users WHERE email = 'fav-a@example.uz')",
    )
      .bind(q.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
    const one = (await (await a.one(q.id)).json()) as { favourite: boolean; skuId: number };
    expect(one).toMatchObject({ favourite: true, skuId: sizeOf(q.id) });
  });

  it("lists the spec's item shape, newest first, with X-Pagination-* headers and the filters", async () => {
    const g = new Client();
    for (const p of products.slice(2, 7)) expect((await g.add(p.id)).status).toBe(201);
    const page = await g.list("?per-page=2&page=2&lang=ru");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect([page.headers.get("X-Pagination-Total-Count"), page.headers.get("X-Pagination-Page-Count"), page.headers.get("X-Pagination-Current-Page")]).toEqual([
      "5",
      "3",
      "2",
    ]);
    const items = (await page.json()) as Fav[];
    // Newest first: the 5 added are 6,5,4,3,2 → page 2 holds the 4th and 3rd added.
    expect(items.map((i) => i.product_id)).toEqual([products[4]!.id, products[3]!.id]);
    expect(items[0]).toMatchObject({
      id: products[4]!.id,
      sku_id: null,
      skus: expect.arrayContaining([expect.objectContaining({ salePriceLabel: expect.stringContaining("сум") })]),
    });
    const sale = (await (await g.list("?only-sale=1&per-page=100")).json()) as Fav[];
    const onSale = products
      .slice(2, 7)
      .filter((p) => p.sale_price > 0 && p.sale_price < p.first_price)
      .map((p) => p.id);
    expect(sale.map((i) => i.product_id).sort()).toEqual(onSale.sort());
  });

  it("is owner-only: another account and a guest can neither read nor delete a favourite", async () => {
    const a = await new Client().signUp("fav-owner@example.uz");
    const b = await new Client().signUp("fav-other@example.uz");
    const guest = new Client();
    const p = products[8]!;
    await a.add(p.id);
    for (const other of [b, guest]) {
      // Their DELETE removes only from their own list (nothing there): A's stays.
      expect((await other.remove(p.id)).status).toBe(204);
      expect(((await (await other.one(p.id)).json()) as { favourite: boolean }).favourite).toBe(false);
      expect((await other.list()).headers.get("X-Pagination-Total-Count")).toBe("0");
    }
    expect(((await (await a.one(p.id)).json()) as { favourite: boolean }).favourite).toBe(true);
    expect((await a.remove(p.id)).status).toBe(204);
    expect(((await (await a.one(p.id)).json()) as { favourite: boolean }).favourite).toBe(false);
    expect((await a.remove(999_999)).status).toBe(404);
  });

  it("removes by GET as by DELETE (the spec's URL): owner-only, idempotent; from another site refused (403), HEAD changes nothing", async () => {
    const a = await new Client().signUp("fav-get@example.uz");
    const b = await new Client().signUp("fav-get-other@example.uz");
    const p = products[9]!;
    await a.add(p.id);
    const isFavourite = async (c: Client) => ((await (await c.one(p.id)).json()) as { favourite: boolean }).favourite;
    // A link or an image on another site: refused, in the request's language, and nothing removed.
    const cross = await a.removeByGet(p.id, "cross-site");
    expect(cross.status).toBe(403);
    expect(await cross.json()).toMatchObject({ success: false, message: "Это действие выполняется только со страниц магазина." });
    expect(await isFavourite(a)).toBe(true);
    expect((await get(`/api/favorites/${p.id}`, { method: "HEAD", headers: { Cookie: a.cookie!, ...ip() } })).status).toBe(204);
    expect(await isFavourite(a)).toBe(true);
    // Another shopper's GET removes only from their own list.
    expect((await b.removeByGet(p.id)).status).toBe(204);
    expect(await isFavourite(a)).toBe(true);
    expect((await a.removeByGet(p.id)).status).toBe(204);
    expect(await isFavourite(a)).toBe(false);
    expect((await a.removeByGet(p.id)).status).toBe(204);
    expect((await a.removeByGet(999_999)).status).toBe(404);
    expect((await a.removeByGet("abc")).status).toBe(404);
  });

  it("refuses bad input with 4xx in the request's language: unknown product 404, bad ids 400/422, a size of another product 400, wrong methods 405", async () => {
    const g = new Client();
    const unknown = await g.add(999_999);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe("Такой товар не найден.");
    expect((await g.add("abc")).status).toBe(422);
    expect((await g.add(products[9]!.id, sizeOf(products[10]!.id))).status).toBe(400);
    expect((await g.remove("abc")).status).toBe(404); // not an operation of the API
    expect((await get("/api/favorites/products/12", { method: "POST", headers: { Origin: ORIGIN } })).status).toBe(405);
    expect((await get("/api/favorites", { method: "DELETE", headers: { Origin: ORIGIN } })).status).toBe(405);
  });

  it(`keeps a guest's list to its cap (${GUEST_FAVOURITES_MAX}: the oldest go, sizes with them); at sign-up it joins the account`, async () => {
    // The catalogue here has 40 products: the cap's rule is checked with a cap of 5.
    const owner = { guestKey: "cap-test" };
    const ids = products.slice(0, 8).map((p) => p.id);
    for (const [i, id] of ids.entries()) await addFavourite(env.DB, owner, id, i === 0 ? sizeOf(id) : null, { nowMs: 1000 + i, cap: 5 });
    const kept = await env.DB.prepare("SELECT product_id AS id, sku_id AS sku FROM guest_favourites WHERE guest_key = ? ORDER BY added_ms")
      .bind(owner.guestKey)
      .all<{ id: number; sku: number | null }>();
    expect(kept.results.map((r) => r.id)).toEqual(ids.slice(3));

    const g = new Client();
    const size = sizeOf(products[11]!.id);
    // The newer has the lower id: the order cannot come from the ids.
    await g.add(products[12]!.id);
    await g.add(products[11]!.id, size);
    const list = (await (await g.list()).json()) as Fav[];
    expect(list.map((i) => i.product_id)).toEqual([products[11]!.id, products[12]!.id]);
    await g.signUp("fav-joined@example.uz");
    // Joined in the guest's order, with the size the guest chose.
    const joined = (await (await g.list()).json()) as Fav[];
    expect(joined.map((i) => [i.product_id, i.sku_id])).toEqual([
      [products[11]!.id, size],
      [products[12]!.id, null],
    ]);
  });
});

type V2 = { total_count: number; items: Fav[]; totalPages: number; currentPage: number };

describe("the favourites API, second version", () => {
  it("takes a guest's stored list at once (oldest first): unknown products skipped, a repeat once, sizes kept; answers the list with its place", async () => {
    const g = new Client();
    const [p1, p2, p3] = [products[20]!.id, products[21]!.id, products[22]!.id];
    const size = sizeOf(p2);
    // Already a favourite with its size: the stored list (without a size) changes nothing of it.
    await g.add(p3, sizeOf(p3));
    const sent = await g.sendV2([p1, { product_id: p2, sku_id: size }, 999_999, { item_id: String(p3) }, p1]);
    expect(sent.status).toBe(200);
    expect(sent.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await sent.json()) as V2;
    expect(body).toMatchObject({ total_count: 3, totalPages: 1, currentPage: 1 });
    // The list's newest (its last) first; the favourite that was there keeps its size and its place.
    expect(body.items.map((i) => [i.product_id, i.sku_id])).toEqual([
      [p2, size],
      [p1, null],
      [p3, sizeOf(p3)],
    ]);
    expect(body.items[0]!.skus[0]!.salePriceLabel).toMatch(/сум$/);
    // GET: the same shape, with the first version's query and headers.
    const page = await g.listV2("?lang=ru&per-page=1&page=2");
    expect([page.headers.get("X-Pagination-Total-Count"), page.headers.get("X-Pagination-Page-Count"), page.headers.get("has-next-page")]).toEqual([
      "3",
      "3",
      "true",
    ]);
    expect(await page.json()).toMatchObject({ total_count: 3, totalPages: 3, currentPage: 2, items: [{ product_id: p1 }] });
    // Form-encoded, the list as JSON text; the list's query beside it.
    const form = await g.sendV2([products[23]!.id], "?lang=ru&per-page=2", true);
    expect(await form.json()).toMatchObject({ total_count: 4, totalPages: 2, items: [{ product_id: products[23]!.id }, { product_id: p2 }] });
  });

  it("joins a signed-in shopper's list; parallel sends of overlapping lists leave each product once", async () => {
    const a = await new Client().signUp("fav-v2@example.uz");
    // In the list's order, the newest first, after the account's own; a stale size is dropped, not refused.
    const [own, x, y] = [products[31]!.id, products[32]!.id, products[33]!.id];
    expect((await a.add(own)).status).toBe(201);
    const joined = (await (await a.sendV2([{ product_id: x, sku_id: 0 }, y, x])).json()) as V2;
    expect(joined.items.map((i) => [i.product_id, i.sku_id])).toEqual([
      [y, null],
      [x, null],
      [own, null],
    ]);
    for (const id of [own, x, y]) await a.remove(id);
    const ids = products.slice(24, 30).map((p) => p.id);
    const answers = await Promise.all([a.sendV2(ids.slice(0, 4)), a.sendV2(ids.slice(2)), a.sendV2(ids)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await env.DB.prepare(
      "SELECT product_id AS id, COUNT(*) AS n FROM favourites WHERE user_id = (SELECT id FROM users WHERE email = 'fav-v2@example.uz') GROUP BY product_id",
    ).all<{ id: number; n: number }>();
    expect(rows.results.map((r) => r.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(rows.results.every((r) => r.n === 1)).toBe(true);
    expect(((await (await a.listV2("?per-page=2000")).json()) as V2).total_count).toBe(6);
  });

  it(`keeps a guest's list to its cap (the list's oldest go first)`, async () => {
    const owner = { guestKey: "v2-cap-test" };
    const ids = products.slice(0, 8).map((p) => p.id);
    await addFavourite(env.DB, owner, ids[7]!, null, { nowMs: 500 });
    expect(
      await mergeFavourites(
        env.DB,
        owner,
        ids.slice(0, 7).map((productId) => ({ productId, skuId: null })),
        { nowMs: 1000, cap: 5 },
      ),
    ).toBe(7);
    const kept = await env.DB.prepare("SELECT product_id AS id FROM guest_favourites WHERE guest_key = ? ORDER BY added_ms")
      .bind(owner.guestKey)
      .all<{ id: number }>();
    expect(kept.results.map((r) => r.id)).toEqual(ids.slice(2, 7));
  });

  it("refuses a malformed list with 422 in the request's language, and a wrong method with 405", async () => {
    const g = new Client();
    const notAList = await g.sendV2("abc");
    expect(notAList.status).toBe(422);
    expect(await notAList.json()).toMatchObject({ success: false, message: "Список избранного должен быть списком товаров." });
    expect((await g.sendV2([{ product_id: "x" }], "?lang=uz")).status).toBe(422);
    expect(((await (await g.sendV2([{ product_id: "x" }])).json()) as { message: string }).message).toBe("Такой товар не найден.");
    const long = await g.sendV2(Array.from({ length: 2001 }, (_, i) => i + 1));
    expect(long.status).toBe(422);
    expect(((await long.json()) as { message: string }).message).toBe("Список слишком длинный: не больше 2000 товаров.");
    const bad = await get("/api/v2/favorites?lang=ru", { method: "POST", body: "{", headers: { Origin: ORIGIN, "Content-Type": "application/json" } });
    expect(bad.status).toBe(400);
    const wrong = await get("/api/v2/favorites", { method: "DELETE", headers: { Origin: ORIGIN } });
    expect([wrong.status, wrong.headers.get("Allow")]).toEqual([405, "GET, HEAD, POST"]);
  });
});

describe("the favourites page", () => {
  const form = (fields: Record<string, string>, cookie?: string) => post("/ru/favorite", fields, { cookie, headers: ip() });

  it("without JavaScript: add, list, another size, remove, each a 303 back with a notice; private and noindex", async () => {
    const p = products[13]!;
    const added = await form({ intent: "add", productId: String(p.id), redirectTo: `/ru/product/${p.slug}` });
    expect(added.status).toBe(303);
    // Back where the heart was; only the favourites page itself gets a notice (the heart shows the rest).
    expect(added.headers.get("Location")).toBe(`/ru/product/${p.slug}`);
    const cookie = cookieOf(added)!;
    const page = await get("/ru/favorite", { headers: { Cookie: cookie } });
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await page.text();
    expect(body).toContain('<meta name="robots" content="noindex');
    expect(body.match(/data-testid="fav-item"/g)).toHaveLength(1);
    const size = skusOf(p).at(-1)!.id;
    const sized = await form({ intent: "size", productId: String(p.id), skuId: String(size), redirectTo: `/ru/favorite#fav-${p.id}` }, cookie);
    expect(sized.headers.get("Location")).toBe(`/ru/favorite?notice=size#fav-${p.id}`);
    expect(await (await get("/ru/favorite", { headers: { Cookie: cookie } })).text()).toMatch(new RegExp(`<option value="${size}" selected=""`));
    // Open redirects are not followed.
    const removed = await form({ intent: "remove", productId: String(p.id), redirectTo: "https://evil.example/" }, cookie);
    expect(removed.headers.get("Location")).toBe("/ru");
    expect(await (await get("/ru/favorite", { headers: { Cookie: cookie } })).text()).toContain('data-testid="fav-empty"');
  });

  it("refuses an unknown product (404) and a size of another product (400); a page past the end is 404", async () => {
    expect((await form({ intent: "add", productId: "999999" })).status).toBe(404);
    expect((await form({ intent: "size", productId: String(products[14]!.id), skuId: String(skusOf(products[15]!)[0]!.id) })).status).toBe(400);
    expect((await form({ intent: "toggle", productId: "1" })).status).toBe(400);
    expect((await get("/favorite?page=3")).status).toBe(404);
  });
});

describe("hearts on product cards", () => {
  const hearts = (html: string) =>
    Object.fromEntries([...html.matchAll(/data-product="(\d+)".*?aria-pressed="(true|false)"/g)].map((m) => [Number(m[1]), m[2] === "true"]));
  const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");

  it("leave the anonymous listing the same for every visitor (hearts off); a shopper's own are on, in a private answer", async () => {
    const url = "/ru/store?sort=price_asc";
    const [a, b] = await Promise.all([get(url, { headers: ip() }), get(url, { headers: { ...ip(), "User-Agent": "another phone" } })]);
    const [htmlA, htmlB] = [await a.text(), await b.text()];
    expect(withoutNonces(htmlA)).toBe(withoutNonces(htmlB));
    expect(a.headers.get("Cache-Control") ?? "").not.toContain("private");
    const anonymous = hearts(htmlA);
    expect(Object.keys(anonymous).length).toBeGreaterThan(10);
    expect(Object.values(anonymous).every((on) => !on)).toBe(true);

    const ids = Object.keys(anonymous).map(Number);
    for (const shopper of [new Client(), await new Client().signUp("fav-cards@example.uz")]) {
      for (const id of [ids[1]!, ids[4]!]) expect((await shopper.add(id)).status).toBe(201);
      const mine = await get(url, { headers: { Cookie: shopper.cookie!, ...ip() } });
      expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
      const state = hearts(await mine.text());
      expect(
        Object.entries(state)
          .filter(([, on]) => on)
          .map(([id]) => Number(id)),
      ).toEqual([ids[1], ids[4]]);
      // The home page's and search's grids say the same.
      const home = hearts(await (await get("/ru", { headers: { Cookie: shopper.cookie!, ...ip() } })).text());
      for (const [id, on] of Object.entries(home)) expect(on, `home card ${id}`).toBe(Number(id) === ids[1] || Number(id) === ids[4]);
    }
  });

  it("post back to the listing at the card without JavaScript, and say so in the counter", async () => {
    const p = products[20]!;
    const back = `/ru/store?sort=price_asc&page=2#p${p.id}`;
    const res = await post("/ru/favorite", { intent: "add", productId: String(p.id), redirectTo: back }, { headers: ip() });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(back);
    const page = await (await get("/ru/store?sort=price_asc&page=2", { headers: { Cookie: cookieOf(res)!, ...ip() } })).text();
    expect(page).toMatch(/data-testid="fav-counter" aria-label="[^"]*: 1"/);
  });
});

describe("brand favourites", () => {
  const brand = brandOf(products[0]!);
  const other = catalogue.brands.find((b) => b.id !== brand.id)!;
  const page = (url: string, cookie?: string) => get(url, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...ip() } });
  const follow = (intent: string, brandId: number | string, redirectTo: string, cookie?: string) =>
    post("/ru/favorite", { intent, brandId: String(brandId), redirectTo }, { cookie, headers: ip() });
  const brandHeart = (html: string) => /<button[^>]*aria-pressed="(true|false)"[^>]*data-testid="brand-heart"/.exec(html)?.[1];

  it("a guest follows a brand from its catalogue page (303 back), sees it in the brands tab, and it joins the account at sign-up", async () => {
    const url = `/ru/store?brand=${brand.slug}`;
    expect(brandHeart(await (await page(url)).text())).toBe("false");
    // Two brands chosen is not a brand's page: no heart.
    expect(brandHeart(await (await page(`/ru/store?brand=${brand.slug}&brand=${other.slug}`)).text())).toBeUndefined();
    const res = await follow("follow-brand", brand.id, url);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(url);
    const cookie = cookieOf(res)!;
    expect(brandHeart(await (await page(url, cookie)).text())).toBe("true");
    const tab = await page("/ru/favorite?tab=brands", cookie);
    expect(tab.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await tab.text();
    expect(html.match(/data-testid="fav-brand"/g)).toHaveLength(1);
    expect(html).toContain(`href="/ru/store?brand=${brand.slug}"`);

    const client = new Client();
    client.cookie = cookie;
    await client.signUp("fav-brands@example.uz");
    const rows = await env.DB.prepare(
      "SELECT brand_id AS id FROM favourite_brands WHERE user_id = (SELECT id FROM users WHERE email = 'fav-brands@example.uz')",
    ).all<{ id: number }>();
    expect(rows.results.map((r) => r.id)).toEqual([brand.id]);

    // Signed in: parallel follows leave one row; unfollow from the tab comes back with a notice.
    const again = await Promise.all(Array.from({ length: 10 }, () => follow("follow-brand", other.id, "/ru/favorite?tab=brands", client.cookie)));
    expect(again.every((r) => r.status === 303)).toBe(true);
    const both = await (await page("/ru/favorite?tab=brands", client.cookie)).text();
    expect(both.match(/data-testid="fav-brand"/g)).toHaveLength(2);
    const off = await follow("unfollow-brand", brand.id, "/ru/favorite?tab=brands", client.cookie);
    expect(off.headers.get("Location")).toBe("/ru/favorite?tab=brands&notice=unfollowed");
    expect((await (await page("/ru/favorite?tab=brands", client.cookie)).text()).match(/data-testid="fav-brand"/g)).toHaveLength(1);
  });

  it("refuses an unknown brand (404) and a bad id (400) with a message in the page's language", async () => {
    const unknown = await follow("follow-brand", 999999, "/ru/store");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Такой бренд не найден.");
    expect((await follow("follow-brand", "x", "/ru/store")).status).toBe(400);
    expect((await follow("like-brand", brand.id, "/ru/store")).status).toBe(400);
  });
});

describe("the retargeting API", () => {
  const read = (list: string, id: number | string, cookie?: string) =>
    get(`/api/retargeting/${list}/${id}?lang=ru`, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...ip() } });

  it("answers the asking shopper's own list only: ids, prices, quantities, the total, and whether the product is in it", async () => {
    const owner = new Client();
    const [p, q] = [products[30]!, products[31]!];
    await owner.add(p.id);
    await owner.add(q.id);
    const mine = await read("wishlist", p.id, owner.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await mine.json()) as { inList: boolean; currency: string; value: number; items: { id: number; price: number; quantity: number }[] };
    expect(body.inList).toBe(true);
    expect(body.currency).toBe("UZS");
    expect(body.items.map((i) => i.id)).toEqual([q.id, p.id]);
    expect(body.value).toBe(p.sale_price + q.sale_price);

    // Another shopper asking for the same product gets their own (empty) list, never the owner's.
    const stranger = await new Client().signUp("retarget-stranger@example.uz");
    const theirs = (await (await read("wishlist", p.id, stranger.cookie)).json()) as { inList: boolean; items: unknown[] };
    expect(theirs).toMatchObject({ inList: false, items: [] });
    expect(((await (await read("cart", p.id)).json()) as { items: unknown[] }).items).toEqual([]);

    // The cart's list: the line's product with its quantity.
    const sku = skusOf(p).find((k) => k.stock > 1)!;
    const body2 = new URLSearchParams({ primaryId: String(p.id), purchasableId: String(sku.id), quantity: "2" });
    const added = await get("/api/cart", {
      method: "POST",
      body: body2,
      headers: { Origin: ORIGIN, Cookie: owner.cookie!, ...ip(), "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(added.status).toBeLessThan(300);
    const cart = (await (await read("cart", p.id, owner.cookie)).json()) as { inList: boolean; value: number; items: unknown[] };
    expect(cart).toMatchObject({ inList: true, value: p.sale_price * 2, items: [{ id: p.id, price: p.sale_price, quantity: 2 }] });

    // Loaded as a script (the page inserts it): the same, pushed to the tag manager's data layer.
    for (const asked of [{ "Sec-Fetch-Dest": "script" }, {}] as Record<string, string>[]) {
      const script = await get(`/api/retargeting/wishlist/${q.id}?lang=ru${"Sec-Fetch-Dest" in asked ? "" : "&format=script"}`, {
        headers: { Cookie: owner.cookie!, ...ip(), ...asked },
      });
      expect(script.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
      expect(script.headers.get("Cache-Control")).toBe("private, no-store");
      const source = await script.text();
      const pushed: unknown[] = [];
      new Function("window", source)({ dataLayer: pushed });
      expect(pushed).toEqual([
        { event: "retargeting_wishlist", retargeting: { list: "wishlist", id: q.id, inList: true, currency: "UZS", value: body.value, items: body.items } },
      ]);
    }

    // Another site's page including the script: refused, whoever's cookie comes with it.
    const included = await get(`/api/retargeting/wishlist/${q.id}?lang=ru`, {
      headers: { Cookie: owner.cookie!, ...ip(), "Sec-Fetch-Dest": "script", "Sec-Fetch-Site": "cross-site" },
    });
    expect([included.status, ((await included.json()) as { message: string }).message]).toEqual([403, "Это действие выполняется только со страниц магазина."]);

    // Not an id, not a list: unknown paths of the API.
    expect((await read("wishlist", "abc")).status).toBe(404);
    expect((await read("orders", 1)).status).toBe(404);
    expect((await get(`/api/retargeting/wishlist/${p.id}`, { method: "POST", headers: { Origin: ORIGIN } })).status).toBe(405);
  });
});
