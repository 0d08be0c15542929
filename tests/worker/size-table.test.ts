import { describe, expect, it } from "vitest";
import { get, headOf, html, productBySlug, skusOf, testText } from "./helpers";
import { signUp } from "./fixtures";

// The seed's products of each scale (workers/seed/catalogue.ts, the 40 of the tests).
const sneakers = productBySlug("chimgan-outdoor-bahor-sneakers-khaki-1"); // footwear, 37 38 (39 sold out) 40 41
const sneakersRed = productBySlug("chimgan-outdoor-bahor-sneakers-red-2"); // footwear, 35 (36 sold out) 37 38 39
const khiva = productBySlug("khiva-leather-nur-shoes-burgundy-4"); // footwear of the brand whose shoes run small
const skirt = productBySlug("samarqand-style-kumush-skirt-blue-7"); // women's clothing
const jacket = productBySlug("bukhara-denim-flow-jacket-brown-11"); // men's clothing
const kidsBoots = productBySlug("mitti-flow-boots-grey-27"); // kids' footwear
const cap = productBySlug("kamalak-safar-cap-red-6"); // an accessory: one size, no chart

type Table = {
  product_id: number;
  size_kind: string;
  measures: { key: string; name: string }[];
  rows: { size: string; eu: string; ru: string; uz: string; measurements: Record<string, string> }[];
};

async function table(productId: number | string, lang = "ru") {
  const res = await get(`/api/size-table?product_id=${productId}&lang=${lang}`);
  return { res, body: (await res.json()) as Table & { message?: string; errors?: { field: string; message: string }[] } };
}

describe("GET /api/size-table", () => {
  it("answers the product's chart: its sizes with EU, RU and UZ, the measurements in its language; public and cacheable", async () => {
    const { res, body } = await table(sneakers.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/^public/);
    expect(res.headers.get("Content-Language")).toBe("ru");
    expect(body.product_id).toBe(sneakers.id);
    expect(body.size_kind).toBe("footwear");
    expect(body.measures).toEqual([{ key: "foot", name: "Длина стопы" }]);
    expect(body.rows.map((r) => r.size)).toEqual(["35", "36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46"]);
    expect(body.rows.find((r) => r.size === "38")).toEqual({ size: "38", eu: "38", ru: "37", uz: "37", measurements: { foot: "23.8" } });
    expect((await table(sneakers.id, "uz")).body.measures).toEqual([{ key: "foot", name: "Oyoq uzunligi" }]);
    expect((await table(sneakers.id, "uk")).body.measures).toEqual([{ key: "foot", name: "Довжина стопи" }]);
  });

  it("takes the most specific chart: a brand's own, then the category's (women's and men's clothes differ), then the scale's", async () => {
    const foot = async (id: number) => (await table(id)).body.rows.find((r) => r.size === "38")!.measurements.foot;
    expect(await foot(khiva.id)).toBe("23.3");
    expect(await foot(sneakers.id)).toBe("23.8");
    const women = (await table(skirt.id)).body;
    const men = (await table(jacket.id)).body;
    expect(women.measures.map((m) => m.key)).toEqual(["chest", "waist", "hips"]);
    expect(women.rows.find((r) => r.size === "M")).toMatchObject({ eu: "36", ru: "44", uz: "44", measurements: { chest: "88–92" } });
    expect(men.rows.find((r) => r.size === "M")).toMatchObject({ eu: "46", ru: "48", uz: "48" });
    const kids = (await table(kidsBoots.id)).body;
    expect(kids.size_kind).toBe("kids-footwear");
    expect(kids.rows[0]).toMatchObject({ size: "24", ru: "23" });
  });

  it("refuses what is not an id with a localized 400 naming the field, and answers 404 where no chart fits or no product is", async () => {
    for (const [lang, message] of [
      ["uz", "Mahsulot raqamini to'g'ri kiriting (product_id)."],
      ["ru", "Укажите номер товара (product_id)."],
      ["uk", "Вкажіть номер товару (product_id)."],
    ]) {
      for (const bad of ["abc", "", "0", "-3", "1.5", "99999999999"]) {
        const { res, body } = await table(bad, lang);
        expect(res.status, `${bad} ${lang}`).toBe(400);
        expect(body).toMatchObject({ message, errors: [{ field: "product_id", message }] });
      }
    }
    const missing = await get("/api/size-table");
    expect(missing.status).toBe(400);
    for (const id of [cap.id, 999_999]) {
      const { res, body } = await table(id, "uk");
      expect(res.status).toBe(404);
      expect(body.message).toBe("Для цього товару немає таблиці розмірів.");
      expect(res.headers.get("Cache-Control")).not.toMatch(/public/);
    }
    const post = await get(`/api/size-table?product_id=${sneakers.id}`, { method: "POST", headers: { Origin: "http://shop.test" } });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
  });
});

