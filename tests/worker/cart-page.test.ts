import { describe, expect, it } from "vitest";
import { buyable, ip, Shopper } from "./fixtures";
import { catalogue, countTestId, decode, get, html, nameOf, post, products, rowAmount, skusOf, testText } from "./helpers";

// The cart page (lines, quantity, sizes, removal, move to favourites, a double
// click on them, the summary) and the cart's JSON API.

describe("the cart page", () => {
  it("an empty cart shows the empty state with a way to the catalogue", async () => {
    const { res, body } = await html("/ru/cart");
    expect(res.status).toBe(200);
    expect(body).toContain('data-testid="cart-empty"');
    expect(decode(body)).toContain("Ваша корзина пока пуста");
    expect(body).toContain('href="/ru/store"');
    expect(body).toMatch(/<meta name="robots" content="noindex/);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("lines, quantity − / +, size change, remove, move to favourites (guest)", async () => {
    const s = new Shopper();
    const { p, sku } = buyable(4, { sizes: 2 });
    await s.add(sku.id);
    let page = await s.get("/cart");
    expect(countTestId(page.body, "cart-line")).toBe(1);
    expect(decode(page.body)).toContain(nameOf(p, "uz"));

    let res = await s.post("/cart", { intent: "increment", purchasableId: String(sku.id), redirectTo: "/cart" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/cart?notice=updated");
    page = await s.get("/cart?notice=updated");
    expect(testText(page.body, "cart-line-quantity")).toBe("2");
    expect(testText(page.body, "cart-notice")).toBe("Savat yangilandi.");
    expect(testText(page.body, "summary-goods")).toContain("2 ta mahsulot");

    await s.post("/cart", { intent: "decrement", purchasableId: String(sku.id), redirectTo: "/cart" });
    expect((await s.cart()).lines).toEqual([expect.objectContaining({ purchasableId: sku.id, quantity: 1 })]);

    const other = skusOf(p).find((x) => x.id !== sku.id && x.stock > 0)!;
    await s.post("/cart", { intent: "change-size", purchasableId: String(sku.id), newPurchasableId: String(other.id), redirectTo: "/cart" });
    expect((await s.cart()).lines).toEqual([expect.objectContaining({ purchasableId: other.id, quantity: 1 })]);

    // A size of another product is refused.
    const foreign = buyable(5, { sizes: 2 }).sku;
    expect((await s.post("/cart", { intent: "change-size", purchasableId: String(other.id), newPurchasableId: String(foreign.id) })).status).toBe(400);

    res = await s.post("/cart", { intent: "move-to-favourites", purchasableId: String(other.id), redirectTo: "/cart" });
    expect(res.headers.get("Location")).toBe("/cart?notice=movedToFavourites");
    page = await s.get("/cart");
    expect(page.body).toContain('data-testid="cart-empty"');
    expect(page.body).toMatch(/data-testid="fav-counter"[^>]*aria-label="Sevimlilar: 1"/);

    await s.add(sku.id);
    await s.post("/cart", { intent: "delete", purchasableId: String(sku.id), redirectTo: "/cart" });
    expect((await s.cart()).lines).toEqual([]);
  });

  it("a double click on remove, a size change or move to favourites: the copy finds its line gone and says done, with and without JavaScript; the JSON API still hears the line is unknown", async () => {
    const s = new Shopper();
    const { p, sku } = buyable(6, { sizes: 2 });
    const other = skusOf(p).find((x) => x.id !== sku.id && x.stock > 0)!;
    await s.add(sku.id);
    // Without JavaScript a page (303 to the cart with its notice); with it React Router's request for the form (`.data`).
    const page = (fields: Record<string, string>) =>
      post("/cart", { redirectTo: "/cart", ...fields }, { cookie: s.cookie, headers: { ...ip(), "Sec-Fetch-Dest": "document" } });
    const enhanced = (fields: Record<string, string>) => post("/cart.data", fields, { cookie: s.cookie, headers: ip() });
    const change = { intent: "change-size", purchasableId: String(sku.id), newPurchasableId: String(other.id) };
    // Together (the same statements race) and one after the other: one line of the new size.
    const together = await Promise.all([page(change), page(change)]);
    expect(together.map((res) => [res.status, res.headers.get("Location")])).toEqual([
      [303, "/cart?notice=updated"],
      [303, "/cart?notice=updated"],
    ]);
    const after = await page(change);
    expect([after.status, after.headers.get("Location")]).toEqual([303, "/cart?notice=updated"]);
    // React Router's answer to the form's request: the same redirect to the cart and its notice.
    const again = await enhanced(change);
    expect(again.status).toBe(202);
    expect(await again.text()).toContain("/cart?notice=updated");
    expect((await s.cart()).lines).toEqual([expect.objectContaining({ purchasableId: other.id, quantity: 1 })]);

    const move = { intent: "move-to-favourites", purchasableId: String(other.id) };
    for (const res of [await page(move), await page(move)]) expect([res.status, res.headers.get("Location")]).toEqual([303, "/cart?notice=movedToFavourites"]);
    await s.add(other.id);
    const remove = { intent: "delete", purchasableId: String(other.id) };
    for (const res of [await page(remove), await page(remove)]) expect([res.status, res.headers.get("Location")]).toEqual([303, "/cart?notice=removed"]);
    const removedAgain = await enhanced(remove);
    expect(removedAgain.status).toBe(202);
    expect(await removedAgain.text()).toContain("/cart?notice=removed");
    expect((await s.cart()).lines).toEqual([]);
    // The JSON API: a line that is not there is an error.
    expect((await s.post("/api/cart", { purchasableId: String(other.id), quantity: "-1" })).status).toBe(404);
  });

  it("summary: sale discount, several vendors notice, quantity words in ru/uk", async () => {
    const s = new Shopper();
    const a = buyable(0, { vendor: 1 });
    const b = catalogue.products.find((p) => p.vendor_id !== 1 && p.sale_price > 0 && skusOf(p).some((x) => x.stock > 0))!;
    await s.add(a.sku.id);
    await s.add(a.sku.id);
    await s.add(skusOf(b).find((x) => x.stock > 0)!.id);
    const { body } = await s.get("/ru/cart");
    expect(body).toContain('data-testid="vendors-notice"');
    expect(testText(body, "summary-goods")).toContain("3 товара");
    const initial = 2 * a.p.first_price + b.first_price;
    const nominal = 2 * a.p.sale_price + b.sale_price;
    expect(rowAmount(body, "summary-total")).toBe(nominal);
    if (initial > nominal) expect(rowAmount(body, "summary-discount")).toBe(initial - nominal);
    const uk = await s.get("/uk/cart");
    expect(testText(uk.body, "summary-goods")).toContain("3 товари");
  });
});

describe("JSON API", () => {
  it("GET /api/cart: its lines and the summary headers", async () => {
    const s = new Shopper();
    const { p, sku } = buyable(0);
    await s.add(sku.id);
    await s.add(sku.id);
    const res = await get("/api/cart?lang=ru", { headers: { Cookie: s.cookie! } });
    expect(res.status).toBe(200);
    const [line] = (await res.json()) as { position: { product: unknown } }[];
    expect(line).toMatchObject({ id: sku.id, primaryId: p.id, purchasableId: sku.id, quantity: 2, quantity_word: "2 товара" });
    expect(line!.position.product).toMatchObject({ name: nameOf(p, "ru"), salePrice: p.sale_price, firstPrice: p.first_price, orderVendorId: p.vendor_id });
    expect(res.headers.get("X-Cart-Total-Quantity")).toBe("2");
    // One nominal cost, the first prices' sum, here and in the recalculation.
    expect(res.headers.get("X-Cart-Nominal-Cost")).toBe(String(2 * p.first_price));
    expect(res.headers.get("X-Cart-Initial-Nominal-Cost")).toBe(String(2 * p.first_price));
    const recalculated = (await (await s.postJson("/checkout/default/shopping-cart-recalculate", { cityId: 1 })).json()) as {
      order: { orderNominalPrice: number };
    };
    expect(recalculated.order.orderNominalPrice).toBe(2 * p.first_price);
    expect(res.headers.get("X-Cart-Discount-Amount")).toBe(String(2 * (p.first_price - p.sale_price)));
    expect(res.headers.get("X-Cart-Total-Cost")).toBe(String(2 * p.sale_price));
    expect(res.headers.get("X-Cart-Currency")).toBe('"UZS"');
    expect(res.headers.get("X-Pagination-Total-Count")).toBe("1");
  });

  it("POST /api/cart adds (201) and −1 removes one (200) with the cart info", async () => {
    const s = new Shopper();
    const { p, sku } = buyable(1);
    let res = await s.post("/api/cart", { primaryId: String(p.id), purchasableId: String(sku.id), quantity: "2" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: true, quantity: 2, currency: "UZS", total: 2 * p.sale_price });
    res = await s.post("/api/cart", { primaryId: String(p.id), purchasableId: String(sku.id), quantity: "-1" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: true, quantity: 1 });
  });

  it("the popup of a JSON add carries its message as text in the request's language, never a key", async () => {
    const s = new Shopper();
    const { p, sku } = buyable(2);
    const added = (await (await s.post("/api/cart?lang=ru", { primaryId: String(p.id), purchasableId: String(sku.id), quantity: "1" })).json()) as {
      popup: { message: string };
    };
    expect(added.popup.message).toMatch(/[А-Яа-я]/);
    expect(added.popup.message).not.toContain("cartPopup");
    const soldOut = catalogue.skus.find((k) => k.stock === 0 && products.find((x) => x.id === k.product_id)!.sale_price > 0)!;
    const refused = (await (await s.post("/api/cart?lang=ru", { purchasableId: String(soldOut.id), quantity: "1" })).json()) as {
      message: string;
      popup: { message: string };
    };
    expect(refused.popup.message).toBe(refused.message);
    expect(refused.popup.message).not.toContain("cartPopup");
  });
});
