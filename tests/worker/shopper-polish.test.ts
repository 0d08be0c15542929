import { describe, expect, it } from "vitest";
import { buyable, Shopper, stockOf } from "./fixtures";
import { attrs, get, testText } from "./helpers";
import ru from "../../locales/ru/cart.json";

describe("what new shoppers met", () => {
  it("the favourites' filters are headed Sort in every language", async () => {
    for (const [path, legend] of [
      ["/favorite", "Saralash"],
      ["/ru/favorite", "Сортировка"],
      ["/uk/favorite", "Сортування"],
    ]) {
      const body = await (await get(path)).text();
      expect(/<fieldset><legend>([^<]*)<\/legend>/.exec(body)?.[1], path).toBe(legend);
    }
  });

  it("without JavaScript the favourites' Apply and save-size buttons are there (with it they hide: nothing to add)", async () => {
    const body = await (await get("/ru/favorite")).text();
    const apply = /<button[^>]*data-testid="fav-apply"[^>]*>/.exec(body)?.[0] ?? "";
    expect(apply).not.toBe("");
    expect(apply).not.toContain("hidden");
  });

  it("a cart line at its size's stock says why its + is greyed out; below the limit it says nothing", async () => {
    const { sku } = buyable(3, { stock: 2 });
    const other = buyable(4, { stock: 3 }).sku;
    const stock = await stockOf(sku.id);
    const s = new Shopper();
    await s.add(sku.id, stock);
    await s.add(other.id, 1);
    const { body } = await s.get("/ru/cart");
    const note = ru.stockLimit.replace("{{stock}}", String(stock));
    expect(body.match(/data-testid="cart-line-limit"/g)).toHaveLength(1);
    expect(testText(body, "cart-line-limit")).toBe(note);
    const plus = [...body.matchAll(/<button[^>]*data-testid="cart-line-increment"[^>]*>/g)].map((m) => attrs(m[0]));
    const limited = plus.find((a) => a["aria-describedby"] === `cart-line-limit-${sku.id}`);
    expect(limited).toBeDefined();
    expect(limited).toHaveProperty("disabled");
    expect(limited!.title).toBe(note);
    expect(body).toContain(`id="cart-line-limit-${sku.id}"`);
    expect(plus.filter((a) => a["aria-describedby"] === undefined)).toHaveLength(1);
  });
});