describe("the size table page and the product's size picker", () => {
  it("is linked from the product page when a chart fits, and is a page of its own under the language's prefix", async () => {
    const { body } = await html(`/ru/product/${sneakers.slug}`);
    expect(body).toContain(`href="/ru/product/${sneakers.slug}/size-table#size-table" data-testid="size-table-link"`);
    expect(testText(body, "size-table-link")).toBe("Таблица размеров");
    expect((await html(`/product/${cap.slug}`)).body).not.toContain("size-table-link");
    const page = await html(`/uk/product/${skirt.slug}/size-table`);
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get("Cache-Control")).toMatch(/^public/);
    expect(headOf(page.body)).toContain('content="noindex');
    expect(page.body).toContain('data-testid="size-table"');
    expect(page.body).toContain("Обхват стегон");
    expect(page.body.match(/data-testid="size-row"/g)).toHaveLength(7);
    // The product's page is under it, with its size picker.
    expect(page.body).toContain('data-testid="add-to-cart"');
    expect((await get(`/product/${cap.slug}/size-table`)).status).toBe(404);
    expect((await get("/product/no-such-product-9/size-table")).status).toBe(404);
  });

  it("marks a signed-in shopper's saved sizes and checks the first of them in stock; the anonymous copies stay untouched", async () => {
    const member = await signUp({ firstName: "Sizes", quick: true });
    const saved = await member.postJson("/api/profile", { details: { firstName: "Sizes", shoeSizes: ["36", "38"], clotheSizes: ["M"] } });
    expect(saved.status).toBe(200);
    const checked = (body: string) =>
      [...body.matchAll(/<input[^>]*name="purchasableId"[^>]*>/g)].filter((m) => /\schecked=""/.test(m[0])).map((m) => /value="(\d+)"/.exec(m[0])![1]);
    const skuOf = (p: typeof sneakers, size: string) => String(skusOf(p).find((s) => s.size === size)!.id);
    // An anonymous copy first (the edge cache may keep it), then the member's pages.
    const anonymousBefore = (await html(`/product/${sneakersRed.slug}`)).body;
    expect(checked(anonymousBefore)).toEqual([]);
    const { res, body } = await member.get(`/product/${sneakersRed.slug}`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    // 36 is sold out there: 38 is chosen.
    expect(checked(body)).toEqual([skuOf(sneakersRed, "38")]);
    expect(checked((await member.get(`/product/${sneakers.slug}`)).body)).toEqual([skuOf(sneakers, "38")]);
    expect(checked((await member.get(`/product/${skirt.slug}`)).body)).toEqual([skuOf(skirt, "M")]);
    // The kids' boots are not the shopper's size scale.
    expect(checked((await member.get(`/product/${kidsBoots.slug}`)).body)).toEqual([]);
    const chart = await member.get(`/ru/product/${sneakers.slug}/size-table`);
    expect(chart.res.headers.get("Cache-Control")).toBe("private, no-store");
    const marked = [...chart.body.matchAll(/<tr[^>]*data-saved="true"[^>]*><th[^>]*>(\d+)/g)].map((m) => m[1]);
    expect(marked).toEqual(["36", "38"]);
    expect(chart.body).toContain("ваш размер");
    // After the member's visits, a guest still gets the shared page: nothing chosen, nothing marked.
    expect(checked((await html(`/product/${sneakersRed.slug}`)).body)).toEqual([]);
    expect((await html(`/ru/product/${sneakers.slug}/size-table`)).body).not.toContain('data-saved="true"');
    expect((await get(`/api/size-table?product_id=${sneakers.id}`, { headers: { Cookie: member.cookie! } })).headers.get("Cache-Control")).toBe(
      "private, no-store",
    );
  });
});
